// The commands of the model-based test. Each starts its work without awaiting it (requests race),
// optionally after arming a server fault for the next request to arrive. The real server is the
// model: the checks compare the client with it once everything has settled (see invariants.ts).
import fc from 'fast-check';
import { lieFi } from '../persistence/fixtures.js';
import { NAMES, start, startMutation, type Name, type People, type World } from './world.js';

export type Fault = 'none' | 'delay' | '500' | 'reset' | 'malformed' | 'hold';

const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Fault>('none') },
  { weight: 2, arbitrary: fc.constant<Fault>('delay') },
  { weight: 1, arbitrary: fc.constant<Fault>('500') },
  { weight: 1, arbitrary: fc.constant<Fault>('malformed') },
  { weight: 1, arbitrary: fc.constant<Fault>('reset') },
  { weight: 2, arbitrary: fc.constant<Fault>('hold') },
);

function arm(w: World, f: Fault): void {
  if (f === 'delay') w.server.next.delay(2);
  else if (f === '500') w.server.next.status(500);
  else if (f === 'malformed') w.server.next.malformed();
  else if (f === 'reset') w.server.next.reset();
  else if (f === 'hold') w.holds.push(w.server.next.hold());
}

type Model = Record<string, never>;
type Cmd = fc.AsyncCommand<Model, World>;

/** A command: its label (printed in a shrunk counterexample) and what it does to the world. */
function command(label: string, run: (w: World) => void | Promise<void>): Cmd {
  return {
    check: () => true,
    async run(_m, w) {
      await run(w);
    },
    toString: () => label,
  };
}

const id = fc.integer({ min: 1, max: 6 });
const name = fc.constantFrom<Name>(...NAMES);
const optimistic = fc.boolean();
const R = (w: World, o: boolean): People => (o ? w.optimistic : w.plain);
const listArgs = (filter: Name | '') => (filter === '' ? [] : [{ name: filter }]);

/**
 * The network: the client told it is offline, or lie-fi (it says online, every socket dies before
 * a reply), and back (with the `online` event, or silently: then the probe must find it).
 */
const network: fc.Arbitrary<Cmd>[] = [
  fc.constant(command('offline', w => w.online.setOnline(false))),
  fc.constant(command('online event', w => w.online.setOnline(true))),
  fc.constant(
    command('lie-fi', w => {
      w.lieFi ??= lieFi(w.server);
    }),
  ),
  fc.constant(
    command('network returns (no event)', w => {
      w.lieFi?.();
      w.lieFi = undefined;
    }),
  ),
];

