// Server rendering with Solid's `renderToStringAsync`. The render runs in a child Node process
// (see ssr/renderApp.ts for why); the loopback test server runs here and counts its requests.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../server/createTestServer.js';
import { articleServer, requestsTo } from './fixtures.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./ssr/renderApp.ts', import.meta.url));

let server: TestServer;
beforeAll(async () => ({ server } = await articleServer(3)));
afterAll(() => server.close());

interface Rendered {
  html: string;
  state: unknown;
  stats: { watchedViews: number; subscriptions: number; timers: number };
}

async function renderOnServer(stateFile?: string): Promise<Rendered> {
  const args = ['--import', 'tsx', script, server.url, ...(stateFile ? [stateFile] : [])];
  const { stdout } = await run(process.execPath, args, { cwd: process.cwd(), timeout: 20_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('Solid server rendering', () => {
  it('renders data fetched on the server; a client started from getState() does not refetch it', async () => {
    server.requests.length = 0;
    const first = await renderOnServer();
    expect(first.html).toContain('<h1>Article 1</h1>');
    expect(first.html).toContain('<h1>Article 2</h1>');
    expect(first.html).not.toContain('loading');
    // The failed fetch reaches the ErrorBoundary on the server too.
    expect(first.html).toMatch(/class="error"[^>]*>NetworkError/);
    expect(first.html).toContain('<h3>Article 3 idle</h3>');
    // useMembers over useSuspense of the list renders it on the server too
    expect(first.html).toContain('<ol><li>Article 1</li><li>Article 2</li><li>Article 3</li></ol>');
    expect(requestsTo(server, '/articles')).toBe(1);
    expect(requestsTo(server, '/articles/1')).toBe(1);
    expect(requestsTo(server, '/articles/2')).toBe(1);
    expect(requestsTo(server, '/articles/3')).toBe(1);
    expect(first.stats).toMatchObject({ watchedViews: 0, subscriptions: 0, timers: 0 });

    // The state is plain JSON: a second render starting from it sends no request for fresh data.
    const dir = mkdtempSync(join(tmpdir(), 'rest-signals-ssr-'));
    const stateFile = join(dir, 'state.json');
    writeFileSync(stateFile, JSON.stringify(first.state));
    server.requests.length = 0;
    const second = await renderOnServer(stateFile);
    expect(second.html).toContain('<h1>Article 1</h1>');
    expect(second.html).toContain('<h1>Article 2</h1>');
    expect(requestsTo(server, '/articles/1')).toBe(0);
    expect(requestsTo(server, '/articles/2')).toBe(0);
  });
});
