// End-to-end, offline (each page, real IndexedDB, Chromium's own offline mode): toggle two
// tasks and create one while offline, reload while still offline, and the three changes still
// show (restored from IndexedDB with their paused requests); back online, the server receives
// the three requests in issue order and the page shows the server's truth, with no duplicate row.
import type { Locator, Page as Tab } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from '../../playground/vite.config.js';
import { startPlayground, type PlaygroundHarness } from './playground.js';

const byId = (id: string) => `[data-testid="${id}"]`;
const row = (tab: Tab, id: number): Locator => tab.locator(`${byId('task-row')}[data-id="${id}"]`);
const rowIds = (tab: Tab) => tab.locator(byId('task-row')).evaluateAll(els => els.map(e => Number(e.getAttribute('data-id'))));
const titles = (tab: Tab) => tab.locator(byId('task-title')).allTextContents();

describe.each<Page>(['solid', 'vue', 'vanilla'])('the %s page', page => {
  let pg: PlaygroundHarness;
  beforeAll(async () => {
    pg = await startPlayground(page);
  });
  afterAll(async () => {
    await pg?.close();
  });

  test('offline: toggle two, create one, reload offline; online: three requests in order, server truth, no duplicate', async () => {
    await pg.reset();
    const { context, tab, errors } = await pg.open();
    await tab.locator(byId('task-row')).first().waitFor();
    // the offline shell: once the service worker controls the page, its files are cached on the way
    await tab.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await tab.reload();
    await tab.locator(byId('task-row')).first().waitFor();
    await tab.waitForLoadState('networkidle');
    const ids = await rowIds(tab);
    const [a, b] = ids as [number, number];
    const doneA = (await row(tab, a).getAttribute('data-done')) === 'true';
    const doneB = (await row(tab, b).getAttribute('data-done')) === 'true';

    const sent: string[] = [];
    const answered: number[] = [];
    tab.on('response', r => {
      if (r.request().method() !== 'GET' && r.url().includes('/api/tasks')) answered.push(r.status());
    });
    tab.on('request', r => {
      if (r.method() !== 'GET' && r.url().includes('/api/tasks')) sent.push(`${r.method()} ${new URL(r.url()).pathname} ${r.postData()}`);
    });

    // A browser with no network reports navigator.onLine false, on every document it loads. Chromium 150's
    // offline emulation (context.setOffline) does not carry that to the document of a reload served by the
    // service worker: navigator.onLine reads true there (the Chromium this test ran on before read false). This script gives
    // every document of the context what a real offline browser reports while the test holds it offline.
    await context.addInitScript(() => {
      const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!.get!;
      Object.defineProperty(Navigator.prototype, 'onLine', {
        configurable: true,
        get(this: Navigator) {
          return sessionStorage.getItem('e2e-offline') !== '1' && (real.call(this) as boolean);
        },
      });
    });
    await tab.evaluate(() => sessionStorage.setItem('e2e-offline', '1'));
    await context.setOffline(true);
    await expect.poll(() => tab.evaluate(() => navigator.onLine)).toBe(false);
    await row(tab, a).locator(byId('task-toggle')).click();
    await row(tab, b).locator(byId('task-toggle')).click();
    await tab.locator(byId('create-title')).fill('Written offline');
    await tab.locator(byId('create-submit')).click();
    await expect.poll(() => titles(tab)).toContain('Written offline');
    await expect.poll(() => row(tab, a).getAttribute('data-done')).toBe(String(!doneA));
    expect(await row(tab, b).getAttribute('data-done')).toBe(String(!doneB));
    expect(await row(tab, a).locator(byId('task-pending')).count()).toBe(1);
    expect(await tab.locator(byId('task-pending')).count()).toBe(3);
    await tab.waitForTimeout(400); // past the persistence throttle (a pagehide flushes too)

    // reload while offline: the page comes from the service worker, the data and the three paused
    // mutations from IndexedDB
    await tab.reload();
    await tab.locator(byId('task-row')).first().waitFor();
    await expect.poll(() => titles(tab)).toContain('Written offline');
    expect(await row(tab, a).getAttribute('data-done')).toBe(String(!doneA));
    expect(await row(tab, b).getAttribute('data-done')).toBe(String(!doneB));
    expect(await tab.locator(byId('task-pending')).count()).toBe(3);
    expect(sent).toEqual([]);

    await context.setOffline(false);
    // back online: the reloaded document learns it as a real browser's would, from navigator.onLine and
    // an `online` event (Chromium 150 fires none there, since its navigator never read false)
    await tab.evaluate(() => {
      const wasOffline = !navigator.onLine;
      sessionStorage.removeItem('e2e-offline');
      if (wasOffline && navigator.onLine) window.dispatchEvent(new Event('online'));
    });
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(3);
    expect(sent[0]).toMatch(new RegExp(`^PATCH /api/tasks/${a} .*"done":${!doneA}`));
    expect(sent[1]).toMatch(new RegExp(`^PATCH /api/tasks/${b} .*"done":${!doneB}`));
    expect(sent[2]).toMatch(/^POST \/api\/tasks .*"title":"Written offline"/);
    await expect.poll(() => tab.locator(byId('task-pending')).count()).toBe(0);
    await expect.poll(() => answered, { timeout: 10_000 }).toEqual([200, 200, 201]);

    // the server's truth, shown once
    type ServerTask = { id: number; title: string; done: boolean };
    const created = (await (await pg.api('GET', '/api/tasks?q=Written%20offline')).json()) as ServerTask[];
    expect(created).toHaveLength(1);
    expect(((await (await pg.api('GET', `/api/tasks/${a}`)).json()) as ServerTask).done).toBe(!doneA);
    expect(((await (await pg.api('GET', `/api/tasks/${b}`)).json()) as ServerTask).done).toBe(!doneB);
    await expect.poll(async () => (await titles(tab)).filter(t => t === 'Written offline').length).toBe(1);
    await expect.poll(() => row(tab, created[0]!.id).count()).toBe(1);
    const shown = await rowIds(tab);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.every(id => id > 0)).toBe(true);
    expect(errors.map(e => e.message)).toEqual([]);
  });
});
