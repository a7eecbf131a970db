// rest-signals/test/vue: mount a Vue component over a mock client (on @vue/test-utils).
export { mountDataClient } from './mountDataClient.js';
export type { MountDataClientOptions, MountDataClientResult } from './mountDataClient.js';
