// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, persist, type PersistStorage } from '../../../src/core/index.js';
import { useIsRestoring, useSuspense } from '../../../src/adapters/solid/index.js';
import { Suspense } from 'solid-js';
import type { TestServer } from '../../server/createTestServer.js';
import { type ArticleApi, type DataClient, articleServer } from './fixtures.js';
import { renderWith } from './harness.js';

let server: TestServer;
let api: ArticleApi;
let client: DataClient | undefined;
beforeAll(async () => ({ server, api } = await articleServer(3)));
afterAll(() => server.close());
afterEach(() => {
  client?.destroy();
  server.requests.length = 0;
});

/** A storage whose read the test releases by hand, holding `text`. */
function gatedStorage(text: string | null) {
  let open!: () => void;
  const gate = new Promise<void>(r => (open = r));
  const storage: PersistStorage = {
    getItem: async () => (await gate, text),
    setItem: () => {},
    removeItem: () => {},
  };
  return { storage, open };
}

describe('useIsRestoring (Solid)', () => {
  it('is true until the restore is done; useSuspense waits for it and fetches nothing it answered', async () => {
    // a first client fetches article 1 and its state is what the storage holds
    const first = createDataClient();
    const mem = new Map<string, string>();
    const p1 = persist(first, { storage: { getItem: k => mem.get(k) ?? null, setItem: (k, v) => void mem.set(k, v), removeItem: k => void mem.delete(k) } });
    await p1.restored;
    await first.controller.fetch(api.get, { id: 1 });
    await p1.flush();
    first.destroy();
    server.requests.length = 0;

    const { storage, open } = gatedStorage(mem.get('rest-signals')!);
    client = createDataClient();
    const { restored } = persist(client, { storage });
    const seen: boolean[] = [];
    function Title() {
      const article = useSuspense(api.get, { id: 1 });
      return <p>{article()?.title}</p>;
    }
    function Shell() {
      const restoring = useIsRestoring();
      return (
        <>
          <span>{(seen.push(restoring()), restoring() ? 'restoring' : 'ready')}</span>
          <Suspense fallback={<p>waiting</p>}>
            <Title />
          </Suspense>
        </>
      );
    }
    const r = renderWith(() => <Shell />, client);
    expect(r.getByText('restoring')).toBeTruthy();
    expect(r.getByText('waiting')).toBeTruthy();
    await new Promise(res => setTimeout(res, 30));
    expect(server.requests).toHaveLength(0);
    open();
    await restored;
    expect(await r.findByText('ready')).toBeTruthy();
    expect(await r.findByText('Article 1')).toBeTruthy();
    expect(seen).toEqual([true, false]);
    expect(server.requests).toHaveLength(0);
  });

  it('is false without persist', () => {
    let restoring: (() => boolean) | undefined;
    const r = renderWith(() => {
      restoring = useIsRestoring();
      return <p>x</p>;
    });
    client = r.client;
    expect(restoring!()).toBe(false);
  });
});
