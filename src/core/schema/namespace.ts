import { Entity } from './Entity.js';
import { EntityMixin } from './EntityMixin.js';
import { Collection } from './Collection.js';
import { Union } from './Union.js';
import { Invalidate } from './Invalidate.js';
import { ArraySchema } from './ArraySchema.js';
import { Values } from './Values.js';
import { ObjectSchema } from './ObjectSchema.js';
import { All } from './All.js';
import { Query } from './Query.js';
import { Lazy } from './Lazy.js';
import { Scalar } from './Scalar.js';

/**
 * `schema.Entity`: the `Entity` class (extend it) that can also be called as data-client 0.18's
 * `schema.Entity(Base, options)`, which is `EntityMixin`; like data-client's, its name is
 * `EntityMixin`. Classes extending it are ordinary `Entity` subclasses (`instanceof Entity`).
 */
const EntityOrMixin = new Proxy(Entity, {
  apply: (_target, _this, args: Parameters<typeof EntityMixin>) => EntityMixin(...args),
  get: (target, prop, receiver) => (prop === 'name' ? 'EntityMixin' : Reflect.get(target, prop, receiver)),
}) as typeof Entity & typeof EntityMixin;

/**
 * Every schema class under one name, as data-client's `schema.*` namespace.
 *
 * @example
 * const users = new schema.Array(User);
 * const page = new schema.Object({ results: users });
 */
export const schema = {
  Entity: EntityOrMixin,
  EntityMixin,
  Collection,
  Union,
  Invalidate,
  Array: ArraySchema,
  Values,
  Object: ObjectSchema,
  All,
  Query,
  Lazy,
  Scalar,
} as const;
