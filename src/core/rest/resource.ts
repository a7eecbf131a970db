import { Collection, Invalidate } from '../schema/index.js';
import { Polymorphic } from '../schema/Polymorphic.js';
import { isPlainObject } from './copyOwn.js';
import { getOwn, isOwn } from '../schema/own.js';
import type { EndpointExtraOptions } from './endpointTypes.js';
import { optimisticDelete, optimisticPartial, optimisticUpdate } from './optimistic.js';
import { removeLastArg } from './removeLastArg.js';
import { RestEndpoint } from './RestEndpoint.js';
import { warn } from '../dev/warn.js';
import type { ResourceOptions, Resource, ResourceGenerics } from './resourceTypes.js';

/**
 * Declares the standard endpoints of one REST resource from an item path template and an item
 * schema: `get`, `getList` (with `push`, `unshift`, `remove`, `move`, and `getPage` when
 * `paginationField` is set), `create` (the same as `getList.push`), `update`, `partialUpdate`, `delete`. List members use
 * `removeLastArg(path)`. `Endpoint` (a `RestEndpoint` subclass) builds every member;
 * `Collection` builds the list schema; `optimistic: true` gives every mutation an optimistic
 * reply. `extend()` customizes or adds members (see `ResourceExtend`).
 *
 * @example
 * const TodoResource = resource({ urlPrefix: 'https://api.test', path: '/todos/:id', schema: Todo });
 * const todos = await TodoResource.getList({ userId: 1 }); // GET /todos?userId=1 → Todo[]
 * await TodoResource.partialUpdate({ id: 5 }, { completed: true }); // PATCH /todos/5
 */
export function resource<const O extends ResourceGenerics>(options: Readonly<O> & ResourceOptions): Resource<O> {
  const {
    path,
    schema,
    Endpoint = RestEndpoint,
    Collection: ListCollection = Collection,
    nonFilterArgumentKeys,
    optimistic,
    paginationField,
    body,
    searchParams,
    ...extra
  } = options as ResourceOptions & ResourceGenerics & Record<string, unknown>;
  if (typeof path !== 'string') throw new TypeError(process.env.NODE_ENV !== 'production' ? `resource: option 'path' must be a path template string, got ${String(path)}` : 'resource: bad-option path');
  if (schema === undefined || schema === null) throw new TypeError(process.env.NODE_ENV !== 'production' ? `resource: option 'schema' is required (path '${path}')` : `resource: bad-option schema of '${path}'`);
  if (typeof Endpoint !== 'function' || !(Endpoint.prototype instanceof RestEndpoint || Endpoint === RestEndpoint)) {
    throw new TypeError(process.env.NODE_ENV !== 'production' ? `resource: option 'Endpoint' must be a RestEndpoint subclass (path '${path}')` : `resource: bad-option Endpoint of '${path}'`);
  }
  if (process.env.NODE_ENV !== 'production') warnMiscapitalized(extra, path);
  const Make = Endpoint as unknown as new (o: Record<string, unknown>) => RestEndpoint;
  const entityName = schemaName(schema);
  const name = (member: string) => `${entityName}.${member}`;
  const listPath = removeLastArg(path);
  const base = extra as EndpointExtraOptions & Record<string, unknown>;
  // a resource's retry options are for its GETs: a mutation retries only when its own endpoint asks
  const { retry: _retry, retryDelay: _retryDelay, ...mutationBase } = base;
  // `body` and `searchParams` are type markers; each goes only to the members the spec names.
  const bodyOption = 'body' in options ? { body } : {};
  const searchOption = 'searchParams' in options ? { searchParams } : {};

  const get = new Make({ ...base, path, schema, name: name('get') });
  const listSchema = new ListCollection(
    [schema],
    nonFilterArgumentKeys === undefined ? undefined : ({ nonFilterArgumentKeys } as never),
  );
  const getList = new Make({
    ...base,
    ...bodyOption,
    ...searchOption,
    path: listPath,
    schema: listSchema,
    movePath: path,
    paginationField,
    optimistic: optimistic === true,
    name: name('getList'),
  });
  const update = new Make({
    ...mutationBase,
    ...bodyOption,
    path,
    schema,
    method: 'PUT',
    name: name('update'),
    ...(optimistic ? { getOptimisticResponse: optimisticUpdate } : {}),
  });
  const partialUpdate = new Make({
    ...mutationBase,
    ...bodyOption,
    path,
    schema,
    method: 'PATCH',
    name: name('partialUpdate'),
    ...(optimistic ? { getOptimisticResponse: optimisticPartial(schema) } : {}),
  });
  const del = new Make({
    ...mutationBase,
    path,
    schema: isInvalidatable(schema) ? new Invalidate(schema as never) : schema,
    method: 'DELETE',
    name: name('delete'),
    process: deleteProcess,
    ...(optimistic ? { getOptimisticResponse: optimisticDelete } : {}),
  });
  // `create` is data-client's older name of `getList.push`, kept so 0.18 definitions run as written
  const create = (getList.push as RestEndpoint).extend({ name: name('create') });
  return withExtend({ get, getList, create, update, partialUpdate, delete: del }) as unknown as Resource<O>;
}

