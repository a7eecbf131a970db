// rest-signals/solid-start: what SolidStart's streaming server rendering needs beyond
// `rest-signals/solid`. It is a subpath of its own because it writes into Solid's hydration
// stream (`sharedConfig`), which a client-rendered Solid app never needs: kept out of `/solid`, it
// adds nothing to such an app.
export { DataProvider, streamEnd } from './DataProvider.js';
export type { StreamingDataProviderProps } from './DataProvider.js';
