// @vitest-environment jsdom
import { fireEvent } from '@solidjs/testing-library';
import { createRoot } from 'solid-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, createDataClient } from '../../../src/core/index.js';
import { useController, useLoading } from '../../../src/adapters/solid/index.js';
import type { MemoryResource, TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, type DataClient, articleServer, reseed } from './fixtures.js';
import { renderWith } from './harness.js';

let server: TestServer;
let api: ArticleApi;
let articles: MemoryResource;
let client: DataClient;
beforeAll(async () => ({ server, api, articles } = await articleServer(3)));
afterAll(() => server.close());
afterEach(() => {
  client?.destroy();
  server.requests.length = 0;
  reseed(articles);
});

describe('useLoading', () => {
  it('tracks a mutation: loading while in flight, then the result', async () => {
    client = createDataClient();
    const release = server.next.hold();
    let result: unknown;
    function Save() {
      const ctrl = useController();
      const [save, saving, error] = useLoading((title: string) => ctrl.fetch(api.partialUpdate, { id: 1 }, { title }));
      return (
        <button onClick={async () => (result = await save('Saved'))}>
          {saving() ? 'saving' : error() ? 'failed' : 'save'}
        </button>
      );
    }
    const r = renderWith(() => <Save />, client);
    fireEvent.click(r.getByText('save'));
    expect(r.getByText('saving')).toBeTruthy();
    await release.arrived;
    await release();
    expect(await r.findByText('save')).toBeTruthy();
    expect((result as { title: string }).title).toBe('Saved');
    expect(articles.get(1)!.title).toBe('Saved');
  });

  it('puts a rejection in error() and resolves the call to undefined', async () => {
    client = createDataClient();
    server.next.status(500, { error: 'nope' });
    let seenError: unknown;
    let result: unknown = 'unset';
    function Save() {
      const ctrl = useController();
      const [save, saving, error] = useLoading(() => ctrl.fetch(api.partialUpdate, { id: 1 }, { title: 'x' }));
      seenError = error;
      return (
        <button onClick={async () => (result = await save())}>{saving() ? 'saving' : error() ? 'failed' : 'save'}</button>
      );
    }
    const r = renderWith(() => <Save />, client);
    fireEvent.click(r.getByText('save'));
    expect(await r.findByText('failed')).toBeTruthy();
    expect(result).toBeUndefined();
    expect((seenError as () => unknown)()).toBeInstanceOf(NetworkError);
  });

  it('stops writing its accessors once its owner is disposed', async () => {
    let resolve!: (v: number) => void;
    const [run, loading, dispose] = createRoot(d => {
      const [run, loading] = useLoading(() => new Promise<number>(r => (resolve = r)));
      return [run, loading, d] as const;
    });
    const call = run();
    expect(loading()).toBe(true);
    dispose();
    resolve(7);
    expect(await call).toBe(7);
    expect(loading()).toBe(true);
  });
});
