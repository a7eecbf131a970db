export { Controller, type AnyEndpoint, type KeyTest } from './Controller.js';
export type { Manager } from './Manager.js';
export * as actionTypes from './actionTypes.js';
export type {
  ActionMeta,
  ActionTypes,
  Dispatch,
  ExpireAllAction,
  FetchAction,
  GCAction,
  InvalidateAction,
  InvalidateAllAction,
  Middleware,
  MiddlewareAPI,
  OptimisticAction,
  ResetAction,
  SetAction,
  SetResponseAction,
  SubscribeAction,
  UnsubscribeAction,
} from './actions.js';
export { NetworkManager, DEFAULT_DATA_EXPIRY, DEFAULT_ERROR_EXPIRY, type NetworkManagerOptions } from './NetworkManager.js';
export { SubscriptionManager } from './SubscriptionManager.js';
export { PollingSubscription } from './PollingSubscription.js';
export { LogoutManager, type LogoutManagerOptions } from './LogoutManager.js';
export { FocusManager, OnlineManager } from './RevalidateManager.js';
export { windowFocusSource, windowOnlineSource, type EventSource } from './eventSources.js';
export { getDefaultManagers, type GetManagersOptions, type DevToolsConfig } from './getDefaultManagers.js';
export { Snapshot, AbortOptimistic } from './Snapshot.js';
