// `rest-signals/solid-start`'s DataProvider gives each server request a client with managers of its
// own: it takes a factory, and refuses an array (shared instances would serve every request at once).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../server/createTestServer.js';
import { articleServer } from '../adapters/solid/fixtures.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./ssr/renderRequests.ts', import.meta.url));

let server: TestServer;
beforeAll(async () => ({ server } = await articleServer(3)));
afterAll(() => server.close());

async function renderTwo(mode: 'factory' | 'array'): Promise<{ html?: string[]; made?: number; distinct?: number; error?: string }> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, server.url, mode], { cwd: process.cwd(), timeout: 20_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('SolidStart DataProvider managers', () => {
  it('calls the factory once per server request: two renders at once get managers of their own and their own data', async () => {
    const out = await renderTwo('factory');
    expect(out.error).toBeUndefined();
    expect(out.made).toBe(2);
    expect(out.distinct).toBe(2);
    expect(out.html![0]).toContain('<h1>Article 1</h1>');
    expect(out.html![1]).toContain('<h1>Article 2</h1>');
    expect(out.html![0]).not.toContain('Article 2');
  }, 30_000);

  it('refuses an array of managers with an error that says to pass a factory', async () => {
    const out = await renderTwo('array');
    expect(out.error).toMatch(/^TypeError: rest-signals\/solid-start DataProvider: option managers must be a function/);
    expect(out.error).toContain('a manager instance serves one client');
  }, 30_000);
});
