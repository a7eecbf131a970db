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
      ].sort(),
    );
  });
});
