// The public export lists of `rest-signals/solid2` and `rest-signals/solid2/ssr`, pinned: the Solid 2
// entry names exactly what `rest-signals/solid` (Solid 1.9) names, so moving an app between the majors
// changes its import path and nothing else it imports.
import { expect, it } from 'vitest';
import * as solid2 from '../../src/adapters/solid2/index.js';
import * as ssr from '../../src/adapters/solid2/ssr/index.js';
import * as core from '../../src/core/index.js';

const NAMES = [
  'DataProvider', 'hookifyResource', 'useCache', 'useCancelling', 'useController', 'useDLE', 'useFetch',
  'useDataClient', 'useDebounce', 'useLive', 'useLoading', 'useIsRestoring', 'useQuery', 'useSubscription',
  'useSuspense', 'useMembers', 'useEntity',
  // the core names data-client's framework packages re-export
  'Controller', 'ExpiryStatus', 'actionTypes', 'NetworkManager', 'SubscriptionManager', 'PollingSubscription',
  'LogoutManager', 'getDefaultManagers',
];

it('rest-signals/solid2 exports the names of rest-signals/solid, the core ones being the core\'s own objects', () => {
  expect(Object.keys(solid2).sort()).toEqual([...NAMES].sort());
  expect(solid2.Controller).toBe(core.Controller);
  expect(solid2.getDefaultManagers).toBe(core.getDefaultManagers);
});

it('rest-signals/solid2/ssr exports its DataProvider only', () => {
  expect(Object.keys(ssr)).toEqual(['DataProvider']);
  expect(ssr.DataProvider).not.toBe(solid2.DataProvider);
});
