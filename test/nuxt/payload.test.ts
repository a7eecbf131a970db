// What the Nuxt plugin puts in the page's payload: `serializeState` of the server render's state.
// Errors travel as { name, status, code }: the message (internal hosts, ports, upstream bodies) stays
// on the server, and the browser's client still gets a useful error for the endpoint.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, Entity, ImmortalGCPolicy, resource, serializeState } from '../../src/core/index.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  server.route('GET', '/todos/:id', req =>
    req.params.id === '1' ? { id: 1, title: 'one' } : reply(404, { message: `no todo ${req.params.id} in db-7.internal:5432 (replica lag 3s)` }),
  );
});
afterAll(() => server.close());

describe('the Nuxt payload', () => {
  it('is serializeState of the server client (the plugin writes nothing else)', () => {
    const plugin = readFileSync(new URL('../../src/nuxt/plugin.ts', import.meta.url), 'utf8');
    expect(plugin).toMatch(/nuxtApp\.payload\[PAYLOAD_KEY\] = serializeState\(client\.controller\.getState\(\)\)/);
  });

  it('carries no error message; the browser gets the status, the name and the endpoint', async () => {
    const Todos = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    const onServer = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
    await onServer.controller.fetch(Todos.get, { id: 1 });
    const serverError = await onServer.controller.fetch(Todos.get, { id: 999 }).then(() => undefined, (e: unknown) => e as Error);
    expect(serverError?.message).toMatch(/db-7\.internal/);
    // the server keeps the message, for its logs
    expect(onServer.controller.getState().meta[Todos.get.key({ id: 999 })]?.error?.message).toMatch(/db-7\.internal/);

    const payload = serializeState(onServer.controller.getState());
    onServer.destroy();
    expect(payload).not.toContain('db-7.internal');
    expect(payload).not.toContain('failed with status');
    expect(JSON.parse(payload).meta[Todos.get.key({ id: 999 })].error).toEqual({ name: 'NetworkError', status: 404 });

    const browser = createDataClient({ initialState: JSON.parse(payload) });
    const error = browser.controller.getError(Todos.get, { id: 999 }) as Error & { status?: number };
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'NetworkError', status: 404, message: `GET ${server.url}/todos/999: NetworkError (status 404) on the server` });
    expect(browser.controller.getResponse(Todos.get, { id: 1 }).data).toMatchObject({ title: 'one' });
    browser.destroy();
  });

  it("keeps an error's code", () => {
    const state = {
      entities: {},
      indexes: {},
      endpoints: {},
      meta: { 'GET /x': { date: 1, fetchedAt: 1, expiresAt: 2, error: { name: 'Error', message: 'secret', status: 500, code: 'E_UPSTREAM' } } },
      entitiesMeta: {},
    };
    const payload = serializeState(state);
    expect(payload).not.toContain('secret');
    const browser = createDataClient({ initialState: JSON.parse(payload) });
    expect(browser.controller.getState().meta['GET /x']?.error).toEqual({ name: 'Error', status: 500, code: 'E_UPSTREAM', message: 'GET /x: Error (status 500) on the server' });
    browser.destroy();
  });
});
