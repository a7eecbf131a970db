import type { Collection } from './Collection.js';
import { appendUnique } from './collectionMerge.js';

/**
 * The schema of one page of a Collection: it is stored into the single collection that the
 * arguments name once the cursor is removed (`removeCursor(...args)`), appending the items
 * that collection does not hold yet. Other collections (the unfiltered one included) are
 * never touched, unlike `push`, which adds to every collection whose filters match.
 *
 * @example
 * const nextPage = paginationSchema(todoList, ({ cursor, ...rest }) => [rest]);
 * // normalizing a page for ({ userId: 1, cursor: 2 }) appends to the list of { userId: 1 } only
 */
export function paginationSchema<C extends Collection>(collection: C, removeCursor: (...args: readonly unknown[]) => readonly unknown[]): C {
  const argsKey = (collection as unknown as { argsKey: (...args: readonly unknown[]) => Record<string, unknown> }).argsKey;
  return Object.create(collection, {
    mergeFn: { value: appendUnique },
    argsKey: { value: (...args: readonly unknown[]) => argsKey(...removeCursor(...args)) },
  }) as C;
}
