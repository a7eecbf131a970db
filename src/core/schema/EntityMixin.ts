import { copyFields, Entity } from './Entity.js';
import { defineDefaultKey, MIXIN_NAME } from './entityKey.js';

/** Options of `EntityMixin`. */
export interface EntityMixinOptions<T> {
  /**
   * The entity type name.
   * @default the base class's own `static key`, else the class name (of the subclass that reads it)
   */
  key?: string;
  /**
   * The primary key: a field name, or a function of the (processed) value.
   * @default 'id'
   */
  pk?: (keyof T & string) | ((value: T, parent?: unknown, key?: string, args?: readonly unknown[]) => string | number | undefined);
  /** Nested schemas of fields, as `Entity.schema`. */
  schema?: Record<string, unknown>;
  /** Indexed fields, as `Entity.indexes`. */
  indexes?: readonly (keyof T & string)[];
}

/** The static members an entity class has (those of `Entity`). */
export type EntityStatics = Omit<typeof Entity, 'prototype'>;

/**
 * What `EntityMixin(Base)` returns: `Base`'s statics and instances, plus `Entity`'s statics and
 * an instance `pk()`; one construct signature, so the result can be extended.
 */
export type EntityMixinClass<TBase extends abstract new (...args: never[]) => object> = Omit<TBase, 'prototype'> &
  EntityStatics &
  (new (...args: ConstructorParameters<TBase>) => InstanceType<TBase> & {
    pk(parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined;
  });

const STATICS = [
  'pk',
  'validate',
  'merge',
  'shouldUpdate',
  'shouldReorder',
  'mergeWithStore',
  'mergeMetaWithStore',
  'fromJS',
  'createIfValid',
  'normalize',
  'denormalize',
  'queryKey',
  'defaults',
  'toString',
  'toJSON',
] as const;

/**
 * Turns an existing data class into an Entity without changing its inheritance: the result
 * extends `Base` and carries `Entity`'s static members, with `key`, `pk`, `schema` and
 * `indexes` from the options. With no options the key is the base's `static key` (or that of a
 * subclass of the result), else the class name, and the primary key is `Base`'s `pk()` or `id`.
 *
 * @example
 * class UserData { id = ''; username = ''; }
 * const User = EntityMixin(UserData, { key: 'User', pk: 'id', indexes: ['username'] });
 * normalize(User, { id: 'u1', username: 'ann' }).result; // 'u1'
 * class Article extends EntityMixin(class { id = 0; title = ''; }) {}
 * Article.key; // 'Article'
 */
export function EntityMixin<TBase extends abstract new (...args: never[]) => object>(
  Base: TBase,
  options: EntityMixinOptions<InstanceType<TBase>> = {},
): EntityMixinClass<TBase> {
  if (options.key !== undefined && (typeof options.key !== 'string' || options.key === '')) {
    throw new TypeError(`EntityMixin(${Base.name}): option "key" must be a non-empty string`);
  }
  const Mixed = class extends (Base as unknown as new () => object) {};
  // named as data-client names it (instances print as `EntityMixin {...}`); its default key
  // still comes from `Base`'s name, or from the name of a subclass that extends it
  Object.defineProperty(Mixed, 'name', { value: MIXIN_NAME });
  for (const name of STATICS) {
    // copied as descriptors, so an accessor (`defaults`) stays an accessor of the subclass that reads it
    Object.defineProperty(Mixed, name, Object.getOwnPropertyDescriptor(Entity, name)!);
  }
  // a plain copy, without `Entity`'s check for an array reply (data-client's mixin has none)
  Object.defineProperty(Mixed, 'process', { value: copyFields, writable: true, configurable: true });
  if (options.key !== undefined) {
    Object.defineProperty(Mixed, 'key', { value: options.key, writable: true, enumerable: true, configurable: true });
  } else if (!('key' in Base)) {
    defineDefaultKey(Mixed, Base.name);
  }
  // any other option is a static member of the result (`process`, `merge`, ...), as in data-client
  for (const name of Object.keys(options)) {
    if (name === 'key' || name === 'pk' || name === 'schema' || name === 'indexes') continue;
    Object.defineProperty(Mixed, name, { value: (options as Record<string, unknown>)[name], writable: true, configurable: true });
  }
  const baseSchema = (Base as { schema?: unknown }).schema;
  if (options.schema !== undefined || baseSchema === undefined) {
    Object.defineProperty(Mixed, 'schema', { value: options.schema ?? {}, writable: true, configurable: true });
  }
  if (options.indexes !== undefined || !('indexes' in Base)) {
    Object.defineProperty(Mixed, 'indexes', { value: options.indexes, writable: true, configurable: true });
  }
  const pk = options.pk;
  let pkMethod: unknown;
  if (typeof pk === 'string') {
    pkMethod = function (this: unknown) {
      return (this as Record<string, unknown>)[pk];
    };
  } else if (typeof pk === 'function') {
    pkMethod = function (this: unknown, parent?: unknown, key?: unknown, args?: unknown) {
      return pk(this as InstanceType<TBase>, parent, key as string | undefined, args as readonly unknown[] | undefined);
    };
  } else if (pk === undefined) {
    pkMethod = typeof (Base.prototype as { pk?: unknown }).pk === 'function' ? (Base.prototype as { pk: () => unknown }).pk : Entity.prototype.pk;
  } else {
    throw new TypeError(`EntityMixin(${options.key ?? Base.name}): option "pk" must be a field name or a function`);
  }
  Object.defineProperty(Mixed.prototype, 'pk', { value: pkMethod, writable: true, configurable: true });
  return Mixed as never;
}
