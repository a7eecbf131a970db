import { ArraySchema } from '../schema/ArraySchema.js';
import { collectionMember, findCollection, noCollectionFetch, type MemberName } from './collectionMembers.js';
import { paginatedMember } from './paginated.js';
import { assignEndpointId } from './endpointId.js';
import { optimisticCreate, optimisticPartial } from './optimistic.js';
import type { RestEndpointOptions, RestGenerics } from './restTypes.js';

/** What the list members need from the list endpoint they derive from. */
interface ListEndpoint {
  readonly name: string;
  readonly path: string;
  readonly schema?: unknown;
  readonly movePath?: string;
  readonly paginationField?: string;
  readonly key: (...args: never) => string;
  readonly optimistic?: boolean;
  extend(options: Partial<RestGenerics> & RestEndpointOptions & Record<string, unknown>): unknown;
}

/**
 * Members built per list endpoint, once: `list.push === list.push`, so a member read in a loop
 * (`getList.getPage` on every "load more") builds no new endpoint and no new derived schema, and
 * views shared by endpoint identity stay shared. An endpoint's options never change after it is
 * made (`extend` makes a new one), so a member never goes stale.
 */
const members = new WeakMap<object, Map<string, unknown>>();

function memo(list: object, member: string, build: () => unknown): unknown {
  let byName = members.get(list);
  if (!byName) members.set(list, (byName = new Map()));
  if (byName.has(member)) return byName.get(member);
  const built = build();
  byName.set(member, built);
  return built;
}

/** The entity (or Union) a Collection holds. */
export function collectionItemSchema(schema: unknown): unknown {
  const inner = findCollection(schema)?.schema;
  return inner instanceof ArraySchema ? inner.schema : inner;
}

/**
 * `push` / `unshift`: POST to the list path; the created entity is added to the end / start of
 * every stored list whose filter arguments match.
 */
export function createMember(list: ListEndpoint, which: 'push' | 'unshift' | 'assign'): unknown {
  return memo(list, which, () =>
    // the list's retry options are for its GETs; a create retries only when its endpoint asks
    member(list, which, { method: 'POST', retry: undefined, retryDelay: undefined, schema: undefined, name: `${list.name}.create` }, () => optimisticCreate),
  );
}

/**
 * `remove`: PATCH the list path; the entities in the reply leave every stored list whose filter
 * arguments match (they stay in the entity table).
 */
export function removeMember(list: ListEndpoint): unknown {
  return memo(list, 'remove', () => member(list, 'remove', { method: 'PATCH', schema: undefined, name: `${list.name}.partialUpdate` }));
}

/**
 * `move`: PATCH the item path; the updated entity leaves the lists matching its old values and
 * joins those matching the new ones.
 */
export function moveMember(list: ListEndpoint): unknown {
  return memo(list, 'move', () =>
    member(
      list,
      'move',
      { method: 'PATCH', retry: undefined, retryDelay: undefined, path: list.movePath ?? list.path, schema: undefined, searchParams: undefined, name: `${list.name}.partialUpdate` },
      () => optimisticPartial(collectionItemSchema(list.schema)),
    ),
  );
}

/**
 * The member endpoint `which`, named `<list>.<which>`: the list extended with `options`, whose
 * `schema` slot gets that member of the list's Collection. Without one, calling it rejects
 * (`noCollectionFetch`); an optimistic list gives it the reply `optimistic()` makes.
 */
function member(list: ListEndpoint, which: MemberName, options: Record<string, unknown>, optimistic?: () => unknown): unknown {
  options.schema = collectionMember(list.schema, which);
  if (options.schema === undefined) options.fetch = noCollectionFetch(list.schema, which, list.name);
  else if (list.optimistic && optimistic) options.getOptimisticResponse = optimistic();
  return assignEndpointId(list.extend(options) as object, `${list.name}.${which}`);
}

/**
 * `getPage`: GET the list path with the page argument; the page's items are appended (without
 * duplicates) to the one stored list named by the other arguments. undefined without
 * `paginationField`; throws a `TypeError` naming the endpoint when its schema holds no Collection
 * (as data-client's throws), since there is no list a page could extend.
 */
export function pageMember(list: ListEndpoint): unknown {
  if (!findCollection(list.schema)) throw new TypeError(process.env.NODE_ENV !== 'production' ? `${list.name}.getPage: schema has no Collection to add pages to` : `${list.name}.getPage: no-collection`);
  const field = list.paginationField;
  if (!field) return undefined;
  return memo(list, 'getPage', () => paginatedMember(list, field));
}
