export { StreamManager, type StreamManagerOptions } from './StreamManager.js';
export type { StreamMessage, StreamSource, StreamStatus } from './StreamSource.js';
export { TabSyncManager, type TabSyncManagerOptions } from './TabSyncManager.js';
