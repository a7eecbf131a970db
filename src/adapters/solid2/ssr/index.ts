// rest-signals/solid2/ssr: what server rendering with @solidjs/web needs beyond `rest-signals/solid2`.
// A subpath of its own, as `rest-signals/solid-start` is for Solid 1: it writes into (and reads back)
// Solid's hydration data, which a client-rendered app never needs, so such an app does not load it.
export { DataProvider } from './DataProvider.js';
export type { SsrDataProviderProps } from './DataProvider.js';
