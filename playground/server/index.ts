/** The playground server: `createPlaygroundServer`, the seed board and the wire types of its replies. */
export { createPlaygroundServer, DEFAULT_STATIC_DIR, DEFAULT_TOKEN_TTL_MS, type PlaygroundServer, type PlaygroundServerOptions } from './createPlaygroundServer.js';
export { createSeedBoard, SEED_PASSWORD, TASK_STATUSES, type Board, type Project, type Task, type TaskStatus, type User } from './seed.js';
export { TASK_PAGE_SIZE } from './taskRoutes.js';
export { USER_PAGE_SIZE, type UserPage } from './userRoutes.js';
export type { LoginReply, SecretStats, Stats } from './sessionRoutes.js';
export type { ControlState } from './controlRoutes.js';
export { PAGE_NAMES } from './staticRoutes.js';
