import { computed, getCurrentScope, onScopeDispose, shallowRef } from 'vue';
import type { ComputedRef } from 'vue';
import { toError } from './toError.js';

/**
 * Wraps an async function to track its calls: `loading` is true while a call is in flight and
 * `error` holds the last call's rejection (cleared when a call starts). The wrapped function
 * resolves to the original result, or to `undefined` when it rejected (the error is in `error`,
 * not thrown into an event handler). Once the component unmounts, calls still run but no longer
 * write the refs.
 *
 * @example
 * const SaveButton = defineComponent({
 *   props: { id: { type: Number, required: true } },
 *   setup(props) {
 *     const ctrl = useController();
 *     const [save, saving, error] = useLoading((title: string) =>
 *       ctrl.fetch(ArticleResource.partialUpdate, { id: props.id }, { title }));
 *     return () => h('button', { disabled: saving.value, onClick: () => save('New title') },
 *       error.value ? 'Retry' : 'Save');
 *   },
 * });
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): [run: (...args: A) => Promise<R | undefined>, loading: ComputedRef<boolean>, error: ComputedRef<Error | undefined>] {
  const pending = shallowRef(0);
  const error = shallowRef<Error | undefined>(undefined);
  let live = true;
  if (getCurrentScope()) onScopeDispose(() => (live = false));
  const run = async (...args: A): Promise<R | undefined> => {
    if (live) {
      error.value = undefined;
      pending.value++;
    }
    try {
      return await fn(...args);
    } catch (caught) {
      if (live) error.value = toError(caught);
      return undefined;
    } finally {
      if (live) pending.value--;
    }
  };
  return [run, computed(() => pending.value > 0), computed(() => error.value)];
}
