// Bug 5: an error thrown by a user's getOptimisticResponse is reported (a development warning and
// getError of the mutation), never swallowed; the request still goes out and its reply commits.
import { afterEach, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';
import { makeClient, seedUsers, User } from '../../client/fixtures.js';
import { makeUsers, settle } from '../harness.js';

let server: TestServer;
afterEach(() => server.close());

it('a throwing getOptimisticResponse warns, is recorded for getError, and the reply still commits', async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  const client = makeClient();
  const R = makeUsers(server.url, false);
  await client.controller.fetch(R.get, { id: 1 });
  const broken = R.partialUpdate.extend({
    getOptimisticResponse(): never {
      throw new TypeError('user code bug');
    },
  });
  const done = client.controller.fetch(broken, { id: 1 }, { name: 'Zed' });
  await settle();
  const warned = vi.mocked(console.warn).mock.calls.map(c => String(c[0]));
  expect(warned).toEqual([expect.stringMatching(/^\[rest-signals\] optimistic-response-threw: User\.partialUpdate: getOptimisticResponse threw TypeError: user code bug/)]);
  vi.mocked(console.warn).mockClear();
  expect(client.controller.getError(broken, { id: 1 }, { name: 'Zed' })?.message).toBe('user code bug');
  await done;
  expect((client.controller.get(User, { id: 1 }) as User).name).toBe('Zed');
  client.destroy();
});

it('snapshot.abort still skips the layer quietly', async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
  const client = makeClient();
  const R = makeUsers(server.url, false);
  const skipping = R.partialUpdate.extend({
    getOptimisticResponse(snap: { abort: Error }): never {
      throw snap.abort;
    },
  });
  await client.controller.fetch(skipping, { id: 1 }, { name: 'Zed' });
  expect(client.controller.getError(skipping, { id: 1 }, { name: 'Zed' })).toBeUndefined();
  client.destroy();
});
