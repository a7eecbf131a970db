// `rest-signals/graphql`: GraphQL endpoints beside the REST ones, sharing the app's one store, as
// `@data-client/graphql` 0.18. It re-exports the core (as that package re-exports
// `@data-client/endpoint`), so a definition file importing `Entity`, `schema` and `GQLEndpoint`
// from it works with only its import specifier changed. The core imports nothing from here.
export { GQLEndpoint, type GQLOptions, type GQLVariables } from './GQLEndpoint.js';
export { GQLEntity } from './GQLEntity.js';
export { GQLNetworkError, type GQLError } from './GQLNetworkError.js';
export * from '../core/index.js';
