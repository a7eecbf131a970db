import type { ComputedRef, MaybeRefOrGetter } from 'vue';
import { resolveArgs, resolveQueryable, sameCall } from './args.js';
import type { Call } from './args.js';
import { bridgeStore, valueRef } from './bridge.js';
import { useStoreSignals } from './context.js';
import type { QueryResult } from '../../core/index.js';

export type { QueryResult };

/**
 * A lookup in the store's entity tables, never fetching: an `Entity` by primary key or index
 * (`useQuery(Article, { id })`), a `Query`, or `All`, typed from the schema as `controller.get`
 * types it (`QueryResult<S>`: `Article | undefined`, `Article[] | undefined` for `new All(Article)`).
 * `undefined` while nothing matches. The ref changes only when the entities it shows do, which
 * makes it the tool for fine-grained rows: each row component looks up its own entity. Follows ref / getter arguments; `null` first
 * means "not yet".
 *
 * @example
 * const Row = defineComponent({
 *   props: { id: { type: Number, required: true } },
 *   setup(props) {
 *     const user = useQuery(User, () => ({ id: props.id }));
 *     return () => h('li', user.value?.name ?? 'unknown');
 *   },
 * });
 */
export function useQuery<S, Q = QueryResult<S>>(
  queryable: MaybeRefOrGetter<S>,
  ...args: readonly MaybeRefOrGetter<unknown>[]
): ComputedRef<Q | undefined> {
  const store = useStoreSignals('useQuery');
  const bridge = bridgeStore<Call>(
    () => {
      const resolved = resolveArgs(args);
      return resolved === null ? null : [resolveQueryable(queryable), resolved];
    },
    sameCall,
    ([q, a]) => store.query(q, ...a),
  );
  return valueRef<Q>(bridge, true);
}
