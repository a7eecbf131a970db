// The public export list of `rest-signals/solid`, pinned.
import { describe, expect, it } from 'vitest';
import * as solid from '../../../src/adapters/solid/index.js';

describe('rest-signals/solid exports', () => {
  it('exports exactly the documented primitives', () => {
    expect(Object.keys(solid).sort()).toEqual(
      [
        'DataProvider',
        'hookifyResource',
        'useCache',
        'useCancelling',
        'useController',
        'useDLE',
        'useFetch',
        'useDataClient',
        'useDebounce',
        'useLive',
        'useLoading',
        'useIsRestoring',
        'useQuery',
        'useSubscription',
        'useSuspense',
        'useMembers',
        'useEntity',
        // the core names data-client's framework packages re-export
        'Controller',
        'ExpiryStatus',
        'actionTypes',
        'NetworkManager',
        'SubscriptionManager',
        'PollingSubscription',
        'LogoutManager',
        'getDefaultManagers',
      ].sort(),
    );
  });

  it("re-exports the core's own objects, as data-client's framework packages do", async () => {
    const core = await import('../../../src/core/index.js');
    for (const name of ['Controller', 'ExpiryStatus', 'actionTypes', 'NetworkManager', 'SubscriptionManager', 'PollingSubscription', 'LogoutManager', 'getDefaultManagers'] as const) {
      expect(solid[name], name).toBe(core[name]);
    }
  });
});
