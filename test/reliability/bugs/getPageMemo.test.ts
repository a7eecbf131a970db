// Bug 7: reading a list member builds nothing new: `getList.getPage` (and push, unshift, move) is
// the same endpoint with the same schema on every read, so no cache grows with the number of calls.
import { afterEach, expect, it } from 'vitest';
import { resource } from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';
import { makeClient, User } from '../../client/fixtures.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('list members are built once per endpoint', () => {
  const R = resource({ urlPrefix: 'http://127.0.0.1:1', path: '/users/:id', schema: User, paginationField: 'page' });
  expect(R.getList.getPage).toBe(R.getList.getPage);
  expect(R.getList.getPage.schema).toBe(R.getList.getPage.schema);
  expect(R.getList.push).toBe(R.getList.push);
  expect(R.getList.unshift).toBe(R.getList.unshift);
  expect(R.getList.move).toBe(R.getList.move);
});

it('a page fetched through a fresh read of getList.getPage merges into the same list, without duplicates', async () => {
  const srv = (server = await createTestServer());
  srv.resource('/users', Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: `U${i + 1}`, count: 0 })), { pageField: 'page', pageSize: 2 });
  const R = resource({ urlPrefix: srv.url, path: '/users/:id', schema: User, paginationField: 'page' });
  const client = makeClient();
  const stop = client.dle(R.getList).subscribe(() => {});
  await client.controller.fetch(R.getList, { page: 1 } as never);
  const schemas = new Set<unknown>();
  for (let i = 0; i < 20; i++) {
    const page = R.getList.getPage;
    schemas.add(page.schema);
    await client.controller.fetch(page, { page: 2 + (i % 2) });
  }
  expect(schemas.size).toBe(1);
  const ids = ((client.controller.getResponse(R.getList).data ?? []) as User[]).map(u => u.id);
  expect(new Set(ids).size).toBe(ids.length);
  stop();
  client.destroy();
});
