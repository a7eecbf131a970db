import { createMemo, untrack } from 'solid-js';
import type { Accessor } from 'solid-js';
import { readArgs } from './args.js';
import type { EndpointLike, SolidArgs } from './types.js';

/**
 * An accessor of `endpoint` bound to a fresh `AbortSignal` for each distinct `args` (compared by
 * `endpoint.key(...args)`): when the arguments change, the request started for the previous ones
 * is aborted, so a slow reply for an old search never lands. Pass the accessor to a primitive
 * together with the same arguments. An aborted request rejects with `AbortError` and writes
 * nothing to the store.
 *
 * @example
 * function Search(props: { q: string }) {
 *   const args = () => ({ q: props.q });
 *   const results = useSuspense(useCancelling(searchArticles, args), args);
 *   return <For each={results()}>{a => <li>{a.title}</li>}</For>;
 * }
 */
export function useCancelling<E extends EndpointLike>(endpoint: E, ...args: SolidArgs<Parameters<E>>): Accessor<E> {
  const key = createMemo(() => {
    const resolved = readArgs(args);
    return resolved === null ? null : endpoint.key(...resolved);
  });
  let controller: AbortController | undefined;
  return createMemo(() => {
    void key();
    return untrack(() => {
      controller?.abort();
      controller = new AbortController();
      return endpoint.extend({ signal: controller.signal }) as E;
    });
  });
}
