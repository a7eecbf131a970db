import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page as Tab } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from '../../playground/vite.config.js';
import { startPlayground, type PlaygroundHarness } from './playground.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The README's picture of the panel (Solid page), rewritten only when asked
 * (`UPDATE_SCREENSHOTS=1`) or when it is missing.
 */
const README_SHOT = resolve(ROOT, 'docs/devtools.png');
const writeReadmeShot = process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(README_SHOT);

const byId = (id: string) => `[data-testid="${id}"]`;
/** Inside the devtools panel (Playwright's CSS locators pierce its open shadow root). */
const panel = (tab: Tab, sel = ''): Locator => tab.locator(`[data-rest-signals-devtools] ${byId('rs-panel')} ${sel}`.trim());
const entity = (tab: Tab, type: string, pk: number): Locator => panel(tab, `${byId('rs-entity')}[data-type="${type}"][data-pk="${pk}"]`);
const row = (tab: Tab, id: number): Locator => tab.locator(`${byId('task-row')}[data-id="${id}"]`);

async function renderCounts(tab: Tab): Promise<Record<number, number>> {
  const pairs = await tab.locator(byId('task-row')).evaluateAll(els =>
    els.map(e => [Number(e.getAttribute('data-id')), Number(e.querySelector('[data-testid="task-renders"]')?.textContent)] as const));
  return Object.fromEntries(pairs);
}

async function openPanel(tab: Tab): Promise<void> {
  await expect.poll(() => panel(tab).isHidden()).toBe(true);
  await tab.locator(`[data-rest-signals-devtools] ${byId('rs-toggle')}`).click();
  await panel(tab).waitFor();
}

async function search(tab: Tab, text: string): Promise<void> {
  await panel(tab, byId('rs-search')).fill(text);
}

async function watchers(tab: Tab, type: string, pk: number): Promise<number> {
  return Number(await entity(tab, type, pk).locator(byId('rs-watchers')).textContent());
}

/**
 * The devtools panel on one playground page (`solid`, `vue` or `vanilla`), in Chromium: it opens,
 * shows an optimistic update pending then committed, counts the views watching an entity, its
 * invalidate button refetches, and its own updates never re-render a row of the page.
 * @example devtoolsSuite('vue');
 */
