// The `rest-signals` entry. The schema and REST layers keep their own explicit export lists
// (`schema/index.ts`, `rest/index.ts`); this file adds the store, the Controller, the managers
// and the vanilla signal API.
export * from './schema/index.js';
export * from './rest/index.js';

export {
  createDataClient,
  type DataClient,
  type DataClientOptions,
  type DLE,
  type ClientStats,
  type DataOf,
  type ArgsOf,
} from './client.js';
export {
  Controller,
  NetworkManager,
  SubscriptionManager,
  PollingSubscription,
  LogoutManager,
  FocusManager,
  OnlineManager,
  getDefaultManagers,
  type GetManagersOptions,
  type DevToolsConfig,
  type NetworkManagerOptions,
  windowFocusSource,
  windowOnlineSource,
  Snapshot,
  AbortOptimistic,
  DEFAULT_DATA_EXPIRY,
  DEFAULT_ERROR_EXPIRY,
  actionTypes,
  type AnyEndpoint,
  type KeyTest,
  type Manager,
  type ActionMeta,
  type ActionTypes,
  type Dispatch,
  type ExpireAllAction,
  type FetchAction,
  type GCAction,
  type InvalidateAction,
  type InvalidateAllAction,
  type Middleware,
  type MiddlewareAPI,
  type OptimisticAction,
  type ResetAction,
  type SetAction,
  type SetResponseAction,
  type SubscribeAction,
  type UnsubscribeAction,
  type LogoutManagerOptions,
  type EventSource,
} from './controller/index.js';
export { GCPolicy, ImmortalGCPolicy, type GCInterface, type GCOptions } from './controller/GCPolicy.js';
export {
  ExpiryStatus,
  serializeState,
  type ErrorPolicy,
  type ResultEntry,
  type StoreAction,
  type State,
  type ResultMeta,
  type ResponseState,
} from './store/index.js';
export { membersOf, sameMembers } from './store/index.js';
export { denormalizeCached, DenormalizeCache, type DenormalizeCacheOptions } from './store/denormalizeCached.js';
export {
  persist,
  localStorageStorage,
  indexedDBStorage,
  isRestoring,
  pausedMutations,
  type PausedMutationInfo,
  type PersistOptions,
  type Persistence,
  type PersistStorage,
  type PersistResources,
} from './persistence/index.js';
export type { OnlineManagerOptions } from './controller/RevalidateManager.js';
export {
  inspectStore,
  type StoreInspector,
  type EntityInspection,
  type ResultInspection,
  type RequestInspection,
  type OptimisticInspection,
} from './controller/inspectStore.js';
export {
  StreamManager,
  TabSyncManager,
  type StreamManagerOptions,
  type StreamMessage,
  type StreamSource,
  type StreamStatus,
  type TabSyncManagerOptions,
} from './streaming/index.js';
export type { SetArgs, SetData, SetValue } from './controller/setTypes.js';
export {
  readOutcome,
  trackFetch,
  type EndpointLike,
  type FetchPromise,
  type Outcome,
  type QueryResult,
  type ReadableSignal,
  type StoreSignals,
} from './vocabulary.js';
