import type { Page as Tab } from 'playwright-core';
import { STATS_GLOBAL } from '../../playground/shared/exposeStats.js';
import { PROJECT_ID } from '../../playground/ui/board.js';
import type { Task } from '../../playground/server/seed.js';
import type { PlaygroundHarness } from './playground.js';
import { isApiRequest } from './soakFaults.js';

/** What the page shows: list rows, board cards, the detail card, the counter and any visible loading note. */
interface Shown {
  rows: { id: number; title: string | null; status: string; done: string | null }[];
  cards: { id: number; column: string; title: string }[];
  /** Each column's own count, "(n)", beside its title. */
  counts: { column: string; text: string; cards: number }[];
  detail: { id: number; title: string; status: string; done: string } | null;
  stats: { total: string; done: string } | null;
  loading: number;
  /** Failed loads shown (`list-error`, `column-error`, `detail-error`, `stats-error`, `session-error`), with their text. */
  failures: { what: string; text: string }[];
}

/** The failed-load messages the pages show; each sits beside a "Retry" (see {@link RETRY}). */
const FAILURES = ['list-error', 'column-error', 'detail-error', 'stats-error', 'session-error'] as const;

/** Every "Retry" of a failed load on the pages: the list's `retry`, and the column, detail, counter and session ones. */
export const RETRY = '[data-testid="retry"], [data-testid$="-retry"]';

/** What the page's own client reports as pending (`client.stats()`, read through the page's `exposeStats`). */
interface PagePending {
  inflight: number;
  paused: number;
}

/** How far apart the reads that must all find nothing pending are. */
const SETTLED_GAP_MS = 250;
/** How many reads in a row must find nothing pending. */
const SETTLED_READS = 3;

/**
 * Counts the tab's API requests on the wire (the live streams excluded) and reads the page
 * client's own count of requests in flight, so the soak can wait until every reply has landed.
 * @example const inflight = new InFlight(tab); await inflight.settled(60_000);
 */
export class InFlight {
  #open = new Set<object>();

  constructor(private readonly tab: Tab) {
    tab.on('request', r => {
      if (isApiRequest(r.url())) this.#open.add(r);
    });
    const done = (r: object) => this.#open.delete(r);
    tab.on('requestfinished', done);
    tab.on('requestfailed', done);
  }

  /** Requests sent and not yet answered. */
  get size(): number {
    return this.#open.size;
  }

  /** The page client's requests in flight and paused mutations (`undefined` while the page has no client). */
  async #page(): Promise<PagePending | undefined> {
    return this.tab.evaluate(name => {
      const stats = (globalThis as unknown as Record<string, (() => PagePending) | undefined>)[name];
      if (stats === undefined) return undefined;
      const { inflight, paused } = stats();
      return { inflight, paused };
    }, STATS_GLOBAL);
  }

  /**
   * Resolves once {@link SETTLED_READS} reads in a row, {@link SETTLED_GAP_MS} apart, find nothing
   * pending: no API request on the wire, none in flight in the page's client (an optimistic layer
   * lives exactly as long as its mutation's request, so none of those either) and no paused
   * mutation. Unlike a quiet window on the wire, the polls of a loaded machine cannot keep it
   * waiting: a poll is in flight for a moment, not for the whole window. Throws after `capMs`,
   * saying what was still pending.
   */
  async settled(capMs: number): Promise<void> {
    const until = Date.now() + capMs;
    let calm = 0;
    let last: PagePending | undefined;
    for (;;) {
      last = await this.#page();
      const idle = this.#open.size === 0 && last !== undefined && last.inflight === 0 && last.paused === 0;
      calm = idle ? calm + 1 : 0;
      if (calm >= SETTLED_READS) return;
      if (Date.now() > until) {
        throw new Error(`the page did not settle in ${capMs} ms: ${this.#open.size} API request(s) on the wire, the client reports ${JSON.stringify(last ?? 'no stats')}`);
      }
      await new Promise(r => setTimeout(r, SETTLED_GAP_MS));
    }
  }
}

async function readShown(tab: Tab): Promise<Shown> {
  return tab.evaluate(failureIds => {
    const q = (root: ParentNode, id: string) => root.querySelector(`[data-testid="${id}"]`);
    const txt = (el: Element | null) => (el?.textContent ?? '').trim();
    const rows = [...document.querySelectorAll('[data-testid="task-row"]')].map(el => ({
      id: Number(el.getAttribute('data-id')),
      // a row in rename mode shows an input instead of its title
      title: q(el, 'task-title') ? txt(q(el, 'task-title')) : null,
      status: txt(q(el, 'task-status')),
      done: el.getAttribute('data-done'),
    }));
    const cards = [...document.querySelectorAll('[data-testid^="column-"]')].flatMap(col =>
      [...col.querySelectorAll('[data-testid="board-card"]')].map(el => ({
        id: Number(el.getAttribute('data-id')),
        column: col.getAttribute('data-testid')!.slice('column-'.length),
        title: txt(el.querySelector('.title')),
      })));
    const counts = [...document.querySelectorAll('[data-testid^="column-"]')].filter(col => q(col, 'column-count')).map(col => ({
      column: col.getAttribute('data-testid')!.slice('column-'.length),
      text: txt(q(col, 'column-count')),
      cards: col.querySelectorAll('[data-testid="board-card"]').length,
    }));
    const detailId = q(document, 'detail-id');
    const detail = detailId
      ? { id: Number(txt(detailId)), title: txt(q(document, 'detail-title')), status: txt(q(document, 'detail-status')), done: txt(q(document, 'detail-done')) }
      : null;
    const total = q(document, 'stats-total');
    const stats = total ? { total: txt(total), done: txt(q(document, 'stats-done')) } : null;
    const loading = [...document.querySelectorAll('.loading')].filter(el => el.checkVisibility()).length;
    const failures = failureIds.flatMap(what =>
      [...document.querySelectorAll(`[data-testid="${what}"]`)].filter(el => el.checkVisibility()).map(el => ({ what, text: txt(el) })));
    return { rows, cards, counts, detail, stats, loading, failures };
  }, FAILURES);
}

