import { errors as playwrightErrors, type Locator, type Page as Tab } from 'playwright-core';
import { NEW_TASK_OWNER, PROJECT_ID } from '../../playground/ui/board.js';
import type { PlaygroundHarness } from './playground.js';
import { RETRY } from './soakCheck.js';
import type { SoakFaults } from './soakFaults.js';
import type { SoakJournal } from './soakJournal.js';
import type { SoakRandom } from './soakRandom.js';

const byId = (id: string) => `[data-testid="${id}"]`;
/** How long one click may wait for its element: a row can leave the list between choice and click. */
const CLICK_MS = 1500;
const STATUSES = ['todo', 'doing', 'done'] as const;

/** What an action needs: the tab, the server, the random source and the fault switches. */
export interface SoakContext {
  readonly tab: Tab;
  readonly pg: PlaygroundHarness;
  readonly rng: SoakRandom;
  readonly faults: SoakFaults;
  readonly journal: SoakJournal;
  /** Numbers the titles the soak types, so every one is unique. */
  serial: number;
}

/** One kind of thing a user (or the world) does; `run` returns false when there was nothing to do it on. */
export interface SoakAction {
  readonly name: string;
  readonly weight: number;
  run(ctx: SoakContext): Promise<boolean>;
}

/** A random element among those matching (its task noted in the journal), or undefined when none is shown. */
async function any(ctx: SoakContext, selector: string): Promise<Locator | undefined> {
  const all = ctx.tab.locator(selector);
  const n = await all.count();
  if (n === 0) return undefined;
  const target = all.nth(ctx.rng.int(n));
  const id = await target.evaluate(el => el.closest('[data-id]')?.getAttribute('data-id'), undefined, { timeout: CLICK_MS }).catch(() => null);
  if (id) ctx.journal.note(`  on #${id}`);
  return target;
}

/** Clicks, tolerating an element that left the page in between (the page changes under the soak). */
async function click(target: Locator | undefined): Promise<boolean> {
  if (!target) return false;
  try {
    await target.click({ timeout: CLICK_MS });
    return true;
  } catch (error) {
    if (error instanceof playwrightErrors.TimeoutError) return false;
    throw error;
  }
}

const title = (ctx: SoakContext, what: string) => `soak ${what} ${ctx.rng.seed.toString(36)}-${++ctx.serial}`;

/** The ids of the rows shown now (for changes made behind the page's back). */
async function shownIds(tab: Tab): Promise<number[]> {
  return tab.locator(byId('task-row')).evaluateAll(els => els.map(e => Number(e.getAttribute('data-id'))));
}

/**
 * Everything the soak does, with its weight: the pages' own controls (toggle, select, rename,
 * delete, create, load more, move, dismiss, retry, login, logout), changes made behind the page
 * through the API (which reach it through the live stream), a fault switch, and a short pause so
 * replies land between clicks. Creates and deletes are weighted so the board neither empties nor grows without bound.
 * @example const action = ctx.rng.weighted(SOAK_ACTIONS); await action.run(ctx);
 */
export const SOAK_ACTIONS: readonly SoakAction[] = [
  { name: 'toggle', weight: 10, run: async ctx => click(await any(ctx, `${byId('task-row')} ${byId('task-toggle')}`)) },
  { name: 'select', weight: 6, run: async ctx => click(await any(ctx, `${byId('task-row')} ${byId('task-title')}`)) },
  {
    name: 'rename',
    weight: 5,
    async run(ctx) {
      const row = await any(ctx, byId('task-row'));
      if (!row || !(await click(row.locator(byId('task-rename'))))) return false;
      const input = ctx.tab.locator(byId('task-rename-input')).first();
      try {
        await input.fill(title(ctx, 'renamed'), { timeout: CLICK_MS });
        await input.press(ctx.rng.chance(0.85) ? 'Enter' : 'Escape', { timeout: CLICK_MS });
      } catch (error) {
        if (!(error instanceof playwrightErrors.TimeoutError)) throw error;
        // the row re-rendered (a reply, a live message) and took the input with it
      }
      return true;
    },
  },
  { name: 'delete', weight: 3, run: async ctx => click(await any(ctx, `${byId('task-row')} ${byId('task-delete')}`)) },
  {
    name: 'create',
    weight: 3,
    async run(ctx) {
      try {
        await ctx.tab.locator(byId('create-title')).fill(title(ctx, 'created'), { timeout: CLICK_MS });
      } catch (error) {
        if (error instanceof playwrightErrors.TimeoutError) return false;
        throw error;
      }
      return click(ctx.tab.locator(byId('create-submit')));
    },
  },
  { name: 'load more', weight: 4, run: async ctx => click(await any(ctx, byId('load-more'))) },
  { name: 'move', weight: 8, run: async ctx => click(await any(ctx, byId('card-move'))) },
  { name: 'dismiss', weight: 1, run: async ctx => click(await any(ctx, byId('dismiss-error'))) },
  { name: 'retry', weight: 1, run: async ctx => click(await any(ctx, RETRY)) },
  {
    name: 'login or logout',
    weight: 1,
    async run(ctx) {
      if (await ctx.tab.locator(byId('logout')).count()) return click(ctx.tab.locator(byId('logout')));
      const form = ctx.tab.locator(byId('login-form'));
      if (!(await form.count())) return false;
      try {
        await ctx.tab.locator(byId('login-username')).fill(ctx.rng.pick(['ada', 'grace']), { timeout: CLICK_MS });
        await ctx.tab.locator(byId('login-password')).fill('playground', { timeout: CLICK_MS });
      } catch (error) {
        if (error instanceof playwrightErrors.TimeoutError) return false;
        throw error;
      }
      return click(ctx.tab.locator(byId('login-submit')));
    },
  },
  {
    name: 'change behind the page',
    weight: 3,
    async run(ctx) {
      const ids = await shownIds(ctx.tab);
      const kind = ctx.rng.int(4);
      if (kind === 0) {
        await ctx.pg.api('POST', '/api/tasks', { title: title(ctx, 'posted'), ownerId: NEW_TASK_OWNER, projectId: PROJECT_ID });
        return true;
      }
      if (ids.length === 0) return false;
      const id = ctx.rng.pick(ids);
      const body = kind === 2 ? { title: title(ctx, 'patched'), done: ctx.rng.chance(0.5) } : { status: ctx.rng.pick(STATUSES) };
      ctx.journal.note(`  behind the page: ${kind === 1 ? 'DELETE' : `PATCH ${JSON.stringify(body)}`} #${id}`);
      if (kind === 1) await ctx.pg.api('DELETE', `/api/tasks/${id}`);
      else await ctx.pg.api('PATCH', `/api/tasks/${id}`, body);
      return true; // a 404 (already deleted) is a change too: none
    },
  },
  { name: 'fault', weight: 4, run: async ctx => (ctx.journal.note(`  ${await ctx.faults.shuffle(ctx.rng)}`), true) },
  { name: 'pause', weight: 3, run: async ctx => (await ctx.tab.waitForTimeout(ctx.rng.int(400)), true) },
];
