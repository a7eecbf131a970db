import type { StoreAction } from '../store/types.js';
import type { Controller } from './Controller.js';
import { storeInspector } from './storeInspector.js';

/**
  * One entity as devtools show it.
 * @example
 * const row: EntityInspection = inspectStore(controller).entities()[0]!;
 */
export interface EntityInspection {
  /** The entity type (`Entity.key`). */
  readonly type: string;
  readonly pk: string;
  /** The committed value with pending optimistic updates applied. */
  readonly value: unknown;
  /** True while a pending optimistic update shows something other than the committed value. */
  readonly optimistic: boolean;
  /** Undefined for an optimistic-only entity. */
  readonly fetchedAt: number | undefined;
  readonly expiresAt: number | undefined;
  /** How many views read it now. */
  readonly watchers: number;
}

/**
  * One result (an endpoint key's stored reply) as devtools show it.
 * @example
 * inspectStore(controller).results().filter(r => r.status === 'stale');
 */
export interface ResultInspection {
  readonly key: string;
  /** 'invalid': fetched before shown; 'stale': shown, refetched by the next view. */
  readonly status: 'fresh' | 'stale' | 'invalid';
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly error: Error | undefined;
  /** The normalized reply (pks in place of entities). */
  readonly data: unknown;
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
  readonly name: string;
  /** When the endpoint has one (a `RestEndpoint`). */
  readonly method: string | undefined;
  /** When the endpoint builds one; else the key. */
  readonly url: string;
  readonly started: number;
}

/**
  * One pending optimistic update as devtools show it.
 * @example
 * inspectStore(controller).optimistic().map(o => o.name);
 */
export interface OptimisticInspection {
  /** 1 for the oldest. */
  readonly id: number;
  /** The endpoint name of the mutation that added it. */
  readonly name: string;
  readonly since: number;
}

/**
 * A read-only window on one client's store, for devtools. Reads are untracked, so a polling
 * devtools subscribes nothing; `listen` reports each action after it is applied.
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
 * The `StoreInspector` of a client's controller; adds nothing to an app that does not import it.
 *
 * @example
 * const { entities } = inspectStore(client.controller);
 * entities().filter(e => e.watchers > 0);
 */
export function inspectStore(controller: Controller): StoreInspector {
  return storeInspector(controller);
}
