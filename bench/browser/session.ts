import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../../test/browser/chromium.js';
import type { EngineId } from './build.js';
import type { FirstRender, UpdateResult } from './pages/shared/harness.js';
import { startBenchServer, type BenchServer } from './server.js';

/** One engine's page, loaded with n rows. */
export interface LoadedPage {
  readonly engine: EngineId;
  readonly n: number;
  readonly firstRender: FirstRender;
  /** V8 heap in use after the first render and a forced GC, bytes (CDP `Runtime.getHeapUsage`). */
  readonly heapBytes: number;
  /** How this engine's page writes locally (`controller.set`, `setQueryData`, …). */
  readonly localWrite: string;
  /** Uncaught errors and console errors seen so far on the page. */
  readonly errors: string[];
  /** The CDP session of the page (heap snapshots, profiles). */
  readonly cdp: CDPSession;
  update(kind: 'patch' | 'local' | 'author', id: number, text: string): Promise<UpdateResult>;
  /** The browser's floor for "reply → DOM" in this page (see `BenchPage.floor`), ms. */
  floor(id: number, text: string): Promise<number>;
  close(): Promise<void>;
}

/** The benchmark server and a Chromium, with a way to load any engine's page. */
export interface BenchSession {
  readonly origin: string;
  readonly browser: Browser;
  /** Resets the server's data, then opens `/<engine>/?n=` in a fresh context and waits for its rows. */
  load(engine: EngineId, n: number): Promise<LoadedPage>;
  close(): Promise<void>;
}

/**
 * Starts the server on a loopback port over `distDir` (built pages) and launches Debian's Chromium.
 * `close()` stops both; nothing outlives it.
 * @example const s = await startSession(DIST_DIR); const p = await s.load('rs-vue', 1000); await s.close();
 */
export async function startSession(distDir: string): Promise<BenchSession> {
  const server: BenchServer = await startBenchServer({ distDir });
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (e) {
    await server.close();
    throw e;
  }
  const contexts = new Set<BrowserContext>();

  async function load(engine: EngineId, n: number): Promise<LoadedPage> {
    const reset = await fetch(`${server.origin}/__reset`, { method: 'POST' });
    if (!reset.ok) throw new Error(`POST /__reset answered ${reset.status}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.add(context);
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', e => errors.push(`${engine}: ${e.message}`));
    page.on('console', m => { if (m.type() === 'error') errors.push(`${engine}: console: ${m.text()}`); });
    const cdp = await context.newCDPSession(page);
    await page.goto(`${server.origin}/${engine}/?n=${n}`);
    const firstRender = await page.evaluate(() => window.bench.firstRender).catch((e: Error) => {
      throw new Error(`${engine} n=${n}: the page did not render (${e.message}; ${errors.join('; ') || 'no page errors'})`);
    });
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const localWrite = await page.evaluate(() => window.bench.localWrite() ?? '');
    return {
      engine,
      n,
      firstRender,
      heapBytes: usedSize,
      localWrite,
      errors,
      cdp,
      update: (kind, id, text) => page.evaluate(([k, i, t]) => window.bench.update(k, i, t), [kind, id, text] as const),
      floor: (id, text) => page.evaluate(([i, t]) => window.bench.floor(i, t), [id, text] as const),
      async close() {
        contexts.delete(context);
        await context.close();
      },
    };
  }

  return {
    origin: server.origin,
    browser,
    load,
    async close() {
      for (const c of contexts) await c.close();
      await browser.close();
      await server.close();
    },
  };
}
