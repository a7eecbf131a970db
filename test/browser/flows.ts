import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page as Tab } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createSeedBoard } from '../../playground/server/index.js';
import { PAGE_SIZE, PROJECT_ID } from '../../playground/ui/board.js';
import type { Page } from '../../playground/vite.config.js';
import { startPlayground, type PlaygroundHarness } from './playground.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RESULTS = resolve(ROOT, 'test-results');
/** The page whose screenshot the README shows. */
const README_PAGE: Page = 'solid';
/**
 * The README's screenshot is committed, so a test run rewrites it only when asked
 * (`UPDATE_SCREENSHOTS=1`) or when it is missing; the same picture always goes to `test-results/`.
 */
const README_SHOT = resolve(ROOT, 'docs/playground.png');
const writeReadmeShot = process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(README_SHOT);

const byId = (id: string) => `[data-testid="${id}"]`;

// What the pages should show, from the same seed the server starts from.
const SEED = createSeedBoard();
const PROJECT_TASKS = SEED.tasks.filter(t => t.projectId === PROJECT_ID).map(t => t.id);
const columnTasks = (status: string) =>
  SEED.tasks.filter(t => t.projectId === PROJECT_ID && t.status === status)
    .sort((a, b) => a.position - b.position || a.id - b.id).map(t => t.id);
const doneCount = SEED.tasks.filter(t => t.done).length;

/** The list row of task `id`. */
const row = (tab: Tab, id: number): Locator => tab.locator(`${byId('task-row')}[data-id="${id}"]`);
/** A board card of task `id` inside one column. */
const card = (tab: Tab, status: string, id: number): Locator =>
  tab.locator(`${byId(`column-${status}`)} ${byId('board-card')}[data-id="${id}"]`);

async function rowIds(tab: Tab): Promise<number[]> {
  return tab.locator(byId('task-row')).evaluateAll(els => els.map(e => Number(e.getAttribute('data-id'))));
}

/** Render count of every list row, by task id. */
async function renderCounts(tab: Tab): Promise<Map<number, number>> {
  const pairs = await tab.locator(byId('task-row')).evaluateAll(els =>
    els.map(e => [Number(e.getAttribute('data-id')), Number(e.querySelector('[data-testid="task-renders"]')?.textContent)] as const));
  return new Map(pairs);
}

async function cardIds(tab: Tab, status: string): Promise<number[]> {
  return tab.locator(`${byId(`column-${status}`)} ${byId('board-card')}`)
    .evaluateAll(els => els.map(e => Number(e.getAttribute('data-id'))));
}

async function text(tab: Tab, testId: string): Promise<string> {
  return ((await tab.locator(byId(testId)).first().textContent()) ?? '').trim();
}

async function login(tab: Tab): Promise<void> {
  await tab.locator(byId('login-username')).fill('ada');
  await tab.locator(byId('login-password')).fill('playground');
  await tab.locator(byId('login-submit')).click();
  await tab.locator(byId('session-user')).filter({ hasText: 'Ada Lovelace' }).waitFor();
}

/**
 * Every flow of the playground, driven in Chromium against one page (`solid`, `vue` or
 * `vanilla`): the same markup contract (`data-testid`s) holds on all three pages.
 * @example playgroundSuite('vanilla');
 */
