import { createSignal, getOwner, onCleanup } from 'solid-js';
import type { Accessor } from 'solid-js';

/**
 * Wraps an async function to track its calls: `loading()` is true while a call is in flight and
 * `error()` holds the last call's rejection (cleared when a call starts). The wrapped function
 * resolves to the original result, or to `undefined` when it rejected (the error is in `error()`,
 * not thrown into an event handler). Once the owner is disposed, calls still run but no longer
 * write the accessors.
 *
 * @example
 * function SaveButton(props: { id: number }) {
 *   const ctrl = useController();
 *   const [save, saving, error] = useLoading((title: string) =>
 *     ctrl.fetch(ArticleResource.partialUpdate, { id: props.id }, { title }));
 *   return <button disabled={saving()} onClick={() => save('New title')}>
 *     {error() ? 'Retry' : 'Save'}
 *   </button>;
 * }
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): [run: (...args: A) => Promise<R | undefined>, loading: Accessor<boolean>, error: Accessor<Error | undefined>] {
  const [pending, setPending] = createSignal(0);
  const [error, setError] = createSignal<Error | undefined>(undefined);
  let live = true;
  if (getOwner()) onCleanup(() => (live = false));
  const run = async (...args: A): Promise<R | undefined> => {
    if (live) {
      setError(undefined);
      setPending(n => n + 1);
    }
    try {
      return await fn(...args);
    } catch (caught) {
      if (live) setError(() => (caught instanceof Error ? caught : new Error(String(caught))));
      return undefined;
    } finally {
      if (live) setPending(n => n - 1);
    }
  };
  return [run, () => pending() > 0, error];
}
