import { Entity } from './Entity.js';

/** Options of `EntityMixin`. */
export interface EntityMixinOptions<T> {
  /** The entity type name. Required. */
  key: string;
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

const STATICS = [
  'pk',
  'process',
  'validate',
  'merge',
  'shouldReorder',
  'mergeWithStore',
  'mergeMetaWithStore',
  'fromJS',
  'normalize',
  'denormalize',
  'queryKey',
] as const;

/**
 * Turns an existing data class into an Entity without changing its inheritance: the result
 * extends `Base` and carries `Entity`'s static members, with `key`, `pk`, `schema` and
 * `indexes` from the options.
 *
 * @example
 * class UserData { id = ''; username = ''; }
 * const User = EntityMixin(UserData, { key: 'User', pk: 'id', indexes: ['username'] });
 * normalize(User, { id: 'u1', username: 'ann' }).result; // 'u1'
 */
export function EntityMixin<TBase extends abstract new (...args: never[]) => object>(
  Base: TBase,
  options: EntityMixinOptions<InstanceType<TBase>>,
): TBase & EntityStatics & (new () => InstanceType<TBase> & { pk(): string | number | undefined }) {
  if (!options || typeof options.key !== 'string' || options.key === '') {
    throw new TypeError(`EntityMixin(${Base.name}): option "key" must be a non-empty string`);
  }
  const Mixed = class extends (Base as unknown as new () => object) {};
  Object.defineProperty(Mixed, 'name', { value: Base.name || options.key });
  for (const name of STATICS) {
    Object.defineProperty(Mixed, name, { value: Entity[name], writable: true, configurable: true });
  }
  Object.defineProperty(Mixed, 'key', { value: options.key, writable: true, configurable: true });
  Object.defineProperty(Mixed, 'schema', { value: options.schema ?? {}, writable: true, configurable: true });
  Object.defineProperty(Mixed, 'indexes', { value: options.indexes, writable: true, configurable: true });
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
    throw new TypeError(`EntityMixin(${options.key}): option "pk" must be a field name or a function`);
  }
  Object.defineProperty(Mixed.prototype, 'pk', { value: pkMethod, writable: true, configurable: true });
  return Mixed as never;
}