export function devtoolsSuite(page: Page): void {
  describe(`devtools panel: ${page} page`, () => {
    let pg: PlaygroundHarness;
    let tab: Tab;
    let errors: Error[];
    let messages: string[];

    beforeAll(async () => {
      pg = await startPlayground(page);
    });
    afterAll(async () => {
      await pg?.close();
    });
    beforeEach(async () => {
      await pg.reset();
      ({ tab, errors, console: messages } = await pg.open());
      await tab.locator(byId('task-row')).first().waitFor();
      await tab.waitForLoadState('networkidle');
    });
    afterEach(() => {
      expect(errors.map(e => e.message), 'uncaught errors in the page').toEqual([]);
      expect(messages, 'console warnings/errors in the page').toEqual([]);
    });

    test('is closed at first; opened, it lists entities, results and the timeline', async () => {
      await openPanel(tab);
      await expect.poll(() => panel(tab, byId('rs-entity')).count()).toBeGreaterThan(0);
      await expect.poll(() => entity(tab, 'Task', 1).count()).toBe(1);
      expect(await panel(tab, `${byId('rs-result')}[data-status="fresh"]`).count()).toBeGreaterThan(0);
      expect(await panel(tab, byId('rs-timeline-entry')).count()).toBeGreaterThan(0);
      if (page === 'solid' && writeReadmeShot) {
        await row(tab, 2).locator(byId('task-title')).click();
        await search(tab, '2');
        await entity(tab, 'Task', 2).locator('summary').click();
        await tab.waitForTimeout(600);
        await mkdir(dirname(README_SHOT), { recursive: true });
        await tab.screenshot({ path: README_SHOT });
        await search(tab, '');
      }
      await panel(tab, byId('rs-close')).click();
      await expect.poll(() => panel(tab).isHidden()).toBe(true);
    });

    test('after an optimistic toggle it shows the pending update, then the committed value', async () => {
      await openPanel(tab);
      await search(tab, 'Task:1');
      const before = (await row(tab, 1).getAttribute('data-done')) === 'true';
      await pg.control({ delayMs: 1500 });
      await row(tab, 1).locator(byId('task-toggle')).click();
      await expect.poll(() => panel(tab, byId('rs-optimistic')).count()).toBe(1);
      await expect.poll(() => entity(tab, 'Task', 1).getAttribute('class')).toBe('optimistic');
      expect(await entity(tab, 'Task', 1).locator('pre').textContent()).toContain(`"done": ${!before}`);
      expect(await panel(tab, byId('rs-request')).count()).toBeGreaterThan(0);
      await expect.poll(() => panel(tab, byId('rs-optimistic')).count(), { timeout: 5000 }).toBe(0);
      await expect.poll(() => entity(tab, 'Task', 1).getAttribute('class')).toBeNull();
      expect(await entity(tab, 'Task', 1).locator('pre').textContent()).toContain(`"done": ${!before}`);
      await pg.control({ delayMs: 0 });
    });

    test('the watcher count of an entity goes N → N-1 when a view showing it unmounts', async () => {
      await openPanel(tab);
      await search(tab, 'Task:2');
      await row(tab, 2).locator(byId('task-title')).click();
      await expect.poll(() => tab.locator(byId('detail-id')).textContent()).toBe('2');
      await expect.poll(() => watchers(tab, 'Task', 2)).toBeGreaterThan(1);
      // let every view of the page settle (and the panel refresh) before reading N
      await tab.waitForLoadState('networkidle');
      await tab.waitForTimeout(700);
      const n = await watchers(tab, 'Task', 2);
      // selecting another task unmounts the detail view of task 2
      await row(tab, 4).locator(byId('task-title')).click();
      await expect.poll(() => tab.locator(byId('detail-id')).textContent()).toBe('4');
      await expect.poll(() => watchers(tab, 'Task', 2)).toBe(n - 1);
    });

    test('invalidating a result from the panel refetches it', async () => {
      await openPanel(tab);
      await search(tab, '/api/tasks?');
      // a result some view watches (an unwatched one, e.g. a list left behind, is not refetched)
      const watchedFresh = () =>
        panel(tab, byId('rs-result')).evaluateAll(rows =>
          rows
            .filter(r => r.getAttribute('data-status') === 'fresh' && Number(r.querySelector('[data-testid="rs-watchers"]')?.textContent) > 0)
            .map(r => r.getAttribute('data-key')!),
        );
      await expect.poll(async () => (await watchedFresh()).length, { timeout: 10_000 }).toBeGreaterThan(0);
      const key = (await watchedFresh())[0]!;
      const result = panel(tab, `${byId('rs-result')}[data-key="${key}"]`);
      const url = key.slice(key.indexOf(' ') + 1);
      const refetch = tab.waitForRequest(r => r.method() === 'GET' && r.url() === new URL(url, pg.origin).href, { timeout: 10_000 });
      await result.locator(byId('rs-invalidate')).click();
      await refetch;
      const same = panel(tab, `${byId('rs-result')}[data-key="${key}"]`);
      // the panel redraws on its own schedule (a frame after a store action, and every 500 ms while
      // open): give the refetched result a few of those to show again
      await expect.poll(() => same.getAttribute('data-status', { timeout: 1000 }).catch(() => 'gone'), { timeout: 10_000 }).toBe('fresh');
      await tab.locator(byId('task-row')).first().waitFor();
    });

    test("the panel's own updates never re-render a row of the page", async () => {
      const before = await renderCounts(tab);
      await openPanel(tab);
      await search(tab, 'Task');
      await entity(tab, 'Task', 1).locator('summary').click();
      await search(tab, '');
      await panel(tab, byId('rs-pause')).click();
      await panel(tab, byId('rs-pause')).click();
      // several of the panel's timed refreshes
      await tab.waitForTimeout(1600);
      expect(await renderCounts(tab)).toEqual(before);
      expect(Number(await tab.locator('[data-rest-signals-devtools]').getAttribute('data-renders'))).toBeGreaterThan(2);
    });
  });
}