export const commands: fc.Arbitrary<Cmd>[] = [
  fc.tuple(fc.constantFrom<Name | ''>('', ...NAMES), fault).map(([filter, f]) =>
    command(`getList(${filter || '*'}) ${f}`, w => {
      w.lists.add(filter);
      arm(w, f);
      start(w, () => w.client.controller.fetch(w.plain.getList, ...(listArgs(filter) as [])));
    }),
  ),
  fc.tuple(id, fault).map(([i, f]) =>
    command(`get(${i}) ${f}`, w => {
      w.ids.add(i);
      arm(w, f);
      start(w, () => w.client.controller.fetch(w.plain.get, { id: i }));
    }),
  ),
  fc.tuple(fc.constantFrom<'push' | 'unshift'>('push', 'unshift'), name, optimistic, fault).map(([which, n, o, f]) =>
    command(`getList.${which}(${n}) opt=${o} ${f}`, w => {
      arm(w, f);
      startMutation(w, `${which}(${n})`, () => w.client.controller.fetch(R(w, o).getList[which], {}, { name: n }));
    }),
  ),
  fc.tuple(fc.constantFrom<Name | ''>('', ...NAMES), fc.integer({ min: 1, max: 3 }), fault).map(([filter, page, f]) =>
    command(`getPage(${filter || '*'}, ${page}) ${f}`, w => {
      w.lists.add(filter);
      arm(w, f);
      start(w, () => w.client.controller.fetch(w.plain.getList.getPage, { ...(filter === '' ? {} : { name: filter }), page }));
    }),
  ),
  fc.tuple(fc.constantFrom<'update' | 'partialUpdate' | 'move'>('update', 'partialUpdate', 'move'), id, name, optimistic, fault).map(
    ([which, i, n, o, f]) =>
      command(`${which}(${i}, ${n}) opt=${o} ${f}`, w => {
        w.ids.add(i);
        if (which !== 'move') w.renamedInPlace = true;
        arm(w, f);
        const r = R(w, o);
        const endpoint = which === 'move' ? r.getList.move : which === 'update' ? r.update : r.partialUpdate;
        startMutation(w, `${which}(${i}, ${n})`, () => w.client.controller.fetch(endpoint as typeof r.partialUpdate, { id: i }, { name: n }));
      }),
  ),
  fc.tuple(id, optimistic, fault).map(([i, o, f]) =>
    command(`delete(${i}) opt=${o} ${f}`, w => {
      w.ids.add(i);
      arm(w, f);
      startMutation(w, `delete(${i})`, () => w.client.controller.fetch(R(w, o).delete, { id: i }));
    }),
  ),
  // a live stream's echo of the server's row (as the playground applies a `task.moved` message):
  // it may land before or after the reply of the move it reports, or with that reply lost
  id.map(i =>
    command(`echo move(${i})`, w => {
      const row = w.people.get(i) as { id: number; name: string } | undefined;
      if (!row) return;
      w.ids.add(i);
      start(w, () => w.client.controller.setResponse(w.plain.getList.move, { id: i }, { name: row.name }, { ...row }));
    }),
  ),
  id.map(i => command(`invalidate(get ${i})`, w => void w.client.controller.invalidate(w.plain.get, { id: i }))),
  fc.constant(command('expireAll', w => void w.client.controller.expireAll({ testKey: () => true }))),
  fc.constant(
    command('resetEntireStore', w => {
      w.resetAt = Date.now();
      void w.client.controller.resetEntireStore();
    }),
  ),
  // a logout in the other tab: this tab's requests in flight are aborted, their replies dropped
  fc.constant(
    command('tab: resetEntireStore', w => {
      w.resetAt = Date.now();
      void w.tab.controller.resetEntireStore();
    }),
  ),
  // a caller that brings its own signal (useCancelling) and aborts after others may have joined
  fc.tuple(id, fc.nat({ max: 3 }), fault).map(([i, ms, f]) =>
    command(`cancelling get(${i}) abort after ${ms}ms ${f}`, w => {
      w.ids.add(i);
      arm(w, f);
      const ac = new AbortController();
      start(w, () => w.client.controller.fetch(w.plain.get.extend({ signal: ac.signal }), { id: i }));
      setTimeout(() => ac.abort(), ms);
    }),
  ),
  id.map(i =>
    command(`tab: watch get(${i})`, w => {
      w.ids.add(i);
      const sig = w.tab.dle(w.plain.get, { id: i });
      w.views.push({ label: `tab get ${i}`, sig, stop: sig.subscribe(() => {}), client: w.tab });
    }),
  ),
  fc.tuple(fc.constantFrom<Name | ''>('', ...NAMES), fc.boolean()).map(([filter, live]) =>
    command(`watch ${live ? 'live' : 'dle'} getList(${filter || '*'})`, w => {
      w.lists.add(filter);
      const sig = (live ? w.client.live : w.client.dle)(w.plain.getList, ...(listArgs(filter) as []));
      w.views.push({ label: `list ${filter || '*'}`, sig, stop: sig.subscribe(() => {}) });
    }),
  ),
  id.map(i =>
    command(`watch get(${i})`, w => {
      w.ids.add(i);
      const sig = w.client.dle(w.plain.get, { id: i });
      w.views.push({ label: `get ${i}`, sig, stop: sig.subscribe(() => {}) });
    }),
  ),
  fc.nat({ max: 5 }).map(k =>
    command(`unwatch #${k}`, w => {
      const v = w.views.length ? w.views.splice(k % w.views.length, 1)[0] : undefined;
      v?.stop();
    }),
  ),
  fc.constant(
    command('release holds', w => {
      for (const h of w.holds.splice(0)) void h();
    }),
  ),
  fc.nat({ max: 3 }).map(ms => command(`wait ${ms}ms`, () => new Promise<void>(r => setTimeout(r, ms)))),
  ...network,
];

