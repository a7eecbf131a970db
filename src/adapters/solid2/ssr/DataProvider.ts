import { computed, type ReadonlySignal } from '@preact/signals-core';
import { createComponent, onCleanup, type Element, type ParentProps } from 'solid-js';
import { getHydrationWriter, isServer, takeHydrationValue } from '@solidjs/web';
import { createDataClient, getDefaultManagers, type DataClient, type DataClientOptions, type Manager, type State } from '../../../core/index.js';
import { DataProvider as ClientProvider } from 'rest-signals/solid2';
import { CHUNK_PREFIX, readStreamedState, streamingManager } from '../../../solid-start/streamedState.js';

/**
 * Props of the server-rendering `DataProvider`: how to make the clients it creates, one per server
 * render and one for the browser app.
 *
 * @example
 * const props: SsrDataProviderProps = { managers: () => [new LogoutManager(), ...getDefaultManagers()] };
 */
export type SsrDataProviderProps = ParentProps<{
  /**
   * The managers of each client: a factory, since a manager serves one client and every server render
   * has its own.
   * @default getDefaultManagers
   */
  managers?: () => readonly Manager[];
  /** When unwatched data is released. */
  gcPolicy?: DataClientOptions['gcPolicy'];
}>;

/**
 * What a server render throws for a store error, which Solid serializes for hydration: the error's
 * name, `status` and `code`, never its message (it names internal hosts and quotes upstream bodies)
 * nor its `response` (whose body Solid's serializer cannot write).
 */
function wireError(error: unknown): Error {
  const { name, status, code } = (error ?? {}) as { name?: unknown; status?: unknown; code?: unknown };
  const wire = new Error(typeof name === 'string' ? name : 'Error') as Error & { status?: number; code?: string };
  wire.name = wire.message;
  if (typeof status === 'number') wire.status = status;
  if (typeof code === 'string') wire.code = code;
  return wire;
}

/** `signal` with the errors it throws reduced by `wireError`; a thrown promise (pending) passes. */
function wireErrors<T>(signal: ReadonlySignal<T>): ReadonlySignal<T> {
  return computed(() => {
    try {
      return signal.value;
    } catch (thrown) {
      throw typeof (thrown as { then?: unknown } | null)?.then === 'function' ? thrown : wireError(thrown);
    }
  });
}

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
  // captured at setup, where the render is known: the writes come later, from the replies
  const writer = getHydrationWriter();
  let chunk = 0;
  // each store action's chunk (errors by name, status and code, never their message)
  const streamer = streamingManager(json => {
    if (writer?.write(CHUNK_PREFIX + chunk, json)) chunk++;
  });
  const created = createDataClient({ managers: [...(props.managers?.() ?? getDefaultManagers()), streamer], ...(props.gcPolicy && { gcPolicy: props.gcPolicy }) });
  // what the render's boundaries see of an error is what Solid serializes: reduced to its name and status
  return { ...created, suspense: (endpoint, ...args) => wireErrors(created.suspense(endpoint, ...args)) };
}

/**
 * `DataProvider` for Solid 2 apps rendered on the server with `@solidjs/web` (`renderToStream`). On
 * the server it gives each render a client of its own (destroyed with the render), and writes what
 * that client commits into Solid's hydration data (`getHydrationWriter`) as each reply lands, ahead
 * of the `<Loading>` boundary that waited for it; recorded errors travel by name and status, never
 * their message. In the browser it creates the app's client from that state, so `useSuspense` of
 * `rest-signals/solid2` hydrates what the server read without a second request. Hydrate once the
 * document has arrived: the state is read when the provider is created. The primitives of
 * `rest-signals/solid2` work under it unchanged.
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
