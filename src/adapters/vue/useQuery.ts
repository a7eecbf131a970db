import type { ComputedRef, MaybeRefOrGetter } from 'vue';
import { resolveArgs, resolveQueryable, sameCall } from './args.js';
import type { Call } from './args.js';
import { bridgeStore, valueRef } from './bridge.js';
import { useStoreSignals } from './context.js';

/**
 * What a lookup of `S` yields: an instance for an Entity class, otherwise left to the caller.
 *
 * @example
 * type Found = QueryResult<typeof Article>; // Article
 */
export type QueryResult<S> = S extends abstract new (...args: any[]) => infer I ? I : unknown;

/**
 * A lookup in the store's entity tables, never fetching: an `Entity` by primary key or index
 * (`useQuery(Article, { id })`), a `Query`, or `All`. `undefined` while nothing matches. The ref
 * changes only when the entities it shows do, which makes it the tool for fine-grained rows:
 * each row component looks up its own entity. Follows ref / getter arguments; `null` first
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
  return valueRef<Q>(bridge);
}
