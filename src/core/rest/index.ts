/**
 * The REST definition layer: path templates, `Endpoint` / `RestEndpoint`, `resource()`,
 * `NetworkError`. It builds requests and parses replies; it knows nothing of the store.
 */
export { Endpoint } from './Endpoint.js';
export { RestEndpoint, type PageEndpoint } from './RestEndpoint.js';
export { resource } from './resource.js';
export { createResource } from './createResource.js';
export { getUrlBase, getUrlTokens } from './urlHelpers.js';
export { Endpoint as ExtendableEndpoint } from './Endpoint.js';

export { NetworkError, isNetworkError } from './NetworkError.js';
export { ParseError, isParseError } from './ParseError.js';
export { ConnectionError, isConnectionError } from './ConnectionError.js';
export { removeLastArg } from './removeLastArg.js';
export { hookifyMembers, withRequestInit, type HookResource } from './hookify.js';
export { optimisticCreate, optimisticUpdate, optimisticPartial, optimisticDelete } from './optimistic.js';
export type { EndpointExtraOptions, EndpointOptions, RetryDelayOption, RetryOption } from './endpointTypes.js';
export type { EndpointInstance } from './EndpointInterface.js';
export type {
  RestGenerics,
  RestEndpointOptions,
  RestArgs,
  RestReturn,
  RestFetchReturn,
  RestInstance,
  HeadersRecord,
  RawBody,
  SearchValue,
  ParamsOf,
  BodyOf,
} from './restTypes.js';
export type { PathArgs, PathKeys, ShortenPath } from './pathTypes.js';
export type {
  PartialRestGenerics,
  RestEndpointExtendOptions,
  RestExtendedEndpoint,
  RestInstanceBase,
  IRestEndpoint,
  RestEndpointConstructor,
  KeyofRestEndpoint,
  KeyofEndpointInstance,
  EndpointInstanceInterface,
  EndpointExtendOptions,
  EndpointToFunction,
  MethodToSide,
  FromFallBack,
  KeysToArgs,
  ParamToArgs,
  ParamFetchNoBody,
  ParamFetchWithBody,
  RestTypeWithBody,
  RestTypeNoBody,
  PaginationEndpoint,
  PaginationFieldEndpoint,
  RemoveEndpoint,
  MoveEndpoint,
  OptionsToFunction,
  ResourceExtension,
  CustomResource,
  ExtendedResource,
  ResourceEndpointExtensions,
  UnknownError,
  ErrorTypes,
} from './extensionTypes.js';
export type {
  Resource,
  ResourceGenerics,
  ResourceOptions,
  ResourceExtend,
  ResourceBody,
  ResourcePartialBody,
  RestEndpointClass,
  CollectionItem,
  DeleteResult,
} from './resourceTypes.js';
export type { Resolved } from './resolveReply.js';
export type {
  GetEndpoint,
  MutateEndpoint,
  RestEndpointConstructorOptions,
  ContentType,
  SchemaArgs,
  EntityFields,
  EntityInterface,
  AbstractInstanceType,
  NormalizeNullable,
  FetchFunction,
  ResolveType,
  EndpointParam,
  EndpointInterface,
  ReadEndpoint,
  PathArgsAndSearch,
  ResourceInterface,
  Queryable,
  SchemaSimple,
  RestType,
  AddEndpoint,
  Defaults,
  NI,
  FetchGet,
  FetchMutate,
  RestFetch,
} from './compatTypes.js';
