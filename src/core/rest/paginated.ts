import { paginationSchema } from '../schema/paginationSchema.js';
import { mapCollection } from './collectionMembers.js';

/** What `paginated` needs from the list endpoint it derives from. */
interface ListEndpoint {
  readonly name: string;
  readonly schema?: unknown;
  readonly key: (...args: never) => string;
  extend(options: Record<string, unknown>): unknown;
}

/**
 * A page endpoint's schema → the schema of the page it fetched: the list's schema with each
 * Collection replaced by what it holds (`[Item]`), so the page's items denormalize alone. Keyed by
 * the schema object `paginatedMember` built, so an endpoint extended from a page with another
 * schema is an ordinary endpoint again.
 */
const pageSchemas = new WeakMap<object, unknown>();

/**
 * The schema of one fetched page when `schema` is a page endpoint's (`getList.getPage`,
 * `paginated(...)`), else undefined. `controller.fetch` of a page resolves through it to the page's
 * own items and members, as data-client's does, while the store keeps the grown list.
 *
 * @example
 * pageSchemaOf(TodoResource.getList.getPage.schema); // [Todo] (the Collection's items)
 * pageSchemaOf(TodoResource.getList.schema); // undefined
 */
export function pageSchemaOf(schema: unknown): unknown {
  return schema !== null && typeof schema === 'object' ? pageSchemas.get(schema) : undefined;
}

/**
 * The request a page endpoint's call sends (its URL, the cursor included), else undefined. A page
 * shares its list's key (its reply is the list's result) but is another request: requests in
 * flight for one key are shared only when this is the same, so "load more" while the list is
 * refetched is sent, not joined to the list's request (data-client's throttle, keyed by
 * `key()` alone, would drop the page and resolve with the list).
 *
 * @example
 * pageRequestOf(TodoResource.getList.getPage, [{ page: 2 }]); // '/todos?page=2'
 * pageRequestOf(TodoResource.getList, []); // undefined
 */
export function pageRequestOf(endpoint: { readonly schema?: unknown }, args: readonly unknown[]): string | undefined {
  return pageSchemaOf(endpoint.schema) === undefined ? undefined : (endpoint as unknown as { url(params: unknown): string }).url(args[0]);
}

/** How a page's arguments name the list it extends: a cursor field name, or a function returning the list's arguments. */
export type RemoveCursor<A extends readonly unknown[] = readonly unknown[]> = string | ((...args: A) => readonly unknown[]);

/**
 * `endpoint.paginated(cursor)`: an endpoint fetching one page of this list endpoint. Its
 * Collection is replaced by `paginationSchema`, so the page's items are appended (without
 * duplicates) to the one stored list named by the arguments without the cursor. Its `key` is the
 * list's key for those arguments (as in data-client): the page reply is stored as the list's
 * result, so the list shows the page's other members (`link`, `nextPage`, a cursor) and the next
 * "load more" asks for the page after it.
 */
export function paginatedMember(list: ListEndpoint, removeCursor: RemoveCursor): unknown {
  let remove: (...args: readonly unknown[]) => readonly unknown[];
  if (typeof removeCursor === 'string') {
    const field = removeCursor;
    remove = (...args) => {
      const first = args[0];
      if (first === null || typeof first !== 'object') return args;
      // an object rest copy: every other own field, `__proto__` included, as an ordinary field
      const { [field]: _cursor, ...rest } = first as Record<string, unknown>;
      return [rest, ...args.slice(1)];
    };
  } else if (typeof removeCursor === 'function') {
    remove = removeCursor as (...args: readonly unknown[]) => readonly unknown[];
  } else {
    throw new TypeError(
      process.env.NODE_ENV !== 'production' ? `${list.name}.paginated: expected the cursor field name or a function removing the cursor from the arguments` : `${list.name}.paginated: bad-cursor`,
    );
  }
  const schema = mapCollection(list.schema, c => paginationSchema(c, remove));
  if (schema === undefined) {
    throw new TypeError(process.env.NODE_ENV !== 'production' ? `${list.name}.paginated: schema has no Collection to add pages to` : `${list.name}.paginated: no-collection`);
  }
  pageSchemas.set(schema as object, mapCollection(list.schema, c => c.schema));
  const listKey = list.key as (this: unknown, ...args: readonly unknown[]) => string;
  return list.extend({
    schema,
    name: `${list.name}.getPage`,
    key(this: unknown, ...args: readonly unknown[]): string {
      return listKey.call(this, ...remove(...args));
    },
  });
}
