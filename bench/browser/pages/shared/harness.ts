// The in-page half of the browser benchmark, shared by every engine's page: it reads `?n=`,
// counts row renders, watches the DOM for the expected text, and exposes `window.bench` for the
// runner. Engines differ only in how they fetch, store and render; every measurement is taken here,
// the same way for all of them.
import { ARTICLES_PER_AUTHOR, type ArticleJSON, type AuthorJSON } from '../../data.js';

export type { ArticleJSON, AuthorJSON };

/** What each page does for the update scenarios, in its engine's idiomatic way. */
export interface EngineActions {
  /** `PATCH /api/articles/:id { title }` through the engine's mutation API; resolves after the reply is applied. */
  patchTitle(id: number, title: string): Promise<unknown>;
  /** Writes the title into the engine's cache locally (no request). */
  writeTitle(id: number, title: string): unknown;
  /** `PATCH /api/authors/:id { name }`; the reply (an author) must reach every article that embeds it. */
  renameAuthor(id: number, name: string): Promise<unknown>;
  /** How `writeTitle` writes, for the report (e.g. `controller.setResponse`). */
  readonly localWrite: string;
}

/** The timings of the first render, in ms since navigation start. */
export interface FirstRender {
  /** When the n-th row was in the DOM. */
  rowsAt: number;
  /** When the list's reply had been received (`responseEnd` of its resource timing). */
  listReplyAt: number;
  /** Row renders counted during the first render (n when every row renders once). */
  renders: number;
}

/** One update scenario's result. */
export interface UpdateResult {
  /** From the call to the expected text in the DOM, ms. */
  actionToDom: number;
  /** From the reply's `responseEnd` to the expected text in the DOM, ms (mutations only). */
  replyToDom: number | null;
  /** Distinct rows whose render counter moved (creation or re-render) until the page settled. */
  rowsRendered: number;
}

/** The page's API for the runner (`page.evaluate(() => window.bench...)`). */
export interface BenchPage {
  readonly engine: string;
  readonly n: number;
  readonly localWrite: () => string | undefined;
  readonly firstRender: Promise<FirstRender>;
  update(kind: 'patch' | 'local' | 'author', id: number, text: string): Promise<UpdateResult>;
  /**
   * The browser's floor for "reply → DOM", with no engine: a bare `fetch` of the same PATCH reply
   * (`PATCH /api/echo/articles/:id`, which keeps nothing), `res.json()`, and its title written into a
   * `<p>` outside the list; ms from the reply's `responseEnd` to the text in the DOM.
   */
  floor(id: number, text: string): Promise<number>;
}

declare global {
  interface Window {
    bench: BenchPage;
  }
}

/** How many articles this page shows (`?n=`, default 100). */
export const n = Number(new URLSearchParams(location.search).get('n') ?? 100);

/** The list's address; every engine requests exactly this URL. */
export const listUrl = `/api/articles?n=${n}`;

let touched = new Set<number>();
let renders = 0;

/**
 * Called by every row component each time it renders (Vue: mounted/updated; Solid: created or its
 * displayed fields re-evaluated).
 * @example onMounted(() => countRender(props.article.id));
 */
export function countRender(id: number): void {
  touched.add(id);
  renders++;
}

/**
 * A JSON request with the method and body given (TanStack and Colada pages use it in their
 * query / mutation functions; rest-signals sends its own).
 * @example const list = await requestJSON<ArticleJSON[]>(listUrl);
 */
export async function requestJSON<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

const rowsList = (): HTMLElement | null => document.getElementById('rows');

/** Resolves with `performance.now()` once `el` shows `text`, seen by a `MutationObserver` as the updates are. */
function showsText(el: HTMLElement, text: string, what: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (el.textContent !== text) return;
      const at = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      resolve(at);
    });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(`${what} never showed ${JSON.stringify(text)}`)); }, 15_000);
    observer.observe(el, { subtree: true, childList: true, characterData: true });
  });
}

/** See `BenchPage.floor`. */
async function floor(id: number, text: string): Promise<number> {
  let p = document.getElementById('floor');
  if (!p) {
    p = document.createElement('p');
    p.id = 'floor';
    p.hidden = true;
    document.body.append(p);
  }
  const target = p;
  performance.clearResourceTimings();
  const shown = showsText(target, text, 'the floor\'s bare fetch');
  const url = `/api/echo/articles/${id}`;
  const reply = await requestJSON<ArticleJSON>(url, 'PATCH', { title: text });
  target.textContent = reply.title;
  const domAt = await shown;
  const timing = performance.getEntriesByType('resource').find(e => e.name.endsWith(url)) as PerformanceResourceTiming | undefined;
  return timing ? domAt - timing.responseEnd : NaN;
}

