import { computed, getCurrentScope, onScopeDispose, shallowRef, type ComputedRef } from 'vue';
import { isRestoring } from '../../core/index.js';
import { isServerSetup, useDataClient } from './context.js';

/**
 * Whether the app's client is still restoring a persisted state (`persist`): true until its
 * `restored` settles. `useSuspense` already waits for the restore instead of fetching; use this
 * to show a splash instead of an empty page meanwhile.
 *
 * @example
 * const Shell = defineComponent({
 *   setup(_, { slots }) {
 *     const restoring = useIsRestoring();
 *     return () => (restoring.value ? h(Splash) : slots.default?.());
 *   },
 * });
 */
export function useIsRestoring(): ComputedRef<boolean> {
  const restoring = isRestoring(useDataClient('useIsRestoring'));
  const value = shallowRef(restoring.peek());
  if (!isServerSetup() && getCurrentScope()) {
    onScopeDispose(restoring.subscribe(v => (value.value = v)));
  }
  return computed(() => value.value);
}
