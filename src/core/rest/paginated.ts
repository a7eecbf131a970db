import { paginationSchema } from '../schema/paginationSchema.js';
import { mapCollection } from './collectionMembers.js';

/** What `paginated` needs from the list endpoint it derives from. */
interface ListEndpoint {
  readonly name: string;
  readonly schema?: unknown;
  extend(options: Record<string, unknown>): unknown;
}

/** How a page's arguments name the list it extends: a cursor field name, or a function returning the list's arguments. */
export type RemoveCursor<A extends readonly unknown[] = readonly unknown[]> = string | ((...args: A) => readonly unknown[]);

/**
 * `endpoint.paginated(cursor)`: an endpoint fetching one page of this list endpoint. Its
 * Collection is replaced by `paginationSchema`, so the page's items are appended (without
 * duplicates) to the one stored list named by the arguments without the cursor.
 */
export function paginatedMember(list: ListEndpoint, removeCursor: RemoveCursor): unknown {
  let remove: (...args: readonly unknown[]) => readonly unknown[];
  if (typeof removeCursor === 'string') {
    const field = removeCursor;
    remove = (...args) => {
      const first = args[0];
      if (first === null || typeof first !== 'object') return args;
      const rest: Record<string, unknown> = {};
      for (const k of Object.keys(first)) {
        if (k !== field) Object.defineProperty(rest, k, { value: (first as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
      }
      return [rest, ...args.slice(1)];
    };
  } else if (typeof removeCursor === 'function') {
    remove = removeCursor as (...args: readonly unknown[]) => readonly unknown[];
  } else {
    throw new TypeError(`${list.name}.paginated: expected the cursor field name or a function removing the cursor from the arguments`);
  }
  const schema = mapCollection(list.schema, c => paginationSchema(c, remove));
  if (schema === undefined) throw new TypeError(`${list.name}.paginated: schema has no Collection to add pages to`);
  return list.extend({ schema, name: `${list.name}.getPage` });
}
