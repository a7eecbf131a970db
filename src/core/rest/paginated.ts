import { paginationSchema } from '../schema/paginationSchema.js';
import { mapCollection } from './collectionMembers.js';

/** What `paginated` needs from the list endpoint it derives from. */
interface ListEndpoint {
  readonly name: string;
  readonly schema?: unknown;
  readonly key: (...args: never) => string;
  extend(options: Record<string, unknown>): unknown;
}

/** A page endpoint's schema → its page's schema (Collections as `[Item]`); keyed by schema, so re-extending resets it. */
const pageSchemas = new WeakMap<object, unknown>();

/**
 * The page's own schema for a page endpoint's `schema`, else undefined: `controller.fetch` of a page
 * resolves to the page's items, as data-client's does, while the store keeps the grown list.
 */
export function pageSchemaOf(schema: unknown): unknown {
  return schema !== null && typeof schema === 'object' ? pageSchemas.get(schema) : undefined;
}

/**
 * A page call's URL, else undefined. A page shares its list's key but not its request: in-flight
 * sharing also compares this, so "load more" during a refetch is sent (data-client's throttle by
 * `key()` alone would drop it).
 */
export function pageRequestOf(endpoint: { readonly schema?: unknown }, args: readonly unknown[]): string | undefined {
  return pageSchemaOf(endpoint.schema) === undefined ? undefined : (endpoint as unknown as { url(params: unknown): string }).url(args[0]);
}

/** How a page's arguments name the list it extends: a cursor field name, or a function returning the list's arguments. */
export type RemoveCursor<A extends readonly unknown[] = readonly unknown[]> = string | ((...args: A) => readonly unknown[]);

/**
 * `endpoint.paginated(cursor)`: fetches one page, appended (deduplicated) to the list named by the
 * arguments without the cursor; its `key` is that list's (as in data-client), so the list shows the
 * page's other members (`nextPage`, a cursor).
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
