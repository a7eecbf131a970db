// Property: whatever mix of optimistic mutations succeeds or fails, and in whatever order their
// replies arrive, the store ends equal to the server's final state and no optimistic layer is left.
// Requests are issued one after another (each reaches the server before the next is sent, so the
// server applies them in issue order); every reply is held and released in a generated order.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy, resource, RestEndpoint } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import { createTestServer, reply, type Release, type TestServer } from '../server/createTestServer.js';
import { User } from '../client/fixtures.js';

const SEED = 0x0b71;

type Kind = 'rename' | 'increment' | 'put';
interface Mutation {
  readonly kind: Kind;
  readonly id: 1 | 2;
  readonly ok: boolean;
}

const mutation = fc.record({
  kind: fc.constantFrom<Kind>('rename', 'increment', 'put'),
  id: fc.constantFrom<1 | 2>(1, 2),
  ok: fc.boolean(),
});
/** N mutations and the order their replies are released in. */
const scenario = fc
  .array(mutation, { minLength: 1, maxLength: 5 })
  .chain(ms => fc.record({ ms: fc.constant(ms), order: fc.shuffledSubarray([...ms.keys()], { minLength: ms.length, maxLength: ms.length }) }));

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Row = { id: number; name: string; count: number };

/** A fresh server state: users 1 and 2; each mutation route fails (without applying) when planned so. */
function serve(plan: boolean[]): Map<number, Row> {
  server.clear();
  const rows = new Map<number, Row>([
    [1, { id: 1, name: 'Ann', count: 0 }],
    [2, { id: 2, name: 'Bob', count: 0 }],
  ]);
  const guarded = (apply: (row: Row, body: Partial<Row>) => void) => (req: { params: Record<string, string>; json: unknown }) => {
    if (!plan.shift()) return reply(500, { error: 'planned failure' });
    const row = rows.get(Number(req.params.id))!;
    apply(row, (req.json ?? {}) as Partial<Row>);
    return { ...row };
  };
  server.route('GET', '/users/:id', req => ({ ...rows.get(Number(req.params.id))! }));
  server.route('PATCH', '/users/:id', guarded((row, body) => (row.name = body.name!)));
  server.route('PUT', '/users/:id', guarded((row, body) => Object.assign(row, { name: body.name, count: body.count })));
  server.route('POST', '/users/:id/increment', guarded(row => row.count++));
  return rows;
}

describe('optimistic layers converge to the server', () => {
  it('any interleaving of succeeding and failing mutations, replies in any order', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ ms, order }) => {
        const rows = serve(ms.map(m => m.ok));
        const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
        const Users = resource({ urlPrefix: server.url, path: '/users/:id', schema: User, optimistic: true });
        const increment = new RestEndpoint({
          urlPrefix: server.url,
          path: '/users/:id/increment',
          method: 'POST',
          body: undefined,
          schema: User,
          getOptimisticResponse(snap: { get(s: unknown, a: unknown): unknown; abort: Error }, params: { id: number }) {
            const user = snap.get(User, params) as User | undefined;
            if (!user) throw snap.abort;
            return { ...user, count: user.count + 1 };
          },
        });
        try {
          await client.controller.fetch(Users.get, { id: 1 });
          await client.controller.fetch(Users.get, { id: 2 });
          const holds: Release[] = [];
          const pending: Promise<unknown>[] = [];
          for (const [i, m] of ms.entries()) {
            holds.push(server.next.hold());
            const name = `${m.kind}${i}`;
            const p =
              m.kind === 'rename' ? client.controller.fetch(Users.partialUpdate, { id: m.id }, { name })
              : m.kind === 'put' ? client.controller.fetch(Users.update, { id: m.id }, { name, count: 10 * i })
              : client.controller.fetch(increment, { id: m.id });
            pending.push(p.then(() => 'ok', () => 'failed'));
            await holds[i]!.arrived;
          }
          for (const i of order) {
            await holds[i]!();
            expect(await pending[i]).toBe(ms[i]!.ok ? 'ok' : 'failed');
          }
          const state = client.controller.getState().entities.User!;
          for (const [id, row] of rows) {
            expect(state[String(id)]).toEqual(row);
            expect({ ...(client.controller.get(User, { id }) as User) }).toEqual(row);
          }
          expect(contextOf(client.controller).store.layerCount).toBe(0);
          expect(client.stats().inflight).toBe(0);
        } finally {
          client.destroy();
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
