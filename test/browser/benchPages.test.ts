// The browser benchmark's pages (bench/browser/) for every engine: built for production, served by
// the benchmark's own server, loaded in Chromium with a few rows. Each must render every row once
// and show each kind of update re-rendering only the rows it changed; so the harness cannot rot
// between benchmark runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, buildPages } from '../../bench/browser/build.js';
import { startSession, type BenchSession } from '../../bench/browser/session.js';

const N = 30;
let session: BenchSession;
const outDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));

beforeAll(async () => {
  await buildPages(ENGINES, outDir);
  session = await startSession(outDir);
});

afterAll(async () => {
  await session?.close();
  rmSync(outDir, { recursive: true, force: true });
});

describe.each(ENGINES)('bench page %s', engine => {
  it(`renders ${N} rows once each, and each update re-renders only its rows`, async () => {
    const page = await session.load(engine, N);
    try {
      expect(page.firstRender.renders).toBe(N);
      expect(page.firstRender.rowsAt).toBeGreaterThan(page.firstRender.listReplyAt);
      expect(page.heapBytes).toBeGreaterThan(0);
      expect(page.localWrite).not.toBe('');

      const patch = await page.update('patch', 7, 'patched seven');
      expect(patch.rowsRendered).toBe(1);
      expect(patch.replyToDom).toBeGreaterThanOrEqual(0);

      const local = await page.update('local', 8, 'written eight');
      expect(local.rowsRendered).toBe(1);
      expect(local.replyToDom).toBeNull();

      // author 2 wrote articles 11..20
      const author = await page.update('author', 2, 'renamed two');
      expect(author.rowsRendered).toBe(10);
      expect(author.replyToDom).toBeGreaterThanOrEqual(0);

      // the browser's floor is measured in the same page, outside the list
      expect(await page.floor(7, 'echoed seven')).toBeGreaterThanOrEqual(0);

      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
