import { expectTypeOf, it } from 'vitest';
import { Entity, resource, RestEndpoint, type RetryDelayOption, type RetryOption } from '../../src/core/index.js';

class T extends Entity {
  id = 0;
  static override key = 'T';
}

it('retry and retryDelay are typed endpoint options', () => {
  const R = resource({ path: '/t/:id', schema: T, retry: 2, retryDelay: 100 });
  expectTypeOf(R.get.retry).toEqualTypeOf<RetryOption | undefined>();
  R.get.extend({ retry: (failureCount: number, error: Error) => failureCount < 3 && error.name !== 'X' });
  R.get.extend({ retryDelay: (attempt: number, error: Error) => attempt * 100 + error.message.length });
  new RestEndpoint({ path: '/x', retry: true, retryDelay: 5 });
  expectTypeOf<RetryDelayOption>().toEqualTypeOf<number | ((attempt: number, error: Error) => number)>();
  // @ts-expect-error a retry count is a number, not a string
  resource({ path: '/t/:id', schema: T, retry: '2' });
  // @ts-expect-error retryDelay's function returns ms
  R.get.extend({ retryDelay: () => 'soon' });
});