/**
 * Development only: `endpoint` / `collection` given in lower case where a `RestEndpoint` or
 * `Collection` subclass was clearly meant (the options are `Endpoint` / `Collection`); the
 * lower-case key would otherwise be copied onto every member as an unused option.
 */
function warnMiscapitalized(extra: Record<string, unknown>, path: string): void {
  const checks: Array<[string, string, { prototype: object }]> = [
    ['endpoint', 'Endpoint', RestEndpoint],
    ['collection', 'Collection', Collection],
  ];
  for (const [given, meant, Base] of checks) {
    const value = getOwn(extra, given);
    if (typeof value !== 'function' || !Object.prototype.isPrototypeOf.call(Base.prototype, value.prototype)) continue;
    warn('option-capitalization', `resource('${path}'): option '${given}' is ignored; the option is '${meant}' (capitalized); got ${value.name || 'a class'}`);
  }
}

/**
 * The delete reply identifies the removed entity: a pk string, or an object with the fields
 * its pk needs; an empty reply (204, `null`, `{}`) falls back to the path arguments.
 */
function deleteProcess(value: unknown, params: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (value && typeof value === 'object' && Object.keys(value).length > 0) return value;
  return params;
}

function isInvalidatable(schema: unknown): boolean {
  if (schema instanceof Polymorphic) return true;
  return typeof schema === 'function' && typeof (schema as { key?: unknown }).key === 'string' && typeof (schema as { pk?: unknown }).pk === 'function';
}

function schemaName(schema: unknown): string {
  const s = schema as { key?: unknown; name?: unknown };
  if (typeof s.key === 'string' && s.key) return s.key;
  if (typeof s.name === 'string' && s.name) return s.name;
  return 'Resource';
}

type Members = Record<string, RestEndpoint>;

/** Adds the three-form `extend` to a set of members (non-enumerable, so spreads skip it). */
function withExtend<M extends Members>(members: M): M {
  Object.defineProperty(members, 'extend', { value: extend, enumerable: false, writable: true, configurable: true });
  return members;
}

function extend(this: Members, ...args: unknown[]): Members {
  const current: Members = {};
  for (const k of Object.keys(this)) current[k] = this[k]!;
  if (typeof args[0] === 'string') {
    const key = args[0];
    const options = args[1];
    if (!isPlainObject(options)) throw new TypeError(process.env.NODE_ENV !== 'production' ? `resource.extend('${key}', options): options must be an object` : `resource.extend: bad-option ${key}`);
    const from = isOwn(current, key) ? current[key]! : current.get!;
    current[key] = from.extend({ name: `${from.name.replace(/\.[^.]*$/, '')}.${key}`, ...options } as never) as unknown as RestEndpoint;
    return withExtend(current);
  }
  if (typeof args[0] === 'function') {
    const added = (args[0] as (base: Members) => Members)(this);
    if (!isPlainObject(added)) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'resource.extend(fn): fn must return an object of endpoints' : 'resource.extend: bad-argument');
    for (const k of Object.keys(added)) current[k] = added[k]!;
    return withExtend(current);
  }
  const overrides = args[0];
  if (!isPlainObject(overrides)) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'resource.extend(options): expected a function, a member name, or an object of overrides' : 'resource.extend: bad-argument');
  for (const k of Object.keys(overrides)) {
    if (!isOwn(current, k)) {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? `resource.extend({ ${k} }): '${k}' is not a member; use extend('${k}', options) to add one` : `resource.extend: no-member ${k}`);
    }
    current[k] = current[k]!.extend(overrides[k] as never) as unknown as RestEndpoint;
  }
  return withExtend(current);
}
