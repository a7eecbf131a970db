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
 * Every schema class under one name, as data-client's `schema.*` namespace.
 *
 * @example
 * const users = new schema.Array(User);
 * const page = new schema.Object({ results: users });
 */
export const schema = {
  Entity,
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