export function playgroundSuite(page: Page): void {
  describe(`playground: ${page} page`, () => {
    let pg: PlaygroundHarness;
    let tab: Tab;
    let errors: Error[];
    let messages: string[];

    beforeAll(async () => {
      pg = await startPlayground(page);
      await mkdir(RESULTS, { recursive: true });
    });
    afterAll(async () => {
      await pg?.close();
    });
    beforeEach(async () => {
      await pg.reset();
      ({ tab, errors, console: messages } = await pg.open());
      await tab.locator(byId('task-row')).first().waitFor();
    });
    afterEach(() => {
      expect(errors.map(e => e.message), 'uncaught errors in the page').toEqual([]);
      expect(messages, 'console warnings/errors in the page').toEqual([]);
    });

    test('shows the first page of tasks, the board and the polled counter', async () => {
      expect(await rowIds(tab)).toEqual(PROJECT_TASKS.slice(0, PAGE_SIZE));
      for (const status of ['todo', 'doing', 'done']) {
        await expect.poll(() => cardIds(tab, status)).toEqual(columnTasks(status).slice(0, PAGE_SIZE));
      }
      await expect.poll(() => text(tab, 'stats-total')).toBe(String(SEED.tasks.length));
      expect(await text(tab, 'stats-done')).toBe(String(doneCount));
      // each row rendered once: the board's lists refetch the same tasks, and an entity whose
      // content did not change keeps its object, so no row renders again
      await tab.waitForLoadState('networkidle');
      expect([...(await renderCounts(tab)).values()]).toEqual(PROJECT_TASKS.slice(0, PAGE_SIZE).map(() => 1));
      await tab.screenshot({ path: resolve(RESULTS, `${page}.png`), fullPage: true });
      if (page === README_PAGE) {
        // the README's picture: logged in, a task selected, one row edited (its counter went up)
        await login(tab);
        await row(tab, 2).locator(byId('task-title')).click();
        await row(tab, 1).locator(byId('task-toggle')).click();
        await expect.poll(() => row(tab, 1).getAttribute('data-done')).toBe('true');
        await expect.poll(() => text(tab, 'detail-id')).toBe('2');
        await tab.locator(byId('my-stats')).filter({ hasText: /mine: \d/ }).waitFor();
        await tab.screenshot({ path: resolve(RESULTS, 'readme.png') });
        if (writeReadmeShot) {
          await mkdir(dirname(README_SHOT), { recursive: true });
          await tab.screenshot({ path: README_SHOT });
        }
      }
    });

    test('shows a loading state while the list is on its way (Suspense in Solid and Vue)', async () => {
      await pg.control({ delayMs: 2000 });
      await tab.goto(`${pg.pageUrl}?fresh`); // not from the persisted store: from the network
      await tab.locator(byId('list-loading')).waitFor();
      await tab.locator(byId('task-row')).first().waitFor();
      await tab.locator(byId('list-loading')).waitFor({ state: 'hidden' });
      // the detail of a listed task needs no request: the entity is in the store already, so it
      // shows at once, without a fallback, although every request now takes 2 s
      await row(tab, 4).locator(byId('task-title')).click();
      await expect.poll(() => text(tab, 'detail-id'), { timeout: 1000 }).toBe('4');
      expect(await tab.locator(byId('detail-loading')).count()).toBe(0);
    });

    test('"Load more" appends the next pages (getList.getPage) until the list ends', async () => {
      const more = tab.locator(`${byId('tasks-card')} ${byId('load-more')}`);
      for (let pages = 2; pages <= Math.ceil(PROJECT_TASKS.length / PAGE_SIZE); pages++) {
        await more.click();
        await expect.poll(() => rowIds(tab)).toHaveLength(Math.min(pages * PAGE_SIZE, PROJECT_TASKS.length));
      }
      expect(await rowIds(tab)).toEqual(PROJECT_TASKS);
      await more.waitFor({ state: 'hidden' });
    });

    test('a board column pages too, with its filter kept', async () => {
      const todo = columnTasks('todo');
      expect(todo.length).toBeGreaterThan(PAGE_SIZE);
      const more = tab.locator(`${byId('column-todo')} ${byId('load-more')}`);
      await more.click();
      await expect.poll(() => cardIds(tab, 'todo')).toEqual(todo);
      await more.waitFor({ state: 'hidden' });
      expect(await cardIds(tab, 'doing')).toEqual(columnTasks('doing').slice(0, PAGE_SIZE));
    });

    test('creates a task (getList.push): it joins the list and the todo column', async () => {
      await tab.locator(byId('create-title')).fill('Write the end-to-end tests');
      await tab.locator(byId('create-submit')).click();
      const created = tab.locator(byId('task-row')).filter({ hasText: 'Write the end-to-end tests' });
      await created.waitFor();
      await expect.poll(async () => (await rowIds(tab)).length).toBe(PAGE_SIZE + 1);
      const newId = Math.max(...SEED.tasks.map(t => t.id)) + 1;
      await expect.poll(() => created.getAttribute('data-id')).toBe(String(newId)); // the server's id
      const id = newId;
      await card(tab, 'todo', id).waitFor();
      const reply = await pg.api('GET', `/api/tasks/${id}`);
      expect(await reply.json()).toMatchObject({ title: 'Write the end-to-end tests', projectId: 1, status: 'todo' });
      await expect.poll(() => text(tab, 'stats-total'), { timeout: 6000 }).toBe(String(SEED.tasks.length + 1));
    });

    test('toggles "done" optimistically, before the reply, and re-renders only that row', async () => {
      await pg.control({ delayMs: 1500 });
      const before = await renderCounts(tab);
      const toggle = row(tab, 1).locator(byId('task-toggle'));
      expect(await toggle.isChecked()).toBe(false);
      const replied = tab.waitForResponse(r => r.url().endsWith('/api/tasks/1') && r.request().method() === 'PATCH');
      await toggle.click();
      // the store changed, not just the native checkbox: the reply is still 1.5 s away
      expect(await row(tab, 1).getAttribute('data-done')).toBe('true');
      expect(await row(tab, 1).locator(byId('task-toggle')).isChecked()).toBe(true);
      expect((await replied).status()).toBe(200);
      await tab.waitForTimeout(100);
      expect(await row(tab, 1).getAttribute('data-done')).toBe('true');
      expect(await row(tab, 1).locator(byId('task-toggle')).isChecked()).toBe(true);
      const after = await renderCounts(tab);
      expect(after.get(1)!).toBeGreaterThan(before.get(1)!);
      for (const [id, n] of before) if (id !== 1) expect(after.get(id), `renders of row ${id}`).toBe(n);
      expect(await (await pg.api('GET', '/api/tasks/1')).json()).toMatchObject({ done: true });
    });

    test('an optimistic update the server rejects rolls back and shows the error', async () => {
      await pg.control({ delayMs: 1000, failNext: { status: 500, match: '^PATCH /api/tasks/1$' } });
      const replied = tab.waitForResponse(r => r.url().endsWith('/api/tasks/1') && r.request().method() === 'PATCH');
      await row(tab, 1).locator(byId('task-toggle')).click();
      expect(await row(tab, 1).getAttribute('data-done')).toBe('true');
      expect((await replied).status()).toBe(500);
      await expect.poll(() => row(tab, 1).getAttribute('data-done')).toBe('false');
      expect(await row(tab, 1).locator(byId('task-toggle')).isChecked()).toBe(false);
      await tab.locator(byId('mutation-error')).waitFor();
      expect(await text(tab, 'mutation-error')).toContain('500');
      expect(await (await pg.api('GET', '/api/tasks/1')).json()).toMatchObject({ done: false });
    });

    test('rename updates the row and the detail view of the same task', async () => {
      await row(tab, 2).locator(byId('task-title')).click();
      await expect.poll(() => text(tab, 'detail-id')).toBe('2');
      const old = await text(tab, 'detail-title');
      expect(old).toBe(await row(tab, 2).locator(byId('task-title')).textContent());
      await row(tab, 2).locator(byId('task-rename')).click();
      const input = row(tab, 2).locator(byId('task-rename-input'));
      await input.fill('Renamed in the browser');
      await input.press('Enter');
      await expect.poll(() => row(tab, 2).locator(byId('task-title')).textContent()).toBe('Renamed in the browser');
      await expect.poll(() => text(tab, 'detail-title')).toBe('Renamed in the browser');
      await expect.poll(async () => (await (await pg.api('GET', '/api/tasks/2')).json()).title).toBe('Renamed in the browser');
      // a toggle in the list shows in the detail view too
      const toggle = row(tab, 2).locator(byId('task-toggle'));
      const wasDone = await toggle.isChecked();
      await toggle.click();
      await expect.poll(() => text(tab, 'detail-done')).toBe(wasDone ? 'no' : 'yes');
    });

    test('"move" sends a card to the next column (getList.move)', async () => {
      await pg.control({ delayMs: 1000 });
      const [first] = await cardIds(tab, 'todo');
      let replied = false;
      const reply = tab.waitForResponse(r => r.url().endsWith(`/api/tasks/${first}`) && r.request().method() === 'PATCH');
      void reply.then(() => (replied = true));
      await card(tab, 'todo', first!).locator(byId('card-move')).click();
      await card(tab, 'doing', first!).waitFor();
      await card(tab, 'todo', first!).waitFor({ state: 'detached' });
      expect(replied, 'the card moved before the server replied (optimistic)').toBe(false);
      expect((await reply).status()).toBe(200);
      expect(await cardIds(tab, 'todo')).toEqual(columnTasks('todo').slice(1, PAGE_SIZE));
      expect(await cardIds(tab, 'doing')).toEqual([...columnTasks('doing').slice(0, PAGE_SIZE), first]);
      await expect.poll(async () => (await (await pg.api('GET', `/api/tasks/${first}`)).json()).status).toBe('doing');
      await expect.poll(() => row(tab, first!).locator(byId('task-status')).textContent()).toBe('doing');
    });

    test('delete removes the task from the list and its column (204 reply)', async () => {
      const replied = tab.waitForResponse(r => r.url().endsWith('/api/tasks/3') && r.request().method() === 'DELETE');
      const status = (await row(tab, 3).locator(byId('task-status')).textContent())!;
      await row(tab, 3).locator(byId('task-delete')).click();
      await row(tab, 3).waitFor({ state: 'detached' });
      expect((await replied).status()).toBe(204);
      await card(tab, status, 3).waitFor({ state: 'detached' });
      expect((await pg.api('GET', '/api/tasks/3')).status).toBe(404);
    });

    test('a failed load shows the error; "Retry" loads the list', async () => {
      await pg.control({ failPattern: { match: '^GET /api/tasks$', status: 503 } });
      await tab.goto(`${pg.pageUrl}?fresh`); // not from the persisted store: from the network
      await tab.locator(byId('list-error')).waitFor();
      expect(await text(tab, 'list-error')).toContain('503');
      expect(await rowIds(tab)).toEqual([]);
      await pg.control({ failPattern: null });
      await tab.locator(byId('retry')).click();
      await expect.poll(() => rowIds(tab)).toEqual(PROJECT_TASKS.slice(0, PAGE_SIZE));
      await tab.locator(byId('list-error')).waitFor({ state: 'hidden' });
    });

    test('a column whose load failed shows the error with "Retry", which loads it', async () => {
      await pg.control({ failPattern: { match: '^GET /api/tasks$', status: 503 } });
      await tab.goto(`${pg.pageUrl}?fresh`);
      const failed = tab.locator(`${byId('column-todo')} ${byId('column-error')}`);
      await failed.waitFor();
      expect(await failed.textContent()).toContain('503');
      await pg.control({ failPattern: null });
      // nothing else refetches a failed column: it stays failed until asked
      await tab.waitForTimeout(1500);
      expect(await cardIds(tab, 'todo')).toEqual([]);
      await tab.locator(`${byId('column-todo')} ${byId('column-retry')}`).click();
      await expect.poll(() => cardIds(tab, 'todo')).toEqual(columnTasks('todo').slice(0, PAGE_SIZE));
      await failed.waitFor({ state: 'hidden' });
      // the other columns still show their own error until their own "Retry"
      await tab.locator(`${byId('column-done')} ${byId('column-error')}`).waitFor();
    });

    test('the counter\'s reload failing after a logout shows the error with "Retry", never an uncaught error', async () => {
      await login(tab);
      await tab.locator(byId('my-stats')).filter({ hasText: /mine: \d/ }).waitFor();
      await expect.poll(() => text(tab, 'stats-total')).toBe(String(SEED.tasks.length));
      // a failing poll while the counter has data is soft (the last good numbers stay); after the
      // logout's reset there is nothing left to show, so the failed reload must be shown as such
      await pg.control({ failPattern: { match: '^GET /api/stats$', status: 503 }, expireTokens: true });
      await tab.locator(byId('login-form')).waitFor({ timeout: 8000 });
      await tab.locator(byId('stats-error')).filter({ hasText: '503' }).waitFor({ timeout: 8000 });
      await pg.control({ failPattern: null });
      // the vanilla page's view is still watched and polled, so it may come back before the click
      await tab.locator(byId('stats-retry')).click({ timeout: 2000 }).catch(() => undefined);
      await expect.poll(() => text(tab, 'stats-total'), { timeout: 6000 }).toBe(String(SEED.tasks.length));
      await tab.locator(byId('stats-error')).waitFor({ state: 'hidden' });
    });

    test('login; a 401 after the token expires logs out (LogoutManager)', async () => {
      await tab.locator(byId('login-password')).fill('wrong');
      await tab.locator(byId('login-submit')).click();
      await tab.locator(byId('login-error')).filter({ hasText: '403' }).waitFor();
      await login(tab);
      await tab.locator(byId('my-stats')).filter({ hasText: 'mine:' }).waitFor();
      await pg.control({ expireTokens: true });
      // the next poll of the token-protected counter gets a 401
      await tab.locator(byId('login-form')).waitFor({ timeout: 8000 });
      expect(await text(tab, 'logout-reason')).toContain('401');
      await tab.screenshot({ path: resolve(RESULTS, `${page}-logged-out.png`) });
      // the page keeps working logged out, and a new login works
      await login(tab);
      expect(await tab.locator(byId('logout-reason')).count()).toBe(0);
    });

    test('a token that outlives its lifetime gets a 401 and the page logs out', async () => {
      await pg.control({ tokenTtlMs: 2500 });
      await login(tab);
      await tab.locator(byId('my-stats')).filter({ hasText: /mine: \d/ }).waitFor();
      await tab.locator(byId('login-form')).waitFor({ timeout: 10_000 });
      expect(await text(tab, 'logout-reason')).toContain('401');
    });

    test('"Log out" ends the session', async () => {
      await login(tab);
      await tab.locator(byId('logout')).click();
      await tab.locator(byId('login-form')).waitFor();
    });

    test('the polled counter follows changes made behind the page', async () => {
      await expect.poll(() => text(tab, 'stats-done')).toMatch(/^\d+$/);
      const done = Number(await text(tab, 'stats-done'));
      const res = await pg.api('PATCH', '/api/tasks/1', { done: true });
      expect(res.status).toBe(200);
      await expect.poll(() => text(tab, 'stats-done'), { timeout: 6000 }).toBe(String(done + 1));
    });
  });
}
