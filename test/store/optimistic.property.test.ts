// Property: whatever the outcomes and the order in which replies come back, the visible state is
// the committed state plus one increment per pending layer; the committed state is the reply of
// the latest-issued request answered so far (an older reply never overwrites a newer one); and once
// every request has settled no layer is left (visible === committed === the server's count).
// The server applies the increments in issue order; only the replies come back shuffled.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Endpoint, type SnapshotInterface } from '../../src/core/index.js';
import { makeClient, User } from '../client/fixtures.js';

afterEach(() => {
  vi.useRealTimers();
});

interface Deferred {
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

describe('optimistic layers converge', () => {
  it('to the server state in any reply order', async () => {
    // one clock tick for the whole run: every request starts within the same millisecond, so only
    // the order of issue tells which one is newest
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const scenario = fc
      .array(fc.boolean(), { minLength: 1, maxLength: 6 })
      .chain(outcomes =>
        fc.tuple(fc.constant(outcomes), fc.shuffledSubarray([...outcomes.keys()], { minLength: outcomes.length, maxLength: outcomes.length })),
      );
    await fc.assert(
      fc.asyncProperty(scenario, async ([outcomes, order]) => {
        const client = makeClient({ managers: [] });
        const getUser = new Endpoint(async (_p: { id: number }) => ({}), { schema: User, name: 'getUser' });
        const deferreds: Deferred[] = [];
        const increment = new Endpoint(
          (_p: { id: number }) => new Promise((resolve, reject) => void deferreds.push({ resolve, reject })),
          {
            name: 'increment',
            schema: User,
            sideEffect: true,
            getOptimisticResponse(snap: SnapshotInterface, p: { id: number }) {
              const user = snap.get(User, p) as User | undefined;
              if (!user) throw snap.abort;
              return { id: p.id, count: user.count + 1 };
            },
          },
        );
        await client.controller.setResponse(getUser, { id: 1 }, { id: 1, name: 'Ann', count: 0 });
        const visible = () => (client.controller.get(User, { id: 1 }) as User).count;
        const committed = () => (client.controller.getState().entities.User!['1'] as { count: number }).count;
        const settled = outcomes.map(() => client.controller.fetch(increment, { id: 1 }).then(
          () => 'ok',
          () => 'failed',
        ));
        expect(visible()).toBe(outcomes.length);
        // the server's count after applying request i (requests applied in issue order)
        const serverAfter = outcomes.map((_, i) => outcomes.slice(0, i + 1).filter(Boolean).length);
        let newest = -1;
        let pending = outcomes.length;
        for (const i of order) {
          if (outcomes[i]) deferreds[i]!.resolve({ id: 1, name: 'Ann', count: serverAfter[i] });
          else deferreds[i]!.reject(new Error(`increment ${i} failed`));
          expect(await settled[i]).toBe(outcomes[i] ? 'ok' : 'failed');
          pending--;
          if (outcomes[i] && i > newest) newest = i;
          const expected = newest < 0 ? 0 : serverAfter[newest]!;
          expect(committed()).toBe(expected);
          expect(visible()).toBe(expected + pending);
        }
        expect(visible()).toBe(committed());
        expect(committed()).toBe(outcomes.filter(Boolean).length);
        client.destroy();
      }),
      { numRuns: 150 },
    );
  });
});
