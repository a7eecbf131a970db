import { createSignal, getOwner, onCleanup } from 'solid-js';
import type { Accessor } from 'solid-js';
import { isServer } from 'solid-js/web';
import { isRestoring } from '../../core/index.js';
import { useDataClient } from './context.js';

/**
 * Whether the nearest `DataProvider`'s client is still restoring a persisted state (`persist`):
 * true until its `restored` settles. `useSuspense` already waits for the restore instead of
 * fetching; use this to show a splash instead of an empty page meanwhile.
 *
 * @example
 * function Shell(props: { children: JSX.Element }) {
 *   const restoring = useIsRestoring();
 *   return <Show when={!restoring()} fallback={<Splash />}>{props.children}</Show>;
 * }
 */
export function useIsRestoring(): Accessor<boolean> {
  const restoring = isRestoring(useDataClient());
  if (isServer || !getOwner()) return () => restoring.peek();
  const [value, setValue] = createSignal(restoring.peek());
  onCleanup(restoring.subscribe(v => setValue(v)));
  return value;
}
