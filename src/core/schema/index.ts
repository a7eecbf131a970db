/**
 * The schema layer: entity and container schemas, normalize into write-sets, denormalize,
 * and lookups. Pure: it knows nothing of signals, the store or HTTP.
 */
export { Entity } from './Entity.js';
export { EntityMixin, type EntityMixinOptions, type EntityMixinClass } from './EntityMixin.js';
export { Collection, type CollectionOptions, type CollectionInner, type PolymorphicInterface } from './Collection.js';
export { unshift, type CollectionMerge } from './collectionMerge.js';
export type { NonFilterArgumentKeys } from './collectionKey.js';
export { Union, type SchemaAttribute } from './Union.js';
export { Invalidate } from './Invalidate.js';
export { Query } from './Query.js';
export { All } from './All.js';
export { Lazy, LazyQuery } from './Lazy.js';
export { Values } from './Values.js';
export { Scalar, type ScalarOptions, type ScalarRef } from './Scalar.js';
export { ArraySchema, ArraySchema as Array } from './ArraySchema.js';
// `Object` as data-client's index names `schema.Object` (a value too: a declaration bundle cannot
// keep a class export type-only, so the name must exist at run time as well)
export { ObjectSchema, ObjectSchema as Object } from './ObjectSchema.js';
export { schema } from './namespace.js';
export { normalize, type NormalizedData, type NormalizedStore } from './normalize.js';
export { denormalize } from './denormalize.js';
export { normalizeToWriteSet } from './normalizeToWriteSet.js';
export { queryKey } from './queryKey.js';
export { SchemaError } from './SchemaError.js';
export { validateRequired } from './validateRequired.js';
export { INVALID } from './protocol.js';
export type { Invalid, EntityMeta, EntityReader, DenormalizeReader, WriteSet, EntityLike, SnapshotInterface } from './protocol.js';
export type { Denormalize, DenormalizeNullable, Normalize, Schema, EntityClass, UnionRef } from './types.js';
export type {
  IEntityClass,
  IEntityInstance,
  DefaultArgs,
  Serializable,
  SchemaClass,
  Mergeable,
  INormalizeDelegate,
  IDenormalizeDelegate,
  IQueryDelegate,
  GetEntity,
  GetIndex,
  IndexPath,
  EntityPath,
  EntitiesPath,
  NormalizedIndex,
  EntityTable,
  EntitiesInterface,
  Visit,
  CheckLoop,
  ExpiryStatusInterface,
  EntityMap,
  ObjectArgs,
  DenormalizeObject,
  DenormalizeNullableObject,
  NormalizeObject,
  NormalizedNullableObject,
  NormalizedEntity,
  RecordClass,
} from './compatTypes.js';