/** Every task on the server, read through its public API (all pages of `GET /api/tasks`). */
export async function serverTasks(pg: PlaygroundHarness): Promise<Map<number, Task>> {
  const all = new Map<number, Task>();
  for (let page = 1; ; page++) {
    const res = await pg.api('GET', `/api/tasks?page=${page}`);
    if (!res.ok) throw new Error(`GET /api/tasks?page=${page} answered ${res.status}`);
    const tasks = (await res.json()) as Task[];
    for (const t of tasks) all.set(t.id, t);
    if (tasks.length < 10) return all;
  }
}

function duplicates(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  return [...new Set(ids.filter(id => (seen.has(id) ? true : (seen.add(id), false))))];
}

/**
 * Compares what the page shows with the server's truth and lists every difference: a row or card
 * of a task the server does not have (or not in the page's project), a shown title / column /
 * done that is not the server's, the same task twice in the list or on the board, a column whose
 * count is not its number of cards, a detail card
 * that disagrees, a counter that disagrees, a loading note still visible with nothing in flight,
 * a failed load still shown (the settle has clicked every "Retry" by then; only a detail's 404 for
 * a task the server no longer has is the truth).
 * @example expect(await differences(tab, pg)).toEqual([]);
 */
export async function differences(tab: Tab, pg: PlaygroundHarness): Promise<string[]> {
  const [shown, truth] = [await readShown(tab), await serverTasks(pg)];
  const out: string[] = [];
  const task = (id: number, where: string): Task | undefined => {
    const t = truth.get(id);
    if (!t) out.push(`${where} #${id} is shown but the server has no such task`);
    else if (t.projectId !== PROJECT_ID) out.push(`${where} #${id} is shown but the task belongs to project ${t.projectId}`);
    return t;
  };
  for (const id of duplicates(shown.rows.map(r => r.id))) out.push(`task #${id} is listed more than once`);
  for (const id of duplicates(shown.cards.map(c => c.id))) out.push(`task #${id} is on the board more than once`);
  for (const r of shown.rows) {
    const t = task(r.id, 'row');
    if (!t) continue;
    if (r.title !== null && r.title !== t.title) out.push(`row #${r.id} shows title ${JSON.stringify(r.title)}, the server has ${JSON.stringify(t.title)}`);
    if (r.status !== t.status) out.push(`row #${r.id} shows column ${r.status}, the server has ${t.status}`);
    if (r.done !== String(t.done)) out.push(`row #${r.id} shows done=${r.done}, the server has ${t.done}`);
  }
  for (const c of shown.cards) {
    const t = task(c.id, 'card');
    if (!t) continue;
    if (c.column !== t.status) out.push(`card #${c.id} is in column ${c.column}, the server has ${t.status}`);
    if (c.title !== t.title) out.push(`card #${c.id} shows title ${JSON.stringify(c.title)}, the server has ${JSON.stringify(t.title)}`);
  }
  for (const c of shown.counts) {
    if (c.text !== `(${c.cards})`) out.push(`column ${c.column} says ${c.text} but shows ${c.cards} card(s)`);
  }
  if (shown.detail) {
    const d = shown.detail;
    const t = task(d.id, 'detail');
    if (t && (d.title !== t.title || d.status !== t.status || d.done !== (t.done ? 'yes' : 'no'))) {
      out.push(`detail #${d.id} shows ${JSON.stringify([d.title, d.status, d.done])}, the server has ${JSON.stringify([t.title, t.status, t.done ? 'yes' : 'no'])}`);
    }
  }
  if (shown.stats) {
    const total = String(truth.size);
    const done = String([...truth.values()].filter(t => t.done).length);
    if (shown.stats.total !== total || shown.stats.done !== done) {
      out.push(`the counter shows ${shown.stats.done}/${shown.stats.total} done, the server has ${done}/${total}`);
    }
  }
  if (shown.loading) out.push(`${shown.loading} loading note(s) still visible with no request in flight`);
  for (const f of shown.failures) {
    // a detail asked for a task deleted meanwhile: the server's 404 is the truth
    if (f.what === 'detail-error' && /\b404\b/.test(f.text)) continue;
    out.push(`${f.what} still shown after its "Retry": ${JSON.stringify(f.text)}`);
  }
  return out;
}
