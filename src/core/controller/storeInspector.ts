import { untracked } from '@preact/signals-core';
import { subscriberCount } from '../store/watchers.js';
import type { Controller } from './Controller.js';
import { contextOf } from './ManagerContext.js';
import type { OwnedRequest } from './ResultOwner.js';
import type { EntityInspection, ResultInspection, StoreInspector } from './inspectStore.js';

/**
 * What `inspectStore` returns, built here. Devtools import this module, not `inspectStore`:
 * a module the package entry re-exports is bundled up front (beside the app's own code) as soon
 * as a lazily loaded chunk uses it, so the devtools chunk keeps this one to itself.
 *
 * @example
 * const { entities } = storeInspector(client.controller);
 */
export function storeInspector(controller: Controller): StoreInspector {
  const { store, listen } = contextOf(controller);
  /** Every request in flight (each is held by its key's owner exactly while in flight), oldest first. */
  const inFlight = (): OwnedRequest[] => [...store.owners.values()].flatMap(o => o.requests).sort((a, b) => a.started - b.started);
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
      inFlight().map(({ endpoint, key, started }) => {
        const method: unknown = (endpoint as { method?: unknown }).method;
        // a RestEndpoint's key is `${method} ${url}`
        const rest = typeof method === 'string' && key.startsWith(`${method} `);
        return { key, name: endpoint.name, method: typeof method === 'string' ? method : undefined, url: rest ? key.slice(method.length + 1) : key, started };
      }),
    // a layer lives exactly as long as the request of its mutation: the optimistic requests in flight
    optimistic: () =>
      inFlight().filter(r => typeof r.endpoint.getOptimisticResponse === 'function').map((r, i) => ({ id: i + 1, name: r.endpoint.name, since: r.started })),
    listen,
  };
}
