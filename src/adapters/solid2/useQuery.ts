import { createMemo, type Accessor } from 'solid-js';
import { readArgs, readValue } from '../solid/args.js';
import { useStoreSignals } from './context.js';
import { storeAccessor } from './storeAccessor.js';
import type { MaybeAccessor } from '../solid/types.js';
import type { QueryResult } from '../../core/index.js';

export type { QueryResult };

/** Schemas are classes or instances: a class is a value here, never an accessor. */
function readQueryable<S>(queryable: MaybeAccessor<S>): S {
  if (typeof queryable === 'function' && (queryable as { prototype?: unknown }).prototype !== undefined) return queryable as S;
  return readValue(queryable);
}

/**
 * A lookup in the store's entity tables, never fetching: an `Entity` by primary key or index
 * (`useQuery(Article, { id })`), a `Query`, or `All`, typed from the schema as `controller.get`
 * types it (`QueryResult<S>`: `Article | undefined`, `Article[] | undefined` for `new All(Article)`).
 * `undefined` while nothing matches. The accessor changes only when the entities it shows do,
 * and follows accessor arguments.
 *
 * @example
 * function Author(props: { id: number }) {
 *   const user = useQuery(User, () => ({ id: props.id }));
 *   return <span>{user()?.name ?? 'unknown'}</span>;
 * }
 */
export function useQuery<S, Q = QueryResult<S>>(queryable: MaybeAccessor<S>, ...args: readonly unknown[]): Accessor<Q | undefined> {
  const store = useStoreSignals('useQuery');
  const lookup = createMemo((): readonly [S, readonly unknown[]] | null => {
    const resolved = readArgs(args);
    return resolved === null ? null : [readQueryable(queryable), resolved];
  });
  return storeAccessor<readonly [S, readonly unknown[]], Q | undefined>(lookup, ([q, a]) => store.query(q, ...a), undefined);
}
