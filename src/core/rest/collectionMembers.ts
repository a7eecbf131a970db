import { Collection } from '../schema/index.js';
import { isPlainObject } from './copyOwn.js';
import { setPlain } from '../schema/own.js';

/**
 * Finds the Collection inside a list endpoint's schema: the schema itself, or a member of an
 * object wrapper such as `{ results: new Collection([Todo]), total: 0 }` (searched depth-first).
 */
export function findCollection(schema: unknown): Collection | undefined {
  // the Collection `mapCollection` would replace (the same depth-first search); the copy it makes is dropped
  let found: Collection | undefined;
  mapCollection(schema, c => (found = c));
  return found;
}

/**
 * The schema with its Collection replaced by `map(collection)`, keeping any wrapper object
 * (so a page reply `{ results, total }` keeps its shape). undefined when there is no Collection.
 */
export function mapCollection(schema: unknown, map: (c: Collection) => unknown): unknown {
  if (schema instanceof Collection) return map(schema);
  const members = objectMembers(schema);
  if (!members) return undefined;
  for (const k of Object.keys(members)) {
    const mapped = mapCollection(members[k], map);
    if (mapped === undefined) continue;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(members)) setPlain(copy, key, key === k ? mapped : members[key]);
    return copy;
  }
  return undefined;
}

function objectMembers(schema: unknown): Record<string, unknown> | undefined {
  if (isPlainObject(schema)) return schema;
  // An ObjectSchema instance (`new schema.Object({...})`) keeps its members in `.schema`.
  const inner = (schema as { schema?: unknown } | null)?.schema;
  if (schema && typeof schema === 'object' && !Array.isArray(schema) && isPlainObject(inner)) return inner;
  return undefined;
}

/** A list member an endpoint derives from its Collection. */
export type MemberName = 'push' | 'unshift' | 'assign' | 'remove' | 'move';

/**
 * The schema of a list member (`push`, `unshift`, `assign`, `remove`, `move`): that member of the
 * endpoint's Collection. `undefined` when the schema holds no Collection, or a Collection without
 * that member (`assign` exists on `Values` collections only, `push` / `unshift` on lists only), as
 * in data-client; `noCollectionFetch` then makes calling the member reject.
 */
export function collectionMember(schema: unknown, member: MemberName): unknown {
  return findCollection(schema)?.[member];
}

/**
 * The `fetch` of a list member whose endpoint has no Collection to update: it rejects before any
 * request with a `TypeError` naming the member, so a "create" never silently adds to no list.
 */
export function noCollectionFetch(schema: unknown, member: MemberName, endpointName: string): () => Promise<never> {
  const has = findCollection(schema) !== undefined;
  const message =
    process.env.NODE_ENV !== 'production' ?
      `${endpointName}.${member}: cannot be called: ${has ? `its Collection has no '${member}' (lists have push/unshift, Values have assign)` : 'the schema holds no Collection'}`
    : `${endpointName}.${member}: ${has ? 'no-member' : 'no-collection'}`;
  return async () => {
    throw new TypeError(message);
  };
}
