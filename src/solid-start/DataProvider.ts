import { createComponent, onCleanup, sharedConfig, type JSX } from 'solid-js';
import { isServer } from 'solid-js/web';
import { createDataClient, getDefaultManagers, type DataClient, type DataClientOptions, type Manager } from 'rest-signals';
import { DataProvider as ClientProvider } from 'rest-signals/solid';
import { CHUNK_PREFIX, readStreamedState, streamingManager } from './streamedState.js';
import { withPublicErrors } from '../ssr/publicErrors.js';

/**
 * Props of the SolidStart `DataProvider`: the options of the clients it creates (one per server
 * request, one for the browser app).
 *
 * @example
 * const props: StreamingDataProviderProps = { managers: () => [new LogoutManager(), ...getDefaultManagers()] };
 */
export interface StreamingDataProviderProps extends Partial<Pick<DataClientOptions, 'gcPolicy'>> {
  /**
   * Makes the managers of one client; called once per server request and once in the browser. A
   * factory, not an array: a manager instance serves one client.
   * @default getDefaultManagers
   */
  managers?: () => Manager[];
  children?: JSX.Element;
}

/** What this module needs of Solid's server render context (`sharedConfig.context`). */
interface RenderContext {
  noHydrate?: boolean;
  serialize?: (id: string, value: unknown) => void;
}

/** The browser's client: one for the life of the app, created from the state the page carried. */
let browserClient: DataClient | undefined;

function options(props: StreamingDataProviderProps): { -readonly [K in keyof DataClientOptions]: DataClientOptions[K] } {
  const result: { -readonly [K in keyof DataClientOptions]: DataClientOptions[K] } = {};
  const { managers } = props;
  if (typeof managers === 'function') result.managers = managers();
  else if (managers !== undefined) {
    // data-client's React provider takes an array because it makes one client; this one makes a
    // client per request, and an instance shared between them would serve both
    throw new TypeError(
      `rest-signals/solid-start DataProvider: option managers must be a function that returns new managers (managers={() => [new LogoutManager(), ...getDefaultManagers()]}), got ${Array.isArray(managers) ? 'an array' : typeof managers}: each server request makes a client, and a manager instance serves one client`,
    );
  }
  if (props.gcPolicy !== undefined) result.gcPolicy = props.gcPolicy;
  return result;
}

/**
 * A client for one server render: what each store action changes is written into Solid's stream
 * at once (as `rest-signals:<n>` in the hydration data; a reset as a reset), before the
 * `<Suspense>` boundary that waited for it is sent, and the client is destroyed when the render is
 * disposed.
 */
function serverClient(props: StreamingDataProviderProps): DataClient {
  // the render context of this request, kept for the writes that come after the shell is sent
  const context = sharedConfig.context as RenderContext | undefined;
  let chunk = 0;
  const streamer = streamingManager(json => {
    if (context?.serialize === undefined) return;
    // `serialize` consults the current context; after the shell that is no longer this render's
    const current = sharedConfig.context;
    sharedConfig.context = { ...context, noHydrate: false } as unknown as typeof sharedConfig.context;
    try {
      context.serialize(`${CHUNK_PREFIX}${chunk++}`, json);
    } finally {
      sharedConfig.context = current;
    }
  });
  const base = options(props);
  const client = createDataClient({ ...base, managers: [...(base.managers ?? getDefaultManagers()), streamer] });
  onCleanup(() => client.destroy());
  // Solid serializes what an <ErrorBoundary> caught (message, stack) into the page: only the
  // error's public form goes
  return withPublicErrors(client);
}

function clientForBrowser(props: StreamingDataProviderProps): DataClient {
  if (browserClient === undefined) {
    const resources = (globalThis as { _$HY?: { r?: Record<string, unknown> } })._$HY?.r;
    const initialState = readStreamedState(resources);
    const base = options(props);
    browserClient = createDataClient(initialState === undefined ? base : { ...base, initialState });
  }
  return browserClient;
}

/**
 * `DataProvider` for SolidStart's streaming server rendering. On the server it gives each request
 * a client of its own (destroyed when the render ends) and streams what that client commits into
 * the HTML as it arrives, ahead of the `<Suspense>` boundary that waited for it; in the browser it
 * creates one client for the life of the app from that streamed state, so `useSuspense` from
 * `rest-signals/solid` hydrates without a second request. Hydrate after `streamEnd()` in
 * `entry-client`, so the client starts with every part of the stream. The primitives of
 * `rest-signals/solid` work under it unchanged.
 *
 * @example
 * // src/app.tsx
 * export default function App() {
 *   return (
 *     <DataProvider>
 *       <Router root={props => <Suspense>{props.children}</Suspense>}><FileRoutes /></Router>
 *     </DataProvider>
 *   );
 * }
 */
export function DataProvider(props: StreamingDataProviderProps): JSX.Element {
  const client = isServer ? serverClient(props) : clientForBrowser(props);
  return createComponent(ClientProvider, {
    client,
    get children() {
      return props.children;
    },
  });
}

/**
 * Resolves once the page's HTML stream has been read to its end (at once when it already has):
 * every state chunk the server streamed is then in the page. Mount the app after it.
 *
 * @example
 * // src/entry-client.tsx
 * void streamEnd().then(() => mount(() => <StartClient />, document.getElementById('app')!));
 */
export function streamEnd(): Promise<void> {
  if (typeof document === 'undefined' || document.readyState !== 'loading') return Promise.resolve();
  return new Promise(resolve => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}
