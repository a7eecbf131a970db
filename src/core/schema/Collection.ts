import { ArraySchema } from './ArraySchema.js';
import type { Values } from './Values.js';
import { INVALID, VALUES_SCHEMA, type EntityMeta } from './protocol.js';
import { getOwn, isOwn, isRecord, table } from './own.js';
import {
  assignValues,
  holdsItems,
  push,
  removeItems,
  removeValues,
  replace,
  unshift,
  type CollectionMerge,
} from './collectionMerge.js';
import { collectionPk, makeCollectionFilter, nonFilterTest, type CollectionFilterFactory, type NonFilterArgumentKeys } from './collectionKey.js';
import { pkString, type DenormalizeDelegate, type NormalizeDelegate, type QueryDelegate } from './visit.js';

/**
 * A list or map schema, `new ArraySchema(Item)` or `new Values(Item)` (data-client's `PolymorphicInterface`).
 *
 * @example
 * class MyCollection<S extends any[] | PolymorphicInterface = any> extends Collection<S> {}
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PolymorphicInterface = ArraySchema<unknown, any> | Values<unknown>;

/**
 * What a Collection holds: `[Item]`, `new ArraySchema(Item)` or `new Values(Item)`.
 *
 * @example
 * type TodoList = Collection<(typeof Todo)[]>;
 */
export type CollectionInner = readonly unknown[] | PolymorphicInterface;

/** Options of a Collection. `Parent` (what `nestKey` receives) is `any` unless given, as in data-client. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CollectionOptions<Args extends readonly unknown[] = readonly unknown[], Parent = any> {
  /**
   * The lookup object a collection is keyed by, from the endpoint arguments.
   * @default (params) => ({ ...params })
   */
  argsKey?: (...args: Args) => Record<string, unknown>;
  /**
   * Argument keys that do not filter the list (sorting, paging): a list of names, a RegExp, or a test.
   * @default (key) => key.startsWith('order')
   */
  nonFilterArgumentKeys?: NonFilterArgumentKeys;
  /** For a Collection nested in an entity field: its lookup object from the parent, e.g. `(user) => ({ userId: user.id })`. */
  nestKey?: (parent: Parent, key: string) => Record<string, unknown>;
  /** Replaces the default matching of stored collections for push/unshift/assign/remove. */
  createCollectionFilter?: CollectionFilterFactory;
}

type Mode = 'fetch' | 'add' | 'move';

