import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page as Tab } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from '../../playground/vite.config.js';
import { startPlayground, type PlaygroundHarness } from './playground.js';

/** The README's picture of two live windows (rewritten with `UPDATE_SCREENSHOTS=1`, or when missing). */
const LIVE_SHOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/live.png');
const SHOT_PAGE: Page = 'vue';
/** Two windows load the page each: on a busy machine that takes longer than one window's flows. */
const SLOW = 150_000;

/** Puts the two windows side by side in one picture. */
async function sideBySide(left: Tab, right: Tab, c: BrowserContext): Promise<void> {
  const clip = { x: 0, y: 0, width: 1280, height: 760 };
  const [a, b] = [await left.screenshot({ clip }), await right.screenshot({ clip })];
  const canvas = await c.newPage();
  await canvas.setViewportSize({ width: 1290, height: 420 });
  const img = (png: Buffer, label: string) =>
    `<figure style="margin:0;width:640px"><img style="width:640px;border:1px solid #ccc" src="data:image/png;base64,${png.toString('base64')}"><figcaption style="font:12px sans-serif">${label}</figcaption></figure>`;
  await canvas.setContent(`<body style="margin:4px;display:flex;gap:6px">${img(a, 'window 1: task #1 toggled here')}${img(b, 'window 2: updated through the event stream, only row #1 re-rendered')}</body>`);
  await canvas.screenshot({ path: LIVE_SHOT });
  await canvas.close();
}

const byId = (id: string) => `[data-testid="${id}"]`;
const row = (tab: Tab, id: number): Locator => tab.locator(`${byId('task-row')}[data-id="${id}"]`);

/** Render count of every list row, by task id. */
async function renderCounts(tab: Tab): Promise<Map<number, number>> {
  const pairs = await tab.locator(byId('task-row')).evaluateAll(els =>
    els.map(e => [Number(e.getAttribute('data-id')), Number(e.querySelector('[data-testid="task-renders"]')?.textContent)] as const));
  return new Map(pairs);
}

/**
 * The two-window scenario of live updates, on one page of the playground: edit a task in one
 * window; the other shows it, re-rendering only that row, without a request for tasks. Through
 * the server's event stream (two browser contexts: nothing shared but the server) and through
 * tab sync (two tabs of one context, the event stream off with `?live=off`).
 * @example liveSuite('vue');
 */
export function liveSuite(page: Page): void {
  describe(`live updates: ${page} page`, () => {
    let pg: PlaygroundHarness;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      pg = await startPlayground(page);
    });
    afterAll(async () => {
      for (const c of contexts.splice(0)) await c.close();
      await pg?.close();
    });
    beforeEach(async () => {
      for (const c of contexts.splice(0)) await c.close();
      await pg.reset();
    });

    async function context(): Promise<BrowserContext> {
      const c = await pg.browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(c);
      return c;
    }

    async function openTab(c: BrowserContext, query = ''): Promise<{ tab: Tab; taskRequests: string[]; errors: Error[] }> {
      const tab = await c.newPage();
      const taskRequests: string[] = [];
      const errors: Error[] = [];
      tab.on('pageerror', e => errors.push(e));
      tab.on('request', r => {
        if (new URL(r.url()).pathname.startsWith('/api/tasks')) taskRequests.push(`${r.method()} ${r.url()}`);
      });
      await tab.goto(`${pg.pageUrl}${query}`);
      await row(tab, 1).waitFor();
      // loaded once the rows stop rendering (a live stream never lets the network go idle)
      for (let prev = ''; ; await tab.waitForTimeout(300)) {
        const now = JSON.stringify([...(await renderCounts(tab))]);
        if (now === prev) break;
        prev = now;
      }
      return { tab, taskRequests, errors };
    }

    async function editInOneSeenInOther(editor: Tab, viewer: { tab: Tab; taskRequests: string[]; errors: Error[] }): Promise<void> {
      const before = await renderCounts(viewer.tab);
      viewer.taskRequests.length = 0;
      await row(editor, 1).locator(byId('task-toggle')).click();
      await expect.poll(() => row(viewer.tab, 1).getAttribute('data-done')).toBe('true');
      await viewer.tab.waitForTimeout(300);
      const after = await renderCounts(viewer.tab);
      expect(after.get(1)!).toBeGreaterThan(before.get(1)!);
      for (const [id, n] of before) if (id !== 1) expect(after.get(id), `renders of row ${id}`).toBe(n);
      expect(viewer.taskRequests, 'task requests of the viewing window').toEqual([]);
      expect(viewer.errors).toEqual([]);
    }

    test('two browser windows (two contexts): an edit in one re-renders only that row in the other, through the event stream', async () => {
      const a = await openTab(await context());
      const b = await openTab(await context());
      await expect.poll(() => b.tab.locator(byId('live-status')).getAttribute('data-state')).toBe('open');
      await editInOneSeenInOther(a.tab, b);
      if (page === SHOT_PAGE && (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(LIVE_SHOT))) await sideBySide(a.tab, b.tab, contexts[0]!);
    }, SLOW);

    test('the WebSocket endpoint (?live=ws) does the same', async () => {
      const a = await openTab(await context(), '?live=ws');
      const b = await openTab(await context(), '?live=ws');
      await expect.poll(() => b.tab.locator(byId('live-status')).getAttribute('data-state')).toBe('open');
      await editInOneSeenInOther(a.tab, b);
    }, SLOW);

    test('two tabs of one browser: the edit reaches the other tab through tab sync, without the event stream', async () => {
      const c = await context();
      const a = await openTab(c, '?live=off');
      const b = await openTab(c, '?live=off');
      expect(await b.tab.locator(byId('live-status')).getAttribute('data-state')).toBe('connecting');
      await editInOneSeenInOther(a.tab, b);
    }, SLOW);
  });
}
