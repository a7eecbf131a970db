// The runtime plugin of `rest-signals/nuxt` (registered by `module.ts`, compiled by the app's build).
//
// Server: one client per request, created here (Nuxt runs plugins once per request) and destroyed
// once the page is rendered; its committed state goes into the Nuxt payload at `app:rendered`,
// after every `await useSuspense()` of the render settled. The payload holds the text of
// `serializeState` (a string: Nuxt's payload serializer then has plain data to write, whatever
// prototypes the state's tables have).
// Browser: one client for the life of the app, created from that payload before the app mounts,
// so hydration reads the server's data (and errors) from the store instead of fetching.
import { defineNuxtPlugin, type NuxtApp } from '#app';
import { devtools, gcPolicy, managers } from '#build/rest-signals.options.mjs';
import { createDataClient, GCPolicy, ImmortalGCPolicy, serializeState, type DataClient, type DataClientOptions, type State } from 'rest-signals';
import { DataClientPlugin } from 'rest-signals/vue';
import { withPublicErrors } from '../ssr/publicErrors.js';

/** The payload key that carries the server's state. */
const PAYLOAD_KEY = 'restSignals';

function clientOptions(server: boolean, initialState: State | undefined): DataClientOptions {
  const options: { -readonly [K in keyof DataClientOptions]: DataClientOptions[K] } = {};
  if (managers !== undefined) options.managers = managers({ server });
  // a server client is destroyed after its response: no sweep is ever due
  if (server || gcPolicy === 'immortal') options.gcPolicy = new ImmortalGCPolicy();
  else if (gcPolicy !== undefined) options.gcPolicy = new GCPolicy(gcPolicy);
  if (initialState !== undefined) options.initialState = initialState;
  return options;
}

function serverClient(nuxtApp: NuxtApp): DataClient {
  const client = createDataClient(clientOptions(true, undefined));
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    client.destroy();
  };
  nuxtApp.hooks.hook('app:rendered', () => {
    nuxtApp.payload[PAYLOAD_KEY] = serializeState(client.controller.getState());
    destroy();
  });
  // a render that throws never reaches `app:rendered`; the response still ends
  nuxtApp.ssrContext?.event.node.res.once('close', destroy);
  // a rejected `await useSuspense()` becomes Nuxt's error page and payload: only its public form goes
  return withPublicErrors(client);
}

function browserClient(nuxtApp: NuxtApp): DataClient {
  const json = nuxtApp.payload[PAYLOAD_KEY];
  const initialState = typeof json === 'string' ? (JSON.parse(json) as State) : undefined;
  return createDataClient(clientOptions(false, initialState));
}

/**
 * The runtime plugin `rest-signals/nuxt` registers: provides the request's (server) or the app's
 * (browser) client to `DataClientPlugin`, and as `useNuxtApp().$restSignals`.
 *
 * @example
 * const { $restSignals } = useNuxtApp();
 * console.log($restSignals.controller.getState());
 */
export default defineNuxtPlugin({
  name: 'rest-signals',
  enforce: 'pre',
  setup(nuxtApp) {
    const client = import.meta.server ? serverClient(nuxtApp) : browserClient(nuxtApp);
    nuxtApp.vueApp.use(DataClientPlugin, { client, devtools: !import.meta.server && devtools });
    return { provide: { restSignals: client } };
  },
});