/**
 * A list (or map) stored like an entity, keyed by the endpoint arguments. `push`, `unshift`,
 * `assign`, `remove`, `move` and `addWith(...)` update every stored collection whose arguments match.
 *
 * @example
 * const todoList = new Collection([Todo], { nonFilterArgumentKeys: ['orderBy'] });
 * // POST /todos { userId: 1 } with schema todoList.push adds the new Todo to
 * // the stored lists for {} and { userId: 1 }, not to { userId: 2 }.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
class CollectionSchema<S extends CollectionInner = CollectionInner, Args extends readonly unknown[] = readonly unknown[], Parent = any> {
  /** The list or map schema of the items. */
  readonly schema: ArraySchema<unknown> | Values<unknown>;
  /** The table name: `[ItemKey]` for lists, `{ItemKey}` for maps. */
  readonly key: string;
  readonly indexes: readonly string[] | undefined = undefined;
  /** Appends the created item(s) to every matching stored list. */
  push!: CollectionSchema<S, Args, Parent>;
  /** Prepends the created item(s) to every matching stored list. */
  unshift!: CollectionSchema<S, Args, Parent>;
  /** Assigns entries into every matching stored map (Values collections). */
  assign!: CollectionSchema<S, Args, Parent>;
  /** Removes the item(s) from every matching stored collection. */
  remove!: CollectionSchema<S, Args, Parent>;
  /** Removes the item from collections matching its old values, adds it to those matching the new ones. */
  move!: CollectionSchema<S, Args, Parent>;

  // Views (push, move, ...) are `Object.create(this)`: #private members would be absent on them.
  protected readonly mode: Mode = 'fetch';
  protected readonly mergeFn: CollectionMerge = replace;
  protected readonly removeMergeFn: CollectionMerge = removeItems;
  protected readonly argsKey: (...args: readonly unknown[]) => Record<string, unknown>;
  protected readonly filterFactory: CollectionFilterFactory;
  protected readonly nestKey: ((parent: Record<string, unknown>, key: string) => Record<string, unknown>) | undefined;

  constructor(schema: S, options: CollectionOptions<Args, Parent> = {}) {
    const inner = Array.isArray(schema) ? new ArraySchema((schema as readonly unknown[])[0]) : schema;
    if (!(inner instanceof ArraySchema) && !isValues(inner)) {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? 'Collection: schema must be [Item], an ArraySchema or a Values schema' : 'Collection: bad-argument');
    }
    if (options.argsKey !== undefined && typeof options.argsKey !== 'function') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? 'Collection: argsKey must be a function' : 'Collection: bad-option argsKey');
    }
    this.schema = inner as ArraySchema<unknown> | Values<unknown>;
    this.key = inner instanceof ArraySchema ? `[${inner.schemaKey()}]` : `{${inner.schemaKey()}}`;
    this.argsKey = (options.argsKey as (...a: readonly unknown[]) => Record<string, unknown>) ?? defaultArgsKey;
    if (options.nestKey !== undefined && typeof options.nestKey !== 'function') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? 'Collection: nestKey must be a function' : 'Collection: bad-option nestKey');
    }
    this.nestKey = options.nestKey as ((parent: Record<string, unknown>, key: string) => Record<string, unknown>) | undefined;
    if (options.nonFilterArgumentKeys !== undefined) {
      const ignored = nonFilterTest(options.nonFilterArgumentKeys);
      Object.defineProperty(this, 'nonFilterArgumentKeys', { value: ignored, writable: true, configurable: true });
    }
    // late-bound so a subclass overriding createCollectionFilter/nonFilterArgumentKeys is obeyed
    this.filterFactory = options.createCollectionFilter ?? ((...args) => this.createCollectionFilter(...args));
    if (inner instanceof ArraySchema) {
      this.push = this.addWith(push);
      this.unshift = this.addWith(unshift);
      this.remove = this.addWith(removeItems);
      this.move = this.moveWith(push);
    } else {
      this.removeMergeFn = removeValues;
      this.assign = this.addWith(assignValues);
      this.remove = this.addWith(removeValues);
      this.move = this.moveWith(assignValues);
    }
  }

  /**
   * A schema merging its result into every matching stored collection with `merge(existing, incoming)`.
   *
   * @example
   * const getNextPage = todoList.addWith(appendUnique); // getList.getPage
   */
  addWith<P extends readonly unknown[] = Args>(merge: CollectionMerge, createCollectionFilter?: (...args: P) => (collectionKey: Record<string, string>) => boolean): CollectionSchema<S, P, Parent> {
    return this.derive('add', merge, createCollectionFilter as CollectionFilterFactory | undefined) as unknown as CollectionSchema<S, P, Parent>;
  }

  /**
   * A `move` whose additions use `merge` (e.g. `unshift` to put moved items first).
   *
   * @example
   * this.move = this.moveWith(unshift);
   */
  moveWith<P extends readonly unknown[] = Args>(merge: CollectionMerge): CollectionSchema<S, P, Parent> {
    return this.derive('move', merge) as unknown as CollectionSchema<S, P, Parent>;
  }

  private derive(mode: Mode, merge: CollectionMerge, filter?: CollectionFilterFactory): this {
    const props: PropertyDescriptorMap = { mode: { value: mode }, mergeFn: { value: merge } };
    if (filter) props.filterFactory = { value: filter };
    return Object.create(this, props) as this;
  }

  /** The pk of the collection for these endpoint arguments (canonical JSON, sorted keys). */
  pk(_value?: unknown, _parent?: unknown, _key?: string, args: readonly unknown[] = []): string {
    return collectionPk(this.argsKey(...args));
  }

  /** True when argument `key` does not filter this collection (sorting, paging). */
  nonFilterArgumentKeys(key: string): boolean {
    return key.startsWith('order');
  }

  /** Which stored collections receive a mutation: every filtering key equals (as a string) the params' or body's. */
  createCollectionFilter(...args: readonly unknown[]): (collectionKey: Record<string, string>) => boolean {
    return makeCollectionFilter(key => this.nonFilterArgumentKeys(key))(...args);
  }

  merge(existing: unknown, incoming: unknown): unknown {
    return this.mergeFn(existing, incoming);
  }

  /** An older fetch merges beneath the stored list; a mutation always on top (swapped, "remove these" becomes "keep only these"). */
  mergeWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): unknown {
    return isStale(this.mode, existingMeta, incomingMeta) ? this.merge(incoming, existing) : this.merge(existing, incoming);
  }

  mergeMetaWithStore(existingMeta: EntityMeta, incomingMeta: EntityMeta): EntityMeta {
    return isStale(this.mode, existingMeta, incomingMeta) ? existingMeta : incomingMeta;
  }


  normalize(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    if (this.mode === 'add') return this.normalizeAdd(input, parent, key, d);
    if (this.mode === 'move') return this.normalizeMove(input, parent, key, d);
    const normalized = this.schema.normalize(input, parent, key, d);
    if (this.nestKey && key !== '' && isRecord(parent)) {
      const pk = collectionPk(this.nestKey(parent, key));
      d.mergeEntity(this, pk, normalized);
      return pk;
    }
    const pk = this.pk(undefined, parent, key, d.args);
    const parsed = parsePk(pk);
    const items = parsed && Array.isArray(input) && Array.isArray(normalized) ? this.stillMatching(input, normalized, parsed, d) : normalized;
    d.mergeEntity(this, pk, items);
    return pk;
  }

  private matching(d: NormalizeDelegate): Array<[string, Record<string, string>]> {
    const out: Array<[string, Record<string, string>]> = [];
    d.forEachPk(this.key, pk => {
      if (d.getEntity(this.key, pk) === INVALID) return;
      const parsed = parsePk(pk);
      if (parsed) out.push([pk, parsed]);
    });
    return out;
  }

  private normalizeAdd(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    const isList = this.schema instanceof ArraySchema;
    const many = !isList || Array.isArray(input);
    const wasCreating = d.creating;
    d.creating = true;
    let normalized: unknown;
    try {
      normalized = this.schema.normalize(many ? input : [input], parent, key, d);
    } finally {
      d.creating = wasCreating;
    }
    const filter = this.filterFactory(...d.args);
    const inputs = many ? input : [input];
    for (const [pk, parsed] of this.matching(d)) {
      if (!filter(parsed)) continue;
      const items = isList && Array.isArray(inputs) ? this.stillMatching(inputs, normalized as unknown[], parsed, d) : normalized;
      d.mergeEntity(this, pk, items);
    }
    return many ? normalized : (normalized as unknown[])[0];
  }

  /** Drops items whose stored entity (newer) no longer holds the field value that placed them in list `parsed`. */
  private stillMatching(inputs: readonly unknown[], refs: readonly unknown[], parsed: Record<string, string>, d: NormalizeDelegate): unknown[] {
    const entity = this.schema.schema as { key?: unknown } | undefined;
    const entityKey = entity && typeof entity.key === 'string' ? entity.key : undefined;
    if (entityKey === undefined) return refs as unknown[];
    const keys = Object.keys(parsed).filter(k => !this.nonFilterArgumentKeys(k));
    if (keys.length === 0) return refs.slice();
    let out: unknown[] | undefined;
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i];
      if (!this.leftList(keys, parsed, ref, inputs[i], entityKey, d)) out?.push(ref);
      else out ??= refs.slice(0, i);
    }
    return out ?? refs.slice();
  }

  /** Whether `item` placed itself in list `parsed` by a field the stored entity now holds otherwise. */
  private leftList(keys: readonly string[], parsed: Record<string, string>, ref: unknown, item: unknown, entityKey: string, d: NormalizeDelegate): boolean {
    if (typeof ref !== 'string' || !isRecord(item)) return false;
    let stored: unknown;
    for (const k of keys) {
      const said = getOwn(item, k);
      if (said === undefined || `${said}` !== parsed[k]) continue;
      stored ??= d.getEntity(entityKey, ref);
      if (!isRecord(stored)) return false;
      const now = getOwn(stored, k);
      if (now !== undefined && `${now}` !== parsed[k]) return true;
    }
    return false;
  }

  private normalizeMove(input: unknown, parent: unknown, key: string, d: NormalizeDelegate): unknown {
    const isList = this.schema instanceof ArraySchema;
    const entity = this.schema.schema as {
      key: string;
      process(i: unknown, p: unknown, k: string, a: readonly unknown[]): Record<string, unknown>;
      pk(v: unknown, p: unknown, k: string, a: readonly unknown[]): unknown;
    };
    const items = isList && Array.isArray(input) ? input : [input];
    const before = items.map(item => {
      const processed = entity.process(item, parent, key, d.args);
      const pk = pkString(entity.pk(processed, parent, key, d.args));
      const existing = pk === undefined ? undefined : d.getEntity(entity.key, pk);
      return { pk, processed, existing: isRecord(existing) ? existing : undefined };
    });
    let normalized: unknown;
    if (isList) {
      normalized = this.schema.normalize(items, parent, key, d);
    } else {
      const byPk = table<unknown>();
      byPk[before[0]?.pk ?? ''] = input;
      normalized = this.schema.normalize(byPk, parent, key, d);
    }
    const remover = this.derive('add', this.removeMergeFn);
    const args = d.args;
    const first = isRecord(args[0]) ? args[0] : {};
    const last = isRecord(args[args.length - 1]) ? (args[args.length - 1] as Record<string, unknown>) : {};
    const moved = Object.keys(last);
    const collections = this.matching(d);
    before.forEach(({ pk, processed, existing }, i) => {
      const value = isList ? [(normalized as unknown[])[i]] : normalized;
      const next = isList ? { ...last, ...processed } : last;
      // Store path: place by the entity as this write leaves it (an older reply keeps newer fields);
      // pure normalize: mutation values over the old entity, as data-client.
      const after = pk === undefined || !d.strict ? undefined : d.getEntity(entity.key, pk);
      const merged = isRecord(after) ? { ...next, ...after } : existing ? { ...existing, ...next } : next;
      const removeFilter = existing ? this.filterFactory({ ...first, ...existing }, existing) : undefined;
      const addFilter = this.filterFactory({ ...first, ...merged }, merged);
      // Follow the lists' contents too: the entity may already hold the new values (echo, out-of-order reply).
      const plan = collections.map(([cpk, parsed]) => ({
        cpk,
        into: addFilter(parsed),
        wasIn: removeFilter ? removeFilter(parsed) : false,
        held: holdsItems(d.getEntity(this.key, cpk), value),
        keyedByMove: moved.some(k => isOwn(parsed, k) && !this.nonFilterArgumentKeys(k)),
      }));
      const leaving = plan.some(c => !c.into && c.held);
      for (const c of plan) {
        if (!c.into) {
          if (c.held || c.wasIn) d.mergeEntity(remover, c.cpk, value);
        } else if (!c.held && (!c.wasIn || (leaving && c.keyedByMove))) {
          d.mergeEntity(this, c.cpk, value);
        }
      }
    });
    return isList && !Array.isArray(input) ? (normalized as unknown[])[0] : normalized;
  }

  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    const isList = this.schema instanceof ArraySchema;
    if (this.mode !== 'fetch') {
      if (!isList || Array.isArray(input)) return this.schema.denormalize(input, d);
      return (this.schema.denormalize([input], d) as unknown[])[0];
    }
    if (typeof input !== 'string') return this.schema.denormalize(input, d);
    // items are built before the list, so no cycle reaches it early
    return d.entity(denormalizeIdentity(this), this.key, input, buildList, this);
  }

  /** The pk of the stored collection for `args`; undefined when it was never stored. Mutation views have none. */
  queryKey(args: readonly unknown[], d: QueryDelegate): unknown {
    if (this.mode !== 'fetch') return undefined;
    const pk = this.pk(undefined, undefined, '', args);
    const stored = d.getEntity(this.key, pk);
    return stored === undefined || stored === INVALID ? undefined : pk;
  }

  toString(): string {
    return this.key;
  }
}

