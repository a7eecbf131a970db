import { createComponent, createContext, onCleanup, useContext, type Element, type ParentProps } from 'solid-js';
import { createDataClient, type DataClient, type DataClientOptions, type StoreSignals } from '../../core/index.js';

// `null` is "no provider" (Solid 2's optional-context form), so a missing provider gets our error.
const DataClientContext = createContext<DataClient | null>(null);

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

/**
 * Provides a data client to every primitive beneath it. Given `client`, it shares that client
 * and leaves its lifetime to the caller; without one it creates a client from the other props
 * (`managers`, `gcPolicy`, `initialState`) and destroys it with the provider, which stops polling
 * and aborts requests in flight.
 *
 * A server-rendered app takes the `DataProvider` of `rest-signals/solid2/ssr` instead, which
 * adds the per-request client and the state that travels with the HTML; the primitives are these.
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
  if (client === undefined) {
    // Read only the option props: reading `children` here would render them outside the provider.
    const options: { -readonly [K in keyof DataClientOptions]: DataClientOptions[K] } = {};
    if (props.managers !== undefined) options.managers = props.managers;
    if (props.gcPolicy !== undefined) options.gcPolicy = props.gcPolicy;
    if (props.initialState !== undefined) options.initialState = props.initialState;
    const created = createDataClient(options);
    onCleanup(() => created.destroy());
    client = created;
  }
  return createComponent(DataClientContext, {
    value: client,
    get children() {
      return props.children;
    },
  });
}

/** The nearest provider's client; throws an `Error` naming `caller` when there is none. */
export function clientFor(caller: string): DataClient {
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
  return clientFor('useDataClient');
}

/** The provider client's vanilla signal API; throws an `Error` naming `caller` when there is none. */
export function useStoreSignals(caller: string): StoreSignals {
  return clientFor(caller);
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
  return clientFor('useController').controller;
}
