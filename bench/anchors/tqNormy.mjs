// TanStack Query core with normy: a QueryClient whose cache normy normalizes. Queries never
// expire here (gcTime Infinity: no timers), and observers are notified through a microtask
// scheduler instead of the default setTimeout(0), so "settled" is not a timer's granularity.
import { QueryClient, QueryObserver, notifyManager } from '@tanstack/query-core';
import { createQueryNormalizer } from '@normy/query-core';

notifyManager.setScheduler(cb => queueMicrotask(cb));

/** A fresh client + subscribed normalizer. */
export function tqStore() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, staleTime: Infinity, retry: false } } });
  const normalizer = createQueryNormalizer(queryClient);
  normalizer.subscribe();
  return { queryClient, normalizer };
}

/** An observer of `queryKey` (never fetching) whose listener calls `onChange`. */
export function tqObserve(queryClient, queryKey, onChange, options = {}) {
  const observer = new QueryObserver(queryClient, { queryKey, enabled: false, staleTime: Infinity, notifyOnChangeProps: ['data'], ...options });
  const unsubscribe = observer.subscribe(onChange);
  return { observer, unsubscribe };
}
