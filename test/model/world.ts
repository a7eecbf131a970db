// The world one model-based sequence runs in: the loopback server with /users (paginated, filtered
// by name), a fresh client, a plain and an optimistic resource over the same entity, the views the
// sequence watches, the requests it started, and the holds it has not released yet.
import type { ReadonlySignal } from '@preact/signals-core';
import { Entity, ImmortalGCPolicy, NetworkManager, OnlineManager, SubscriptionManager, TabSyncManager, createDataClient, isConnectionError, resource, type DataClient, type DLE } from '../../src/core/index.js';
import { contextOf } from '../../src/core/controller/ManagerContext.js';
import type { MemoryResource, Release, TestServer } from '../server/createTestServer.js';

export class Person extends Entity {
  id = 0;
  name = '';
  static override key = 'Person';
}

export const NAMES = ['A', 'B', 'C'] as const;
export type Name = (typeof NAMES)[number];

const seed = () => [
  { id: 1, name: 'A' },
  { id: 2, name: 'B' },
  { id: 3, name: 'A' },
  { id: 4, name: 'C' },
];

function people(url: string, optimistic: boolean) {
  return resource({
    urlPrefix: url,
    path: '/people/:id',
    schema: Person,
    optimistic,
    paginationField: 'page',
    searchParams: {} as { name?: string; page?: number },
  });
}
export type People = ReturnType<typeof people>;

export interface World {
  readonly server: TestServer;
  readonly people: MemoryResource;
  readonly client: DataClient;
  /** A second tab: another client joined to the first by `TabSyncManager` on one channel. */
  readonly tab: DataClient;
  /** When the last reset (a logout in either tab) was asked; nothing dated before it may survive. */
  resetAt: number;
  readonly plain: People;
  readonly optimistic: People;
  /** Watched views with their unsubscribe, and the client (tab) each belongs to. */
  readonly views: { label: string; sig: ReadonlySignal<DLE<unknown>>; stop: () => void; client?: DataClient }[];
  /** Every request a command started (settled or not); failures are expected. */
  readonly pending: Promise<unknown>[];
  readonly holds: Release[];
  /** List filters fetched or watched during the sequence ('' is the unfiltered list). */
  readonly lists: Set<Name | ''>;
  /** Entity ids fetched, watched or written during the sequence. */
  readonly ids: Set<number>;
  /**
   * Whether a write changed a name without `getList.move` (update, partialUpdate): such a write
   * keeps list membership as it was, so a filtered list may then show a row that fails its filter.
   */
  renamedInPlace: boolean;
  /** The first tab's view of the network: commands take it offline and back. */
  readonly online: OnlineManager;
  /** Ends lie-fi (the network returns, with no `online` event), while it lasts. */
  lieFi: (() => void) | undefined;
  /** Mutations the client accepted as paused that a failure with no reply rejected: must stay empty. */
  readonly dropped: string[];
  layers(): number;
}

let worlds = 0;

export function openWorld(server: TestServer): World {
  server.clear();
  const store = server.resource('/people', seed(), { pageField: 'page', pageSize: 2 });
  const channel = `model-${process.pid}-${++worlds}`;
  const tabClient = (...more: OnlineManager[]) =>
    createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [new TabSyncManager({ channel }), new NetworkManager(), new SubscriptionManager(), ...more] });
  // no browser events: the commands say when the network goes and comes back; probes are quick
  const online = new OnlineManager({ source: () => () => {}, offlineSource: () => () => {}, isOnline: () => true, probeDelay: () => 2 });
  const client = tabClient(online);
  return {
    server,
    people: store,
    client,
    tab: tabClient(),
    resetAt: -Infinity,
    plain: people(server.url, false),
    optimistic: people(server.url, true),
    views: [],
    pending: [],
    holds: [],
    lists: new Set(),
    ids: new Set(),
    renamedInPlace: false,
    online,
    lieFi: undefined,
    dropped: [],
    layers: () => contextOf(client.controller).store.layerCount,
  };
}

/** Starts a request without awaiting it: sequences race on purpose. */
export function start(w: World, request: () => Promise<unknown>): void {
  let p: Promise<unknown>;
  try {
    p = request();
  } catch (error) {
    p = Promise.reject(error);
  }
  w.pending.push(p.catch(() => undefined));
}

/**
 * Starts a mutation of the first tab; one the client accepted as paused (queued behind the
 * network or other mutations) must never be rejected by a failure that got no reply.
 */
export function startMutation(w: World, label: string, request: () => Promise<unknown>): void {
  const before = w.client.stats().paused;
  let p: Promise<unknown>;
  try {
    p = request();
  } catch (error) {
    p = Promise.reject(error);
  }
  const paused = w.client.stats().paused > before;
  w.pending.push(
    p.catch((error: unknown) => {
      if (paused && isConnectionError(error)) w.dropped.push(`${label}: ${String(error)}`);
    }),
  );
}

export const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

/** Releases every hold, waits for every request, and until nothing is in flight for a while. */
export async function quiesce(w: World): Promise<void> {
  // the network returns without an `online` event (the probe must find it), and the client is told it is online
  w.lieFi?.();
  w.lieFi = undefined;
  w.online.setOnline(true);
  for (let round = 0; round < 200; round++) {
    // opening a hold never waits for its reply: a hold no request claimed has none
    for (const h of w.holds.splice(0)) void h();
    await Promise.all(w.pending.splice(0));
    await sleep(round < 3 ? 0 : 5);
    const idle = () => w.client.stats().inflight === 0 && w.tab.stats().inflight === 0;
    if (idle() && w.holds.length === 0 && w.pending.length === 0) {
      // what one tab committed reaches the other through BroadcastChannel (a macrotask)
      await sleep(5);
      if (idle()) return;
    }
    // a held request may claim a hold only now: release it too
    if (round > 20) for (const h of w.holds.splice(0)) void h();
  }
  throw new Error(`not quiet: ${JSON.stringify(w.client.stats())}`);
}
