import type { Page as Tab } from 'playwright-core';
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
}

/**
 * Counts the tab's API requests in flight (the live streams excluded), so the soak can wait until
 * every reply has landed.
 * @example const inflight = new InFlight(tab); await inflight.quiet(1500, 30_000);
 */
export class InFlight {
  #open = new Set<object>();
  #lastChange = Date.now();

  constructor(tab: Tab) {
    tab.on('request', r => {
      if (!isApiRequest(r.url())) return;
      this.#open.add(r);
      this.#lastChange = Date.now();
    });
    const done = (r: object) => {
      if (this.#open.delete(r)) this.#lastChange = Date.now();
    };
    tab.on('requestfinished', done);
    tab.on('requestfailed', done);
  }

  /** Requests sent and not yet answered. */
  get size(): number {
    return this.#open.size;
  }

  /** Resolves once no request has been in flight for `quietMs`; throws after `timeoutMs`. */
  async quiet(quietMs: number, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (this.#open.size === 0 && Date.now() - this.#lastChange >= quietMs) return;
      if (Date.now() > until) throw new Error(`the page still had ${this.#open.size} API request(s) in flight after ${timeoutMs} ms`);
      await new Promise(r => setTimeout(r, 100));
    }
  }
}

async function readShown(tab: Tab): Promise<Shown> {
  return tab.evaluate(() => {
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
    return { rows, cards, counts, detail, stats, loading };
  });
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
 * that disagrees, a counter that disagrees, a loading note still visible with nothing in flight.
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
  return out;
}
