// The `rest-signals/devtools` entry: the in-page panel and the Redux DevTools bridge. Nothing
// here is part of the core or adapter bundles; an app that never imports it pays nothing.
export { mountDevtools, type MountDevtoolsOptions } from './panel/mountDevtools.js';
export {
  DevToolsManager,
  type DevToolsManagerOptions,
  type ReduxDevToolsExtension,
  type ReduxDevToolsConnection,
  type StateSummary,
} from './DevToolsManager.js';
export { describeAction, type ActionSummary } from './describeAction.js';
export { registerVueDevtools, VUE_DEVTOOLS_ID } from './vue/registerVueDevtools.js';
