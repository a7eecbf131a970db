import { createComponent, createContext, onCleanup, useContext, type Element, type ParentProps } from 'solid-js';
import { getHydrationWriter, isServer, takeHydrationValue } from '@solidjs/web';
import { createDataClient, type DataClient, type DataClientOptions, type ResultMeta, type State, type StoreSignals } from '../../core/index.js';
import { CHUNK_PREFIX, readStreamedState, stateDelta } from '../../solid-start/streamedState.js';

/** What the provider hands its primitives: the client and, on the server, the state writer. */
interface Provided {
  readonly client: DataClient;
  /** Server only: writes what the client committed since the last call into the render's hydration data. */
  readonly sendState?: () => void;
}

// `null` is "no provider" (Solid 2's optional-context form), so a missing provider gets our error.
const DataClientContext = createContext<Provided | null>(null);

/**
 * Props of `DataProvider`: a client to share, or the options to create one with.
 *
 * @example
 * const props: DataProviderProps = { managers: [new LogoutManager(), ...getDefaultManagers()] };
 */
export type DataProviderProps = ParentProps<
  Partial<DataClientOptions> & {
    /** The client to provide. When absent, one is created from the other props and destroyed with the provider. */
    client?: DataClient;
  }
>;

/** The state the server wrote into the page (`rest-signals:0`, `:1`, … in order), or `undefined`. */
function streamedState(): State | undefined {
  const chunks: Record<string, string> = {};
  for (let n = 0, taken = takeHydrationValue<string>(CHUNK_PREFIX + n); taken?.status === 'resolved'; taken = takeHydrationValue<string>(CHUNK_PREFIX + ++n)) {
    chunks[CHUNK_PREFIX + n] = taken.value;
  }
  return readStreamedState(chunks);
}

/** `state` with each recorded error reduced to its name and status: messages name internal hosts and quote upstream bodies. */
function wireState(state: State): State {
  const meta = Object.create(null) as Record<string, ResultMeta>;
  for (const [key, m] of Object.entries(state.meta)) meta[key] = m.error === undefined ? m : { ...m, error: { ...m.error, message: m.error.name } };
  return { ...state, meta };
}

/**
 * Provides a data client to every primitive beneath it. Given `client`, it shares that client
 * and leaves its lifetime to the caller; without one it creates a client from the other props
 * (`managers`, `gcPolicy`, `initialState`) and destroys it with the provider, which stops polling
 * and aborts requests in flight.
 *
 * Server rendering (`renderToStream` from `@solidjs/web`): on the server a provider without
 * `client` makes one per render, so no request sees another's data. What that client commits is
 * written into the page through Solid's hydration data (`getHydrationWriter`) as each read settles,
 * ahead of the `<Loading>` boundary that waited for it, errors reduced to their name and status. In
 * the browser a provider without `client` and `initialState` starts from that state, so reads the
 * server answered are not fetched again. Hydrate once the document has arrived (the state of
 * boundaries that stream in later is read when the provider is created).
 *
 * @example
 * render(() => (
 *   <DataProvider>
 *     <Loading fallback={<p>Loading…</p>}><ArticlePage id={1} /></Loading>
 *   </DataProvider>
 * ), document.body);
 */
export function DataProvider(props: DataProviderProps): Element {
  let client = props.client;
  let sendState: (() => void) | undefined;
  if (client === undefined) {
    // Read only the option props: reading `children` here would render them outside the provider.
    const options: { -readonly [K in keyof DataClientOptions]: DataClientOptions[K] } = {};
    if (props.managers !== undefined) options.managers = props.managers;
    if (props.gcPolicy !== undefined) options.gcPolicy = props.gcPolicy;
    const initialState = props.initialState ?? (isServer ? undefined : streamedState());
    if (initialState !== undefined) options.initialState = initialState;
    const created = createDataClient(options);
    onCleanup(() => created.destroy());
    client = created;
  }
  if (isServer) {
    const writer = getHydrationWriter();
    const shown = client;
    const sent = new Map<string, string>();
    let chunk = 0;
    sendState = () => {
      const delta = stateDelta(wireState(shown.controller.getState()), sent);
      if (delta !== undefined && writer?.write(CHUNK_PREFIX + chunk, delta)) chunk++;
    };
    sendState();
  }
  const value: Provided = sendState === undefined ? { client } : { client, sendState };
  return createComponent(DataClientContext, {
    value,
    get children() {
      return props.children;
    },
  });
}

/** What the nearest provider gives; throws an `Error` naming `caller` when there is none. */
export function useProvided(caller: string): Provided {
  const provided = useContext(DataClientContext);
  if (provided === null) {
    throw new Error(process.env.NODE_ENV !== 'production' ? `${caller}() must be called inside <DataProvider>` : `${caller}: no-provider`);
  }
  return provided;
}

/**
 * The client of the nearest `DataProvider` (its controller, vanilla signal API and `stats()`).
 * Throws an `Error` when there is none, since every primitive needs the store.
 *
 * @example
 * const client = useDataClient();
 * console.log(client.stats().watchedViews);
 */
export function useDataClient(): DataClient {
  return useProvided('useDataClient').client;
}

/** The provider client's vanilla signal API; throws an `Error` naming `caller` when there is none. */
export function useStoreSignals(caller: string): StoreSignals {
  return useProvided(caller).client;
}

/**
 * The `Controller` of the nearest `DataProvider`: imperative fetches, mutations, invalidation
 * and reads (`fetch`, `invalidate`, `setResponse`, `getResponse`, …). Inside an `action()`,
 * `yield ctrl.fetch(mutation, …)` shows the mutation's optimistic update at once and lets the
 * action settle when the reply is committed (or rolled back).
 *
 * @example
 * const ctrl = useController();
 * const toggle = action(function* (task: Task) {
 *   yield ctrl.fetch(TaskResource.partialUpdate, { id: task.id }, { done: !task.done });
 * });
 */
export function useController(): DataClient['controller'] {
  return useProvided('useController').client.controller;
}