/**
 * The operations of a kanban board (columns are lists filtered by name, "load more" pages, moves
 * between columns, live echoes of moves, out-of-order replies), for a property of its own: its
 * sequences are longer, so the few commands a divergence needs meet often.
 */
export const boardCommands: fc.Arbitrary<Cmd>[] = [
  fc.tuple(fc.constantFrom<Name>(...NAMES), fault).map(([filter, f]) =>
    command(`getList(${filter}) ${f}`, w => {
      w.lists.add(filter);
      arm(w, f);
      start(w, () => w.client.controller.fetch(w.plain.getList, { name: filter }));
    }),
  ),
  fc.tuple(fc.constantFrom<Name>(...NAMES), fc.integer({ min: 2, max: 3 }), fault).map(([filter, page, f]) =>
    command(`getPage(${filter}, ${page}) ${f}`, w => {
      w.lists.add(filter);
      arm(w, f);
      start(w, () => w.client.controller.fetch(w.plain.getList.getPage, { name: filter, page }));
    }),
  ),
  fc.tuple(fc.integer({ min: 1, max: 4 }), name, optimistic, fault).map(([i, n, o, f]) =>
    command(`move(${i}, ${n}) opt=${o} ${f}`, w => {
      w.ids.add(i);
      arm(w, f);
      start(w, () => w.client.controller.fetch(R(w, o).getList.move, { id: i }, { name: n }));
    }),
  ),
  fc.integer({ min: 1, max: 4 }).map(i =>
    command(`echo move(${i})`, w => {
      const row = w.people.get(i) as { id: number; name: string } | undefined;
      if (!row) return;
      w.ids.add(i);
      start(w, () => w.client.controller.setResponse(w.plain.getList.move, { id: i }, { name: row.name }, { ...row }));
    }),
  ),
  fc.constant(
    command('release holds', w => {
      for (const h of w.holds.splice(0)) void h();
    }),
  ),
  fc.nat({ max: 3 }).map(ms => command(`wait ${ms}ms`, () => new Promise<void>(r => setTimeout(r, ms)))),
];

/**
 * An app used on a train: writes (optimistic or not) and reads while the network comes and goes,
 * lies (lie-fi) and returns with or without the event, for a property of its own.
 */
export const trainCommands: fc.Arbitrary<Cmd>[] = [
  // weights: a spell starts and ends often, so writes meet every state of the network
  ...network,
  ...network.slice(0, 3),
  ...network.slice(0, 3),
  fc.tuple(fc.constantFrom<'update' | 'partialUpdate'>('update', 'partialUpdate'), id, name, optimistic).map(([which, i, n, o]) =>
    command(`${which}(${i}, ${n}) opt=${o}`, w => {
      w.ids.add(i);
      w.renamedInPlace = true;
      const r = R(w, o);
      startMutation(w, `${which}(${i}, ${n})`, () => w.client.controller.fetch(r[which] as typeof r.partialUpdate, { id: i }, { name: n }));
    }),
  ),
  fc.tuple(name, optimistic).map(([n, o]) =>
    command(`getList.push(${n}) opt=${o}`, w => {
      w.lists.add('');
      startMutation(w, `push(${n})`, () => w.client.controller.fetch(R(w, o).getList.push, {}, { name: n }));
    }),
  ),
  fc.tuple(id, optimistic).map(([i, o]) =>
    command(`delete(${i}) opt=${o}`, w => {
      w.ids.add(i);
      startMutation(w, `delete(${i})`, () => w.client.controller.fetch(R(w, o).delete, { id: i }));
    }),
  ),
  id.map(i =>
    command(`watch get(${i})`, w => {
      w.ids.add(i);
      const sig = w.client.dle(w.plain.get, { id: i });
      w.views.push({ label: `get ${i}`, sig, stop: sig.subscribe(() => {}) });
    }),
  ),
  fc.nat({ max: 8 }).map(ms => command(`wait ${ms}ms`, () => new Promise<void>(r => setTimeout(r, ms)))),
];
