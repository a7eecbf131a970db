import { untracked } from '@preact/signals-core';
import type { StoreAction } from '../store/types.js';
import { subscriberCount } from '../store/watchers.js';
import type { InflightRequest } from './NetworkManager.js';
import type { Controller } from './Controller.js';
import { internalsOf } from './internal.js';

/**
 * One entity as devtools show it.
 *
 * @example
 * const row: EntityInspection = inspectStore(controller).entities()[0]!;
 */
export interface EntityInspection {
  /** The entity type (`Entity.key`). */
  readonly type: string;
  readonly pk: string;
  /** The value users see: the committed value with pending optimistic updates applied. */
  readonly value: unknown;
  /** True while a pending optimistic update shows something other than the committed value. */
  readonly optimistic: boolean;
  /** When the reply that wrote it arrived (ms since the epoch); undefined for an optimistic-only entity. */
  readonly fetchedAt: number | undefined;
  readonly expiresAt: number | undefined;
  /** How many views (computeds, effects) read this entity right now. */
  readonly watchers: number;
}

/**
 * One result (an endpoint key's stored reply) as devtools show it.
 *
 * @example
 * inspectStore(controller).results().filter(r => r.status === 'stale');
 */
export interface ResultInspection {
  readonly key: string;
  /** 'invalid': must be fetched before it is shown; 'stale': shown, refetched by the next view; 'fresh' otherwise. */
  readonly status: 'fresh' | 'stale' | 'invalid';
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly error: Error | undefined;
  /** The normalized reply (pks in place of entities). */
  readonly data: unknown;
  /** How many views read this result right now. */
  readonly watchers: number;
}

/**
 * One request in flight as devtools show it.
 *
 * @example
 * inspectStore(controller).requests().map(r => `${r.method} ${r.url}`);
 */
export interface RequestInspection {
  readonly key: string;
  /** The endpoint's name. */
  readonly name: string;
  /** HTTP method, when the endpoint has one (a `RestEndpoint`). */
  readonly method: string | undefined;
  /** The URL, when the endpoint builds one (a `RestEndpoint`); else the key. */
  readonly url: string;
  /** When it started (ms since the epoch). */
  readonly started: number;
}

/**
 * One pending optimistic update as devtools show it.
 *
 * @example
 * inspectStore(controller).optimistic().map(o => o.name);
 */
export interface OptimisticInspection {
  /** Its position among the pending updates, 1 for the oldest. */
  readonly id: number;
  /** The mutation that added it (endpoint name). */
  readonly name: string;
  /** When its request started (ms since the epoch). */
  readonly since: number;
}

/**
 * A read-only window on one client's store, for devtools. Every read is a plain read of the
 * store's tables (never a tracked signal read), so a devtools that polls it subscribes nothing
 * and re-renders no view. `listen` reports each action after the store applied it.
 *
 * @example
 * const inspector = inspectStore(client.controller);
 * const stop = inspector.listen(action => console.log(action.type, inspector.entities().length));
 */
export interface StoreInspector {
  /** Changes after every applied action: equal versions mean equal reads. */
  readonly version: number;
  entities(): EntityInspection[];
  results(now?: number): ResultInspection[];
  requests(): RequestInspection[];
  optimistic(): OptimisticInspection[];
  listen(fn: (action: StoreAction) => void): () => void;
}

function isOptimistic(r: InflightRequest): boolean {
  return typeof r.endpoint.getOptimisticResponse === 'function';
}

/**
 * The `StoreInspector` of a client's controller (devtools: the in-page panel, `DevToolsManager`,
 * the Vue Devtools inspector). Adds nothing to an app that does not import it.
 *
 * @example
 * const { entities } = inspectStore(client.controller);
 * entities().filter(e => e.watchers > 0);
 */
export function inspectStore(controller: Controller): StoreInspector {
  const { store, network } = internalsOf(controller);
  return {
    get version() {
      return store.version;
    },
    entities: () =>
      untracked(() => {
        const out: EntityInspection[] = [];
        store.entities.forEach((type, pk, e) => {
          if (e.visible === undefined && e.committed === undefined) return;
          out.push({
            type,
            pk,
            value: e.visible,
            optimistic: e.visible !== e.committed,
            fetchedAt: e.meta?.fetchedAt,
            expiresAt: e.meta?.expiresAt,
            watchers: e.sig === undefined ? 0 : subscriberCount(e.sig, e.watched),
          });
        });
        return out;
      }),
    results: (now = Date.now()) =>
      untracked(() => {
        const out: ResultInspection[] = [];
        store.forEachResult((key, cell) => {
          const entry = cell.sig.peek();
          if (entry === undefined) return;
          const status = entry.invalidated || (!entry.hasData && !entry.error) ? 'invalid' : entry.expiresAt < now ? 'stale' : 'fresh';
          out.push({
            key,
            status,
            fetchedAt: entry.fetchedAt,
            expiresAt: entry.expiresAt,
            error: entry.error,
            data: entry.data,
            watchers: subscriberCount(cell.sig, cell.watched),
          });
        });
        return out;
      }),
    requests: () =>
      [...network.requests].map(({ endpoint, key, started }) => {
        const method: unknown = (endpoint as { method?: unknown }).method;
        // a RestEndpoint's key is `${method} ${url}`
        const rest = typeof method === 'string' && key.startsWith(`${method} `);
        return { key, name: endpoint.name, method: typeof method === 'string' ? method : undefined, url: rest ? key.slice(method.length + 1) : key, started };
      }),
    // a layer lives exactly as long as the request of its mutation: the optimistic requests in flight
    optimistic: () =>
      [...network.requests].filter(isOptimistic).map((r, i) => ({ id: i + 1, name: r.endpoint.name, since: r.started })),
    listen: fn => store.listen(fn),
  };
}