const nextFrame = (): Promise<void> => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));

/** Resolves once the n-th row is in the DOM; render counts are read after the page settles. */
function firstRender(): Promise<FirstRender> {
  const rowsAt = new Promise<number>(resolve => {
    const mo = new MutationObserver(() => {
      if (rowsList()?.childElementCount !== n) return;
      resolve(performance.now());
      mo.disconnect();
    });
    mo.observe(document.body, { childList: true, subtree: true });
  });
  return rowsAt.then(async at => {
    const reply = performance.getEntriesByType('resource').find(e => e.name.endsWith(listUrl)) as PerformanceResourceTiming | undefined;
    await nextFrame();
    await nextFrame();
    return { rowsAt: at, listReplyAt: reply?.responseEnd ?? NaN, renders };
  });
}

// Started when the page's entry imports this module, before its app mounts.
const firstRenderPromise = firstRender();

const TARGETS = {
  patch: (id: number) => ({ ids: [id], field: 'title' }),
  local: (id: number) => ({ ids: [id], field: 'title' }),
  author: (id: number) => ({ ids: Array.from({ length: ARTICLES_PER_AUTHOR }, (_, i) => (id - 1) * ARTICLES_PER_AUTHOR + i + 1).filter(a => a <= n), field: 'author' }),
} as const;

/**
 * Registers the page's engine as `window.bench`. Call once, from the app's root component.
 * @example install('rest-signals · solid', { patchTitle, writeTitle, renameAuthor, localWrite: 'controller.setResponse' });
 */
export function install(engine: string, actions: EngineActions): void {
  const fr = firstRenderPromise;
  window.bench = {
    engine,
    n,
    localWrite: () => actions.localWrite,
    firstRender: fr,
    async floor(id, text) {
      await fr;
      return floor(id, text);
    },
    async update(kind, id, text) {
      await fr;
      const { ids, field } = TARGETS[kind](id);
      const list = rowsList();
      if (!list) throw new Error(`${engine}: no #rows list on the page`);
      const shows = (row: number): boolean => {
        const li = list.children[row - 1] as HTMLElement | undefined;
        return li?.dataset.id === String(row) && li.querySelector(`.${field}`)?.textContent === text;
      };
      // The observer looks only at what changed (the mutation records), so its own cost follows the
      // engine's DOM work and never the list's length.
      const pending = new Set(ids);
      const seen = (node: Node): void => {
        const li = (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>('li[data-id]');
        const row = Number(li?.dataset.id);
        if (li?.isConnected && pending.has(row) && li.querySelector(`.${field}`)?.textContent === text) pending.delete(row);
      };
      performance.clearResourceTimings();
      touched = new Set();
      let observer: MutationObserver | undefined;
      const shown = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => { observer?.disconnect(); reject(new Error(`${engine}: ${kind} of ${id} never showed ${JSON.stringify(text)}`)); }, 15_000);
        observer = new MutationObserver(records => {
          for (const r of records) {
            seen(r.target);
            r.addedNodes.forEach(seen);
          }
          if (pending.size) return;
          const at = performance.now();
          observer?.disconnect();
          clearTimeout(timer);
          resolve(at);
        });
        observer.observe(list, { subtree: true, childList: true, characterData: true });
      });
      const start = performance.now();
      const action = kind === 'patch' ? actions.patchTitle(id, text) : kind === 'local' ? actions.writeTitle(id, text) : actions.renameAuthor(id, text);
      const domAt = await shown;
      await action;
      await nextFrame();
      await nextFrame();
      const wrong = ids.filter(row => !shows(row));
      if (wrong.length) throw new Error(`${engine}: after ${kind} of ${id}, rows ${wrong.join(', ')} do not show ${JSON.stringify(text)}`);
      const reply = performance.getEntriesByType('resource').find(e => e.name.includes('/api/')) as PerformanceResourceTiming | undefined;
      return {
        actionToDom: domAt - start,
        replyToDom: kind === 'local' ? null : reply ? domAt - reply.responseEnd : NaN,
        rowsRendered: touched.size,
      };
    },
  };
}

