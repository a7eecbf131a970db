import { createSignal, getOwner, onCleanup, type Accessor } from 'solid-js';
import { isServer } from '@solidjs/web';
import { isRestoring } from '../../core/index.js';
import { deliver } from './bridge.js';
import { useDataClient } from './context.js';

/**
 * Whether the nearest `DataProvider`'s client is still restoring a persisted state (`persist`):
 * true until its `restored` settles. `useSuspense` already waits for the restore instead of
 * fetching; use this to show a splash instead of an empty page meanwhile.
 *
 * @example
 * function Shell(props: ParentProps) {
 *   const restoring = useIsRestoring();
 *   return <Show when={!restoring()} fallback={<Splash />}>{props.children}</Show>;
 * }
 */
export function useIsRestoring(): Accessor<boolean> {
  const restoring = isRestoring(useDataClient());
  if (isServer || !getOwner()) return () => restoring.peek();
  const [value, setValue] = createSignal(restoring.peek(), { ownedWrite: true });
  onCleanup(restoring.subscribe(v => deliver(() => setValue(v))));
  return value;
}
