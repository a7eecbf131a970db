// The retry policy is a chunk of its own (loaded as an endpoint that retries first sends). When it
// cannot load (an app gone offline before it ever did), a failed request reports its own error,
// not the chunk's, and its view shows that error: nothing waits and nothing else breaks.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { NetworkError, resource } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { makeClient, seedUsers, User } from '../client/fixtures.js';

vi.mock('../../src/core/controller/retry.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/retry.js');
});

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
  server.resource('/users', seedUsers());
});
afterEach(() => server.close());

it('a retrying endpoint whose policy cannot load fails with its own error, after one request', async () => {
  const R = resource({ urlPrefix: server.url, path: '/users/:id', schema: User, retry: 3, retryDelay: 1 });
  const client = makeClient();
  server.next.status(503);
  const failure = client.controller.fetch(R.get, { id: 1 });
  await expect(failure).rejects.toBeInstanceOf(NetworkError);
  await expect(failure).rejects.toMatchObject({ status: 503 });
  expect(server.requests).toHaveLength(1);
  expect(client.controller.getError(R.get, { id: 1 })).toMatchObject({ status: 503 });
  // the next call sends as usual (and succeeds: nothing stays broken)
  await expect(client.controller.fetch(R.get, { id: 1 })).resolves.toMatchObject({ id: 1, name: 'Ann' });
  client.destroy();
});
