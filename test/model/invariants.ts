// What must hold once a sequence has settled: no optimistic layer left, no view loading without a
// request, no list holding an entity twice, a fresh fetch of each list and entity equal to the
// server's truth, and nothing left behind after the views are unwatched and the client destroyed.
import { expect } from 'vitest';
import { NetworkError } from '../../src/core/index.js';
import { NAMES, type Name, type World } from './world.js';

type Row = { id: number; name: string };
const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const ids = (v: unknown): number[] => rows(v).map(r => r.id);
const listArgs = (filter: Name | '') => (filter === '' ? [] : [{ name: filter }]);

function truth(w: World, filter: Name | ''): Row[] {
  return (w.people.list() as Row[]).filter(p => filter === '' || p.name === filter).map(p => ({ id: p.id, name: p.name }));
}

/** Fetches, retrying while a fault armed for a request that never came is still queued. */
async function fresh<T>(run: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= 6 || (error instanceof NetworkError && error.status === 404)) throw error;
    }
  }
}

export async function checkSettled(w: World): Promise<void> {
  const { client } = w;
  expect(w.dropped, 'paused mutations rejected by a failure with no reply').toEqual([]);
  expect(client.stats().paused, 'mutations still paused').toBe(0);
  expect(w.layers(), 'optimistic layers left').toBe(0);
  for (const v of w.views) {
    const s = v.sig.value;
    expect(s.loading && (v.client ?? client).stats().inflight === 0, `${v.label}: loading with nothing in flight`).toBe(false);
  }
  // nothing of a session ended by a reset survives in either tab: every entity and result held
  // was written by a request (or a write) dated after the last reset
  for (const [name, c] of [['tab 1', client], ['tab 2', w.tab]] as const) {
    const state = c.controller.getState();
    for (const [key, byPk] of Object.entries(state.entitiesMeta ?? {})) {
      for (const [pk, meta] of Object.entries(byPk)) {
        expect(meta.date >= w.resetAt, `${name}: ${key} ${pk} dated ${meta.date}, before the reset at ${w.resetAt}`).toBe(true);
      }
    }
    for (const [key, meta] of Object.entries(state.meta)) {
      // an invalidation marker of a key never fetched since holds no data of anyone's
      if (!Object.prototype.hasOwnProperty.call(state.endpoints, key) && !meta.error) continue;
      expect(meta.date >= w.resetAt, `${name}: result ${key} dated ${meta.date}, before the reset at ${w.resetAt}`).toBe(true);
    }
  }
  for (const filter of ['', ...NAMES] as const) {
    const shown = ids(client.controller.getResponse(w.plain.getList, ...(listArgs(filter) as [])).data);
    expect(new Set(shown).size, `list ${filter || '*'} holds a duplicate: ${shown}`).toBe(shown.length);
  }
  // membership follows the entities: a filtered list (a board column) shows only rows matching
  // its filter, unless a write renamed a row in place (update and partialUpdate move nothing)
  if (!w.renamedInPlace) {
    for (const filter of NAMES) {
      const shown = rows(client.controller.getResponse(w.plain.getList, { name: filter }).data);
      const strays = shown.filter(r => r.name !== filter).map(r => `#${r.id} (${r.name})`);
      expect(strays, `list ${filter} shows rows of another name`).toEqual([]);
    }
  }
  // a fresh fetch of each list shows the server's truth, and so does every entity it lists
  for (const filter of w.lists) {
    const data = await fresh(() => client.controller.fetch(w.plain.getList, ...(listArgs(filter) as [])));
    expect(rows(data).map(r => ({ id: r.id, name: r.name })), `list ${filter || '*'}`).toEqual(truth(w, filter));
  }
  for (const id of w.ids) {
    const onServer = w.people.get(id) as Row | undefined;
    if (onServer) {
      const data = (await fresh(() => client.controller.fetch(w.plain.get, { id }))) as Row;
      expect({ id: data.id, name: data.name }, `entity ${id}`).toEqual({ id: onServer.id, name: onServer.name });
    } else {
      await expect(fresh(() => client.controller.fetch(w.plain.get, { id })), `entity ${id} is gone`).rejects.toMatchObject({ status: 404 });
    }
  }
  for (const v of w.views.splice(0)) v.stop();
  expect(client.stats()).toMatchObject({ watchedViews: 0, subscriptions: 0, inflight: 0, timers: 0 });
  expect(w.tab.stats()).toMatchObject({ watchedViews: 0, subscriptions: 0, inflight: 0, timers: 0 });
  client.destroy();
  w.tab.destroy();
  expect(client.stats()).toMatchObject({ watchedViews: 0, subscriptions: 0, inflight: 0, timers: 0 });
}
