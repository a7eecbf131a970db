import type { App } from 'vue';
import type { DataClient } from '../../core/index.js';
// not `inspectStore` from the entry: see storeInspector.ts
import { storeInspector as inspectStore } from '../../core/controller/storeInspector.js';
import { describeAction } from '../describeAction.js';
import { inspectorState, inspectorTree } from './inspectorTree.js';

/** The id of the inspector and of the timeline layer rest-signals adds to Vue Devtools. */
export const VUE_DEVTOOLS_ID = 'rest-signals';

/** How long tree/state refreshes are held back after an action, so a burst sends one. */
const REFRESH_MS = 100;

/**
 * Adds a "rest-signals" inspector (entity tables and results, with their values and watcher
 * counts) and a timeline layer (store actions) to Vue Devtools, through `@vue/devtools-api`,
 * which is loaded only here: an optional peer dependency, fetched when the app asks for
 * devtools. `DataClientPlugin` calls it for `app.use(DataClientPlugin, { devtools: true })`;
 * resolves once registered. Stops listening to the store when the app unmounts.
 *
 * @example
 * await registerVueDevtools(app, client);
 */
export async function registerVueDevtools(app: App, client: Pick<DataClient, 'controller'>): Promise<void> {
  const { setupDevtoolsPlugin } = await import('@vue/devtools-api');
  const inspector = inspectStore(client.controller);
  setupDevtoolsPlugin(
    { id: VUE_DEVTOOLS_ID, label: 'rest-signals', packageName: 'rest-signals', app, enableEarlyProxy: true },
    api => {
      api.addInspector({ id: VUE_DEVTOOLS_ID, label: 'rest-signals', icon: 'storage', treeFilterPlaceholder: 'type, pk or key' });
      api.addTimelineLayer({ id: VUE_DEVTOOLS_ID, label: 'rest-signals', color: 0x1f6feb });
      api.on.getInspectorTree(payload => {
        if (payload.inspectorId === VUE_DEVTOOLS_ID) payload.rootNodes = inspectorTree(inspector, payload.filter);
      });
      api.on.getInspectorState(payload => {
        if (payload.inspectorId === VUE_DEVTOOLS_ID) payload.state = inspectorState(inspector, payload.nodeId);
      });
      let refresh: ReturnType<typeof setTimeout> | undefined;
      const stop = inspector.listen(action => {
        const summary = describeAction(action);
        api.addTimelineEvent({
          layerId: VUE_DEVTOOLS_ID,
          event: { time: api.now(), title: action.type, subtitle: summary.keys.join(' '), data: summary, logType: action.type === 'setError' ? 'error' : 'default' },
        });
        refresh ??= setTimeout(() => {
          refresh = undefined;
          api.sendInspectorTree(VUE_DEVTOOLS_ID);
          api.sendInspectorState(VUE_DEVTOOLS_ID);
        }, REFRESH_MS);
      });
      app.onUnmount(() => {
        stop();
        if (refresh !== undefined) clearTimeout(refresh);
      });
    },
  );
}
