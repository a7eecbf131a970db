// `@data-client/endpoint` 0.18 schema type names over this library's protocol (types only). Where
// data-client's delegates have more members, reading them is a type error, not a runtime surprise.
import type { EntityStatics } from './EntityMixin.js';
import type { Denormalize, DenormalizeNullable, Normalize, Schema } from './types.js';
import type { DenormalizeDelegate, MergeableSchema, NormalizeDelegate, QueryDelegate, SchemaObject } from './visit.js';

/**
 * The static side every entity class has (`key`, `pk`, `schema`, `indexes`, `fromJS`,
 * `validate`, ...), as data-client's `IEntityClass`: what a function taking "any entity class"
 * declares. `TBase` is accepted for data-client's arity.
 *
 * @example
 * function tableName(entity: IEntityClass) { return entity.key; }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export type IEntityClass<TBase = any> = EntityStatics;

/**
 * The instance side every entity has: its primary key, as data-client's `IEntityInstance`.
 *
 * @example
 * function idOf(entity: IEntityInstance) { return entity.pk(); }
 */
export interface IEntityInstance {
  pk(parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined;
}

/**
 * The argument lists an endpoint may be called with when it does not say: none, URL parameters,
 * or URL parameters and a body, as data-client's `DefaultArgs`.
 *
 * @example
 * function call(...args: DefaultArgs) { return endpoint(...args); }
 */
export type DefaultArgs = [] | [urlParams: Record<string, unknown>] | [urlParams: Record<string, unknown>, body: unknown];

/**
 * A field transform that is called, not constructed (`Number`, `String`, a parser), whose
 * result serializes: the function form of a field schema, as data-client's `Serializable`.
 *
 * @example
 * const schema: Record<string, Serializable> = { createdAt: (iso: string) => new Date(iso) };
 */
export type Serializable<T extends { toJSON(): string } = { toJSON(): string }> = (value: never) => T;

/**
 * A schema written as a class (an object with `normalize` / `denormalize`, optionally
 * `queryKey`), as data-client's `SchemaClass`. Its type parameters are accepted for data-client's
 * arity; the protocol is this library's (`SchemaSimple`).
 *
 * @example
 * class Upper implements SchemaClass { normalize(v: unknown) { return String(v).toUpperCase(); } denormalize(v: unknown) { return v; } }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export type SchemaClass<T = any, Args extends readonly unknown[] = readonly unknown[]> = SchemaObject;

/**
 * A schema that merges what it stores (Entity classes, Collections): `key` and the three merge
 * hooks, as data-client's `Mergeable`. What `delegate.mergeEntity` takes.
 *
 * @example
 * function tableOf(schema: Mergeable) { return schema.key; }
 */
export type Mergeable = MergeableSchema;

/**
 * What a schema's `normalize` receives as its delegate (visit children, read and merge
 * entities, `args`), under data-client's name. This library's members: `args`, `visit`,
 * `getEntity`, `forEachPk`, `mergeEntity`, `invalidate`.
 *
 * @example
 * normalize(input: unknown, parent: unknown, key: string | undefined, delegate: INormalizeDelegate) { return delegate.visit(Item, input, parent, key); }
 */
export type INormalizeDelegate = NormalizeDelegate;

/**
 * What a schema's `denormalize` receives (`unvisit`, `args`, entity reads), under data-client's name.
 *
 * @example
 * denormalize(input: unknown, delegate: IDenormalizeDelegate) { return delegate.unvisit(Item, input); }
 */
export type IDenormalizeDelegate = DenormalizeDelegate;

/**
 * What a schema's `queryKey` receives to look entities up (`getEntity`, `getIndex`, `getPks`,
 * `args`), under data-client's name.
 *
 * @example
 * queryKey(args: readonly unknown[], delegate: IQueryDelegate) { return delegate.getIndex('User', 'email', String(args[0])); }
 */
export type IQueryDelegate = QueryDelegate;

/**
 * Reads one stored entity (normalized) by entity key and pk, as data-client's `GetEntity`.
 *
 * @example
 * const read: GetEntity = delegate.getEntity;
 */
export type GetEntity = (key: string, pk: string) => unknown;

/** An index lookup: entity key, indexed field, value, as data-client's `IndexPath`. */
export type IndexPath = [key: string, index: string, value: string];

/**
 * Finds a pk through an entity's `indexes`, as data-client's `GetIndex`.
 *
 * @example
 * const find: GetIndex = (key, field, value) => delegate.getIndex(key, field, value);
 */
export type GetIndex = (...path: IndexPath) => string | undefined;

/** Where one entity is stored: its key and pk, as data-client's `EntityPath`. */
export interface EntityPath {
  key: string;
  pk: string;
}

/** A whole entity table, named by its key, as data-client's `EntitiesPath`. */
export type EntitiesPath = [key: string];

/** The normalized index tables: entity key → field → value → pk, as data-client's `NormalizedIndex`. */
export interface NormalizedIndex {
  readonly [entityKey: string]: { readonly [indexName: string]: { readonly [lookup: string]: string } };
}

/**
 * The entity tables of a normalized reply or state: entity key → pk → normalized entity, as
 * data-client's `EntityTable` (what `normalize()` returns as `entities` and `denormalize()` reads).
 *
 * @example
 * const entities: EntityTable = normalize(Todo, { id: 1, title: 'x' }).entities;
 */
export interface EntityTable {
  [entityKey: string]: { [pk: string]: unknown } | undefined;
}

/**
 * Iteration over one entity table, as data-client's `EntitiesInterface`: a `Map` is one.
 *
 * @example
 * const table: EntitiesInterface = new Map([['1', { id: 1 }]]);
 */
export interface EntitiesInterface {
  keys(): IterableIterator<string>;
  entries(): IterableIterator<[string, unknown]>;
}

/**
 * The function that normalizes a child value (`delegate.visit`), as data-client's `Visit`.
 *
 * @example
 * const visit: Visit = delegate.visit.bind(delegate);
 */
export type Visit = NormalizeDelegate['visit'];

/** True when `input` (entity `entityKey`/`pk`) was already visited in this pass, as data-client's `CheckLoop`. */
export type CheckLoop = (entityKey: string, pk: string, input: object) => boolean;

/** An entity's expiry state as a number (1 invalid, 2 stale-if-unused, 3 valid), as data-client's `ExpiryStatusInterface`. */
export type ExpiryStatusInterface = 1 | 2 | 3;

/**
 * Entity classes by name (what a `Union` or polymorphic `schema.Array` chooses among), as
 * data-client's `EntityMap`.
 *
 * @example
 * const feed: EntityMap = { posts: Post, links: Link };
 * new Union(feed, 'type');
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export interface EntityMap<T = any> {
  readonly [k: string]: EntityStatics;
}

/**
 * The lookup arguments of an object of schemas: those of any member, as data-client's
 * `ObjectArgs` (a `Query` over `{ ticker: Ticker, stats: Stats }` takes what either takes).
 *
 * @example
 * type A = ObjectArgs<{ ticker: typeof Ticker }>; // [Partial<EntityFields<Ticker>> | string | number]
 */
export type ObjectArgs<S extends Record<string, unknown>> = {
  [K in keyof S]: S[K] extends abstract new (...args: never[]) => infer E ?
    E extends { pk(...args: never[]): unknown } ?
      [Partial<{ [F in keyof E as E[F] extends (...args: never[]) => unknown ? never : F]: E[F] }> | string | number]
    : never
  : S[K] extends { queryKey(args: infer A, ...rest: never[]): unknown } ? A
  : never;
}[keyof S];

/** An object of schemas, each member denormalized, as data-client's `DenormalizeObject`. */
export type DenormalizeObject<S extends Record<string, unknown>> = { [K in keyof S]: Denormalize<S[K]> };
/** An object of schemas, each member denormalized and possibly missing, as data-client's `DenormalizeNullableObject`. */
export type DenormalizeNullableObject<S extends Record<string, unknown>> = { [K in keyof S]: DenormalizeNullable<S[K]> };
/** An object of schemas, each member normalized, as data-client's `NormalizeObject`. */
export type NormalizeObject<S extends Record<string, unknown>> = { [K in keyof S]: Normalize<S[K]> };
/** An object of schemas, each member normalized or missing, as data-client's `NormalizedNullableObject`. */
export type NormalizedNullableObject<S extends Record<string, unknown>> = { [K in keyof S]: Normalize<S[K]> | undefined };

/**
 * An entity as stored: its fields, with each nested-schema field holding the nested pk, as
 * data-client's `NormalizedEntity`.
 *
 * @example
 * type Stored = NormalizedEntity<typeof Article>; // { id: number; title: string; author: string }
 */
export type NormalizedEntity<T> =
  T extends { prototype: infer U; schema: infer S } ? { [K in Exclude<keyof U, keyof S>]: U[K] } & { [K in keyof S]: string } : never;

/**
 * A class with nested field schemas and `fromJS` (an Entity class is one), as data-client's
 * `RecordClass`.
 *
 * @example
 * function build<C extends RecordClass>(cls: C, props: object) { return cls.fromJS(props); }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface RecordClass<T = any> {
  schema: Record<string, Schema | unknown>;
  prototype: T;
  fromJS: (...args: never[]) => T;
}
