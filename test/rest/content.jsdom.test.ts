// @vitest-environment jsdom
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RestEndpoint } from '../../src/core/rest/RestEndpoint.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

// jsdom's Blob is not the Blob of the platform's fetch: a binary reply is still a Blob of the page
it('a binary reply is an instance of the global Blob under a DOM emulation', async () => {
  server.route('GET', '/img', () => reply(200, 'PNG!', { 'content-type': 'image/png' }));
  const ep = new RestEndpoint({ urlPrefix: server.url, path: '/img' });
  const blob = await ep();
  expect(blob).toBeInstanceOf(globalThis.Blob);
  expect((blob as Blob).type).toBe('image/png');
  expect((blob as Blob).size).toBe(4);
});
