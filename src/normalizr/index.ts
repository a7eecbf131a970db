// The `rest-signals/normalizr` entry, where data-client keeps its pure functions
// (`@data-client/normalizr`): normalize a reply into entity tables, denormalize tables back,
// with no store. They are the store's own normalize and denormalize (one implementation), and
// the schemas they take are the core's, so this entry imports the core by the package's name.
export {
  normalize,
  denormalize,
  denormalizeCached,
  DenormalizeCache,
  INVALID,
  SchemaError,
  type NormalizedData,
  type NormalizedStore,
  type DenormalizeCacheOptions,
  type Invalid,
  type EntityMeta,
  type DenormalizeReader,
} from '../core/index.js';
