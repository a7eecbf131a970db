import type { EntityInspection, OptimisticInspection, RequestInspection, ResultInspection } from '../../core/index.js';
import { clock, duration, h, preview, toText } from './dom.js';
import type { TimelineEntry } from './Timeline.js';

/** How many rows a table shows before asking to narrow the search. */
export const MAX_ROWS = 200;

/** What the entity table needs besides the entities. */
export interface EntityTableState {
  readonly search: string;
  /** `type:pk` of the entities whose value is expanded. */
  readonly expanded: Set<string>;
  readonly now: number;
}

/** Whether `type:pk` matches the search (case-insensitive substring of either or of `type:pk`). */
export function matches(search: string, type: string, pk: string): boolean {
  const q = search.trim().toLowerCase();
  return q === '' || `${type}:${pk}`.toLowerCase().includes(q);
}

function section(doc: Document, id: string, title: string, count: number, body: Node): HTMLElement {
  return h(doc, 'section', { 'data-testid': `rs-${id}` }, h(doc, 'h3', null, title, ' ', h(doc, 'span', { class: 'count' }, `(${count})`)), body);
}

function table(doc: Document, head: readonly string[], rows: readonly Node[], empty: string): Node {
  if (rows.length === 0) return h(doc, 'p', { class: 'muted' }, empty);
  return h(doc, 'table', null, h(doc, 'thead', null, h(doc, 'tr', null, ...head.map(c => h(doc, 'th', null, c)))), h(doc, 'tbody', null, ...rows));
}

function more(doc: Document, hidden: number): Node | null {
  return hidden > 0 ? h(doc, 'p', { class: 'muted' }, `${hidden} more: narrow the search`) : null;
}

/**
 * The entity tables, one per type: pk, value (expandable), when it was fetched, how many views
 * watch it now. Values are text.
 *
 * @example
 * shadow.append(entitiesSection(document, inspector.entities(), { search: 'Task', expanded: new Set(), now: Date.now() }));
 */
export function entitiesSection(doc: Document, entities: readonly EntityInspection[], state: EntityTableState): HTMLElement {
  const byType = new Map<string, EntityInspection[]>();
  let shown = 0;
  let hidden = 0;
  for (const e of entities) {
    if (!matches(state.search, e.type, e.pk)) continue;
    if (shown >= MAX_ROWS) {
      hidden++;
      continue;
    }
    shown++;
    let list = byType.get(e.type);
    if (!list) byType.set(e.type, (list = []));
    list.push(e);
  }
  const tables: Node[] = [];
  for (const [type, list] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    const rows = list.map(e => {
      const id = `${e.type}:${e.pk}`;
      const details = h(doc, 'details', { open: state.expanded.has(id), ontoggle: () => (details.open ? state.expanded.add(id) : state.expanded.delete(id)) },
        h(doc, 'summary', null, preview(e.value, 60)),
        h(doc, 'pre', null, toText(e.value)),
      );
      return h(doc, 'tr', { 'data-testid': 'rs-entity', 'data-type': e.type, 'data-pk': e.pk, class: e.optimistic ? 'optimistic' : undefined },
        h(doc, 'td', { class: 'pk' }, e.pk, e.optimistic ? h(doc, 'span', { class: 'tag' }, ' optimistic') : null),
        h(doc, 'td', { 'data-testid': 'rs-value' }, details),
        h(doc, 'td', { class: 'nowrap' }, e.fetchedAt ? `${duration(state.now - e.fetchedAt)} ago` : '-'),
        h(doc, 'td', { 'data-testid': 'rs-watchers', class: 'num' }, e.watchers),
      );
    });
    tables.push(h(doc, 'h4', null, type, ' ', h(doc, 'span', { class: 'count' }, `(${list.length})`)), table(doc, ['pk', 'value', 'fetched', 'watchers'], rows, ''));
  }
  const body = h(doc, 'div', null, ...(tables.length ? tables : [h(doc, 'p', { class: 'muted' }, state.search ? 'No entity matches.' : 'No entities yet.')]), more(doc, hidden));
  return section(doc, 'entities', 'Entities', shown + hidden, body);
}

/**
 * The results: key, fresh / stale / invalid, expires in, error, watchers, and a button that
 * invalidates the result (a view watching it refetches).
 *
 * @example
 * resultsSection(document, inspector.results(), '', Date.now(), key => controller.invalidateAll({ testKey: k => k === key }));
 */