export { CollectionSchema as Collection };

/** One function for every Collection, so a memo can call it again. */
function buildList(stored: object, d: DenormalizeDelegate, c: CollectionSchema): unknown {
  return c.schema.denormalize(stored, d);
}

/** Collections of the same key and item schema share one cache identity, so give the same array. */
const identities = new WeakMap<object, Map<string, object>>();
function denormalizeIdentity(c: CollectionSchema): object {
  const item = c.schema.schema;
  if ((typeof item !== 'object' && typeof item !== 'function') || item === null) return c;
  let byKey = identities.get(item);
  if (!byKey) identities.set(item, (byKey = new Map()));
  let id = byKey.get(c.key);
  if (!id) byKey.set(c.key, (id = Object.freeze({ key: c.key })));
  return id;
}

function isValues(schema: unknown): schema is Values<unknown> {
  return typeof schema === 'object' && schema !== null && (schema as { [VALUES_SCHEMA]?: unknown })[VALUES_SCHEMA] === true;
}

function isStale(mode: Mode, existingMeta: EntityMeta, incomingMeta: EntityMeta): boolean {
  return mode === 'fetch' && incomingMeta.date < existingMeta.date;
}

/** The lookup object a collection pk was made from (canonical JSON); undefined for any other pk. */
function parsePk(pk: string): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(pk);
  } catch {
    return undefined;
  }
  return isRecord(parsed) ? (parsed as Record<string, string>) : undefined;
}

function defaultArgsKey(...args: readonly unknown[]): Record<string, unknown> {
  const first = args[0];
  return isRecord(first) ? { ...first } : {};
}
