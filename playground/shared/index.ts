/**
 * The playground's one set of resource definitions, shared by the Solid, Vue and vanilla pages
 * (and the Node tests): entities, resources, session endpoints, the token store and the managers.
 */
export { apiConfig } from './apiConfig.js';
export { AuthdEndpoint, PlaygroundEndpoint } from './endpoints.js';
export { Project, SecretStats, Stats, Task, User, type TaskStatus } from './entities.js';
export { playgroundManagers } from './managers.js';
export { ProjectResource, TaskResource, UserResource, type TaskBody, type TaskFilters } from './resources.js';
export { getMe, getSecretStats, login, logout, STATS_POLL_MS, StatsResource } from './session.js';
export { tempId } from './tempId.js';
export { TokenStore, tokenStore, type Session } from './tokenStore.js';
export { offlinePlayground, pendingTaskIds } from './offline.js';
export { exposeStats, STATS_GLOBAL } from './exposeStats.js';