export function resultsSection(doc: Document, results: readonly ResultInspection[], search: string, now: number, invalidate: (key: string) => void): HTMLElement {
  const q = search.trim().toLowerCase();
  const list = results.filter(r => q === '' || r.key.toLowerCase().includes(q)).sort((a, b) => a.key.localeCompare(b.key));
  const rows = list.slice(0, MAX_ROWS).map(r =>
    h(doc, 'tr', { 'data-testid': 'rs-result', 'data-key': r.key, 'data-status': r.status },
      h(doc, 'td', { class: 'key' }, r.key),
      h(doc, 'td', { 'data-testid': 'rs-status', class: `status ${r.status}` }, r.status),
      h(doc, 'td', { class: 'nowrap' }, r.status === 'invalid' ? '-' : duration(r.expiresAt - now)),
      h(doc, 'td', { 'data-testid': 'rs-error', class: 'error' }, r.error ? r.error.message : ''),
      h(doc, 'td', { 'data-testid': 'rs-watchers', class: 'num' }, r.watchers),
      h(doc, 'td', null, h(doc, 'button', { type: 'button', 'data-testid': 'rs-invalidate', title: 'invalidate: views watching it refetch', onclick: () => invalidate(r.key) }, 'invalidate')),
    ),
  );
  const empty = q === '' ? 'No results yet.' : 'No result matches.';
  const body = h(doc, 'div', null, table(doc, ['key', 'status', 'expires in', 'error', 'watchers', ''], rows, empty), more(doc, list.length - rows.length));
  return section(doc, 'results', 'Results', list.length, body);
}

/**
 * Requests in flight (method, URL, started) and pending optimistic updates (mutation, since).
 *
 * @example
 * activitySection(document, inspector.requests(), inspector.optimistic(), Date.now());
 */
export function activitySection(doc: Document, requests: readonly RequestInspection[], optimistic: readonly OptimisticInspection[], now: number): HTMLElement {
  const reqRows = requests.map(r =>
    h(doc, 'tr', { 'data-testid': 'rs-request' }, h(doc, 'td', null, r.method ?? r.name), h(doc, 'td', { class: 'key' }, r.url), h(doc, 'td', null, `${duration(now - r.started)} ago`)),
  );
  const optRows = optimistic.map(o =>
    h(doc, 'tr', { 'data-testid': 'rs-optimistic' }, h(doc, 'td', null, o.name), h(doc, 'td', null, `${duration(now - o.since)} ago`)),
  );
  const body = h(doc, 'div', null,
    h(doc, 'h4', null, 'Requests in flight ', h(doc, 'span', { class: 'count' }, `(${requests.length})`)),
    table(doc, ['method', 'URL', 'started'], reqRows, 'None.'),
    h(doc, 'h4', null, 'Pending optimistic updates ', h(doc, 'span', { class: 'count' }, `(${optimistic.length})`)),
    table(doc, ['mutation', 'since'], optRows, 'None.'),
  );
  return section(doc, 'activity', 'In flight', requests.length + optimistic.length, body);
}

/**
 * The timeline of store actions, newest first, with pause / resume and clear.
 *
 * @example
 * timelineSection(document, timeline.entries, timeline.paused, { pause() {}, clear() {} });
 */
export function timelineSection(doc: Document, entries: readonly TimelineEntry[], paused: boolean, on: { togglePause(): void; clear(): void }): HTMLElement {
  const rows = [...entries].reverse().slice(0, MAX_ROWS).map(({ at, action }) => {
    const types = Object.entries(action.entities).map(([type, pks]) => `${type} ×${pks.length}`).join(', ');
    const what = [action.keys.join(' '), types, action.optimistic ? `${action.optimistic.op} #${action.optimistic.id}` : '', action.error ?? '']
      .filter(Boolean).join(' · ');
    return h(doc, 'tr', { 'data-testid': 'rs-timeline-entry', 'data-type': action.type }, h(doc, 'td', null, clock(at)), h(doc, 'td', null, action.type), h(doc, 'td', { class: 'key' }, what));
  });
  const tools = h(doc, 'div', { class: 'tools' },
    h(doc, 'button', { type: 'button', 'data-testid': 'rs-pause', onclick: () => on.togglePause() }, paused ? 'resume' : 'pause'),
    h(doc, 'button', { type: 'button', 'data-testid': 'rs-clear', onclick: () => on.clear() }, 'clear'),
    paused ? h(doc, 'span', { class: 'muted' }, ' paused') : null,
  );
  return section(doc, 'timeline', 'Timeline', entries.length, h(doc, 'div', null, tools, table(doc, ['time', 'action', 'what'], rows, 'No actions yet.')));
}
