import { computed, type ReadonlySignal } from '@preact/signals-core';
import { indexedDBStorage, pausedMutations, persist, type DataClient, type Persistence } from '../../src/core/index.js';
import { ProjectResource, TaskResource, UserResource } from './resources.js';
import { tokenStore, type Session } from './tokenStore.js';

const SESSION_KEY = 'rest-signals-playground:session';

/**
 * Makes a page work offline and survive reloads: the store is kept in IndexedDB (paused
 * mutations included, found again by endpoint name among the playground's resources), the
 * login is kept in `sessionStorage` for the tab's lifetime, and a service worker serves the
 * page's own files when the network is gone.
 * @example const client = createDataClient({ managers }); offlinePlayground(client);
 */
export function offlinePlayground(client: DataClient): Persistence | undefined {
  // `?fresh` starts from the network, as a first visit does (to see loading states)
  if (typeof location !== 'undefined' && new URLSearchParams(location.search).has('fresh')) return undefined;
  rememberSession();
  registerShell();
  return persist(client, {
    storage: indexedDBStorage('rest-signals-playground'),
    buster: 'playground-1',
    throttleMs: 250,
    resources: [TaskResource, ProjectResource, UserResource],
  });
}

/** The ids of the tasks a paused mutation will change (or create): the rows that show "pending". */
export function pendingTaskIds(client: DataClient): ReadonlySignal<ReadonlySet<number>> {
  const paused = pausedMutations(client);
  return computed(() => {
    const ids = new Set<number>();
    for (const { endpoint, args } of paused.value) {
      if (!endpoint.startsWith('Task.')) continue;
      for (const a of args) {
        const id = (a as { id?: unknown } | null)?.id;
        if (typeof id === 'number') ids.add(id);
      }
    }
    return ids;
  });
}

function rememberSession(): void {
  if (typeof sessionStorage === 'undefined') return;
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    if (saved && typeof saved.token === 'string' && saved.expiresAt > Date.now() && !tokenStore.token) tokenStore.set(saved);
  } catch {
    sessionStorage.removeItem(SESSION_KEY);
  }
  tokenStore.subscribe(() => {
    const s = tokenStore.session;
    if (s) sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
    else sessionStorage.removeItem(SESSION_KEY);
  });
}

function registerShell(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // sw.js (playground/ui/public) is copied into each page's folder, so its scope is that page
  navigator.serviceWorker.register('sw.js').catch(() => undefined);
}
