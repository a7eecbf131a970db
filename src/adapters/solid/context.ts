import { createComponent, createContext, onCleanup, useContext } from 'solid-js';
import type { JSX } from 'solid-js';
import { createDataClient } from '../../core/index.js';
import type { DataClient, DataClientOptions, StoreSignals } from './types.js';

const DataClientContext = createContext<DataClient>();

/**
 * Props of `DataProvider`: a client to share, or the options to create one with.
 *
 * @example
 * const props: DataProviderProps = { initialState: window.__DATA__ };
 */
export interface DataProviderProps extends Partial<DataClientOptions> {
  /** The client to provide. When absent, one is created from the other props and destroyed with the provider. */
  client?: DataClient;
  children?: JSX.Element;
}

/**
 * What `DataProvider` takes where `solid-js` is Solid 2 (no `createResource`): this module cannot
 * run there, and the bundler's own error (`"./web" is not exported … from package solid-js`) does
 * not say why, so `tsc` and the editor name the fix on `<DataProvider>`. Types only: no byte of the
 * app changes, and under Solid 1.9 the props are `DataProviderProps` exactly.
 */
type WrongSolidMajor = { readonly 'rest-signals/solid is for Solid 1.9; import from rest-signals/solid2 in a Solid 2 app': never };

/** `DataProviderProps` under Solid 1.9, `WrongSolidMajor` under Solid 2 (whose `solid-js` has no `createResource`). */
type ProviderPropsForThisSolid = typeof import('solid-js') extends { createResource: unknown } ? DataProviderProps : WrongSolidMajor;

/**
 * Provides a data client to every primitive beneath it. Given `client`, it shares that client
 * and leaves its lifetime to the caller (SSR, tests, several roots sharing one store); without
 * one it creates a client from the remaining props (`managers`, `gcPolicy`, `initialState`) and
 * destroys it when the provider is disposed, which stops polling and aborts requests in flight.
 *
 * @example
 * render(() => (
 *   <DataProvider initialState={window.__DATA__}>
 *     <Suspense fallback={<p>Loading…</p>}><ArticlePage id={1} /></Suspense>
 *   </DataProvider>
 * ), document.body);
 */
export function DataProvider(props: ProviderPropsForThisSolid): JSX.Element {
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
  return createComponent(DataClientContext.Provider, {
    value: client,
    get children() {
      return props.children;
    },
  });
}

/** The provider's client; throws an `Error` naming `caller` when there is none. */
function clientFor(caller: string): DataClient {
  const client = useContext(DataClientContext);
  if (client === undefined) {
    throw new Error(process.env.NODE_ENV !== 'production' ? `${caller}() must be called inside <DataProvider>` : `${caller}: no-provider`);
  }
  return client;
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
 * and reads (`fetch`, `invalidate`, `setResponse`, `getResponse`, …).
 *
 * @example
 * const ctrl = useController();
 * const save = (body: Partial<Article>) => ctrl.fetch(ArticleResource.update, { id: 1 }, body);
 */
export function useController(): DataClient['controller'] {
  return clientFor('useController').controller;
}
