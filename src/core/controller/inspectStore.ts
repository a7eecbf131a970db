import type { StoreAction } from '../store/types.js';
import type { Controller } from './Controller.js';
import { storeInspector } from './storeInspector.js';

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

/**
 * The `StoreInspector` of a client's controller (devtools: the in-page panel, `DevToolsManager`,
 * the Vue Devtools inspector). Adds nothing to an app that does not import it.
 *
 * @example
 * const { entities } = inspectStore(client.controller);
 * entities().filter(e => e.watchers > 0);
 */
export function inspectStore(controller: Controller): StoreInspector {
  return storeInspector(controller);
}
