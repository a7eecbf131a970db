// rest-signals/solid2: Solid 2 primitives over the vanilla signal API of `rest-signals`, in Solid 2's
// async model (`<Loading>`, `isPending`, `refresh`, `<Errored>`, `action`). The export list is explicit
// and names what `rest-signals/solid` (Solid 1.9) names; the core is imported only through
// `../../core/index.js`, which the build maps to the `rest-signals` package so the app has one store.
export { DataProvider, useController, useDataClient } from './context.js';
export type { DataProviderProps } from './context.js';
export { useSuspense } from './useSuspense.js';
export { useLive } from './useLive.js';
export { useDLE } from './useDLE.js';
export type { DLEAccessors } from './useDLE.js';
export { useFetch } from './useFetch.js';
export type { FetchPromise } from '../../core/index.js';
export { useCache } from './useCache.js';
export { useQuery } from './useQuery.js';
export type { QueryResult } from './useQuery.js';
export { useSubscription } from './useSubscription.js';
// These two need nothing of Solid that differs between the majors (createSignal, createMemo,
// untrack, onCleanup): one module serves both.
export { useLoading } from '../solid/useLoading.js';
export { useCancelling } from '../solid/useCancelling.js';
export { useDebounce } from './useDebounce.js';
export { hookifyResource } from '../solid/hookifyResource.js';
export type { HookResource, RequestInitSource } from '../solid/hookifyResource.js';
export type { EndpointLike, MaybeAccessor, SolidArgs } from '../solid/types.js';
export { useIsRestoring } from './useIsRestoring.js';
export { useMembers } from './useMembers.js';
export { useEntity } from './useEntity.js';
export type { EntityInstance } from './useEntity.js';

// The core names data-client's framework packages re-export beside their hooks, as `rest-signals/solid` does.
export * from '../solid/coreNames.js';
