// Persistence and offline: `persist()` and its storages. Nothing here is loaded by an app that
// does not import it (the offline queue, RequestGate, comes with `persist` or `OnlineManager`).
export { persist, type PersistOptions, type Persistence } from './persist.js';
export { localStorageStorage, indexedDBStorage, type PersistStorage } from './storages.js';
export type { PersistResources } from './endpointNames.js';
export { isRestoring } from './isRestoring.js';
export { pausedMutations, type PausedMutationInfo } from './pausedMutations.js';
