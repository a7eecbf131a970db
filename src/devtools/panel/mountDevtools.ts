import type { DataClient } from '../../core/index.js';
// not `inspectStore` from the entry: see storeInspector.ts
import { storeInspector as inspectStore } from '../../core/controller/storeInspector.js';
import { h } from './dom.js';
import { activitySection, entitiesSection, resultsSection, timelineSection } from './sections.js';
import { PANEL_CSS } from './styles.js';
import { Timeline } from './Timeline.js';

/**
 * Options of `mountDevtools`.
 *
 * @example
 * mountDevtools(client, { target: document.getElementById('devtools')!, initialIsOpen: true } satisfies MountDevtoolsOptions);
 */
export interface MountDevtoolsOptions {
  /**
   * The element the panel's host element is appended to.
   * @default document.body
   */
  target?: HTMLElement;
  /**
   * Open the panel at once instead of showing only its toggle button.
   * @default false
   */
  initialIsOpen?: boolean;
  /**
   * How many store actions the timeline keeps (older ones drop).
   * @default 200
   */
  timelineLength?: number;
}

/** How often an open panel refreshes with no store action (requests starting, "expires in"). */
const TICK_MS = 500;

/**
 * Mounts the in-page devtools panel of `client` and returns the function that removes it. The
 * panel lives in an open shadow root (the page's CSS does not reach in, its own does not leak
 * out) behind a small toggle button, and shows the entity tables (each value expandable, when
 * it was fetched, how many views watch it now; searchable by type and pk), the results (fresh /
 * stale / invalid, expires in, error, watchers), requests in flight, pending optimistic updates
 * and a pausable, capped timeline of store actions, with buttons to invalidate a result, expire
 * all and reset the store. It re-renders at most once per animation frame while open, reads the
 * store untracked (so no view of the app re-renders because of it) and shows every value as
 * text. Framework-free: use it from Solid, Vue or vanilla pages.
 *
 * @example
 * import { mountDevtools } from 'rest-signals/devtools';
 * const unmount = mountDevtools(client, { initialIsOpen: false });
 * // later
 * unmount();
 */
export function mountDevtools(client: Pick<DataClient, 'controller'>, options: MountDevtoolsOptions = {}): () => void {
  const target = options.target ?? document.body;
  const doc = target.ownerDocument;
  const win = doc.defaultView ?? globalThis;
  const { controller } = client;
  const inspector = inspectStore(controller);
  const timeline = new Timeline(options.timelineLength ?? 200);
  const expanded = new Set<string>();
  let open = options.initialIsOpen ?? false;
  let search = '';
  let frame: number | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  let renders = 0;

  const host = h(doc, 'div', { 'data-rest-signals-devtools': '' });
  const shadow = host.attachShadow({ mode: 'open' });
  const body = h(doc, 'div', { class: 'body', 'data-testid': 'rs-body' });
  const searchInput = h(doc, 'input', {
    type: 'search',
    placeholder: 'search entities and results (type, pk, key)',
    'data-testid': 'rs-search',
    oninput: () => {
      search = searchInput.value;
      schedule();
    },
  });
  const panel = h(doc, 'div', { class: 'panel', 'data-testid': 'rs-panel', hidden: !open },
    h(doc, 'header', null,
      h(doc, 'strong', null, 'rest-signals'),
      searchInput,
      h(doc, 'button', { type: 'button', 'data-testid': 'rs-expire-all', title: 'mark every result stale', onclick: () => void controller.expireAll({ testKey: () => true }) }, 'expire all'),
      h(doc, 'button', { type: 'button', 'data-testid': 'rs-reset', title: 'abort requests and empty the store', onclick: () => void controller.resetEntireStore() }, 'reset store'),
      h(doc, 'button', { type: 'button', 'data-testid': 'rs-close', onclick: () => setOpen(false) }, 'close'),
    ),
    body,
  );
  const toggle = h(doc, 'button', { type: 'button', class: 'toggle', 'data-testid': 'rs-toggle', 'aria-expanded': String(open), onclick: () => setOpen(!open) }, 'rest-signals');
  shadow.append(h(doc, 'style', null, PANEL_CSS), h(doc, 'div', { class: 'root' }, toggle, panel));
  host.dataset.renders = '0';

  const raf: (fn: () => void) => number =
    typeof win.requestAnimationFrame === 'function' ? fn => win.requestAnimationFrame(fn) : fn => win.setTimeout(fn, 16) as unknown as number;
  const cancelRaf: (id: number) => void =
    typeof win.cancelAnimationFrame === 'function' ? id => win.cancelAnimationFrame(id) : id => win.clearTimeout(id);

  function render(): void {
    frame = undefined;
    if (!open) return;
    const now = Date.now();
    body.replaceChildren(
      entitiesSection(doc, inspector.entities(), { search, expanded, now }),
      resultsSection(doc, inspector.results(now), search, now, key => void controller.invalidateAll({ testKey: k => k === key })),
      activitySection(doc, inspector.requests(), inspector.optimistic(), now),
      timelineSection(doc, timeline.entries, timeline.paused, {
        togglePause: () => {
          timeline.paused = !timeline.paused;
          schedule();
        },
        clear: () => {
          timeline.clear();
          schedule();
        },
      }),
    );
    host.dataset.renders = String(++renders);
  }

  /** At most one render per animation frame, however many actions arrive. */
  function schedule(): void {
    if (open && frame === undefined) frame = raf(render);
  }

  function setOpen(next: boolean): void {
    open = next;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (tick !== undefined) clearInterval(tick);
    tick = open ? setInterval(schedule, TICK_MS) : undefined;
    if (open) schedule();
    else if (frame !== undefined) {
      cancelRaf(frame);
      frame = undefined;
    }
  }

  const stopListening = inspector.listen(action => {
    timeline.record(action);
    schedule();
  });
  target.append(host);
  setOpen(open);

  return function unmount(): void {
    stopListening();
    setOpen(false);
    host.remove();
  };
}
