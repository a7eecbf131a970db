import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { DataClient } from '../client.js';
import { contextOf } from '../controller/ManagerContext.js';

/**
 * Whether a restore (`persist`) is still running for `client`, as a signal: true from the
 * `persist()` call until its `restored` settles. Views wait for it instead of fetching. The
 * Solid and Vue `useIsRestoring()` read this.
 *
 * @example
 * const restoring = isRestoring(client);
 * effect(() => spinner.hidden = !restoring.value);
 */
export function isRestoring(client: DataClient): ReadonlySignal<boolean> {
  const gate = contextOf(client.controller).gate;
  return computed(() => gate.value?.restoring ?? false);
}
