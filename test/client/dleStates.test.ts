import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataClient } from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer } from './fixtures.js';

let server: TestServer;
let client: DataClient;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
  client = makeClient();
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

/** Watches a dle view, recording each distinct value it takes (as an effect sees them). */
function record(view: { value: { data: unknown; loading: boolean; error: unknown } }) {
  const seen: { data: boolean; loading: boolean; error: boolean }[] = [];
  const stop = effect(() => {
    const { data, loading, error } = view.value;
    seen.push({ data: data !== undefined, loading, error: error !== undefined });
  });
  return { seen, stop };
}

describe('client.dle passes through each state once', () => {
  it('loading, then the data: the reply and the end of loading are one change', async () => {
    const view = client.dle(ep.getUser, { id: 1 });
    const { seen, stop } = record(view);
    await client.controller.fetch(ep.getUser, { id: 1 });
    await Promise.resolve();
    stop();
    expect(seen).toEqual([
      { data: false, loading: true, error: false },
      { data: true, loading: false, error: false },
    ]);
  });

  it('loading, then the error: never an error while still loading', async () => {
    server.next.status(404);
    const view = client.dle(ep.getUser, { id: 1 });
    const { seen, stop } = record(view);
    await client.controller.fetch(ep.getUser, { id: 1 }).catch(() => undefined);
    await Promise.resolve();
    stop();
    expect(seen).toEqual([
      { data: false, loading: true, error: false },
      { data: false, loading: false, error: true },
    ]);
  });
});
