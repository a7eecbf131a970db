import { createComponent, onCleanup, type Element, type ParentProps } from 'solid-js';
import { getHydrationWriter, isServer, takeHydrationValue } from '@solidjs/web';
import { createDataClient, getDefaultManagers, type DataClient, type DataClientOptions, type Manager, type State } from '../../../core/index.js';
import { DataProvider as ClientProvider } from 'rest-signals/solid2';
import { CHUNK_PREFIX, readStreamedState, streamingManager } from '../../../solid-start/streamedState.js';
import { withPublicErrors } from '../../../ssr/publicErrors.js';

/**
 * Props of the server-rendering `DataProvider`.
 *
 * @example
 * const props: SsrDataProviderProps = { managers: () => [new LogoutManager(), ...getDefaultManagers()] };
 */
export type SsrDataProviderProps = ParentProps<{
  /**
   * The managers of each client (a factory: each server render has its own client).
   * @default getDefaultManagers
   */
  managers?: () => readonly Manager[];
  /** When unwatched data is released. */
  gcPolicy?: DataClientOptions['gcPolicy'];
}>;

/** The state the server wrote into the page (`rest-signals:0`, `:1`, … in order), or `undefined`. */
function streamedState(): State | undefined {
  const chunks: Record<string, string> = {};
  for (let n = 0, taken = takeHydrationValue<string>(CHUNK_PREFIX + n); taken?.status === 'resolved'; taken = takeHydrationValue<string>(CHUNK_PREFIX + ++n)) {
    chunks[CHUNK_PREFIX + n] = taken.value;
  }
  return readStreamedState(chunks);
}

/** A client for one server render, whose every commit is written into the render's hydration data at once. */
function serverClient(props: SsrDataProviderProps): DataClient {
  // captured at setup, where the render is known
  const writer = getHydrationWriter();
  let chunk = 0;
  const streamer = streamingManager(json => {
    if (writer?.write(CHUNK_PREFIX + chunk, json)) chunk++;
  });
  // Solid serializes a caught error into the page: only its public form goes
  return withPublicErrors(createDataClient({ managers: [...(props.managers?.() ?? getDefaultManagers()), streamer], ...(props.gcPolicy && { gcPolicy: props.gcPolicy }) }));
}

/**
 * `DataProvider` for Solid 2 server rendering (`renderToStream`): a client per render, its commits
 * streamed into the hydration data; the browser's client starts from them (no second request).
 * Hydrate after the document arrived.
 *
 * @example
 * // the app's root, rendered by renderToStream on the server and hydrate() in the browser
 * export const App = () => (
 *   <DataProvider>
 *     <Loading fallback={<p>Loading…</p>}><Articles /></Loading>
 *   </DataProvider>
 * );
 */
export function DataProvider(props: SsrDataProviderProps): Element {
  let client: DataClient;
  if (isServer) client = serverClient(props);
  else {
    const initialState = streamedState();
    client = createDataClient({
      ...(props.managers && { managers: props.managers() }),
      ...(props.gcPolicy && { gcPolicy: props.gcPolicy }),
      ...(initialState && { initialState }),
    });
  }
  const created = client;
  onCleanup(() => created.destroy());
  return createComponent(ClientProvider, {
    client,
    get children() {
      return props.children;
    },
  });
}
