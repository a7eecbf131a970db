import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { DataClient } from '../client.js';
import { contextOf } from '../controller/ManagerContext.js';

/**
 * One mutation paused while offline: its endpoint's `name` and the arguments it was called with.
 *
 * @example
 * const { endpoint, args }: PausedMutationInfo = pausedMutations(client).value[0];
 */
export interface PausedMutationInfo {
  readonly endpoint: string;
  readonly args: readonly unknown[];
}

/**
 * The mutations of `client` waiting to be sent (offline, or held by a restore), in the order
 * they will leave, as a signal: for a "pending" badge on the rows they change, or an outbox.
 * `client.stats().paused` is its length.
 *
 * @example
 * const pendingIds = computed(() => new Set(pausedMutations(client).value.map(m => (m.args[0] as { id?: number }).id)));
 */
export function pausedMutations(client: DataClient): ReadonlySignal<readonly PausedMutationInfo[]> {
  const gate = contextOf(client.controller).gate;
  return computed(() => (gate.value?.pausedMutations() ?? []).map(({ endpoint, args }) => ({ endpoint: endpoint.name, args })));
}
