// rest-signals/solid: Solid primitives over the vanilla signal API of `rest-signals`.
// The export list is explicit; the core is imported only through `../../core/index.js`, which the
// build maps to the `rest-signals` package so the adapter shares the application's store.
export { DataProvider, useController, useDataClient } from './context.js';
export type { DataProviderProps } from './context.js';
export { useSuspense } from './useSuspense.js';
export { useLive } from './useLive.js';
export { useDLE } from './useDLE.js';
export { useFetch } from './useFetch.js';
export type { FetchPromise } from '../../core/index.js';
export type { DLEAccessors } from './useDLE.js';
export { useCache } from './useCache.js';
export { useQuery } from './useQuery.js';
export type { QueryResult } from './useQuery.js';
export { useSubscription } from './useSubscription.js';
export { useLoading } from './useLoading.js';
export { useCancelling } from './useCancelling.js';
export { useDebounce } from './useDebounce.js';
export { hookifyResource } from './hookifyResource.js';
export type { HookResource, RequestInitSource } from './hookifyResource.js';
export type { EndpointLike, MaybeAccessor, SolidArgs } from './types.js';
export { useIsRestoring } from './useIsRestoring.js';
export { useMembers } from './useMembers.js';
export { useEntity } from './useEntity.js';
export type { EntityInstance } from './useEntity.js';

// The core names data-client's framework packages re-export beside their hooks.
export * from './coreNames.js';
