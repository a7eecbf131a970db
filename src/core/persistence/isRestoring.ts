import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { DataClient } from '../client.js';
import { internalsOf } from '../controller/internal.js';

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
  const gate = internalsOf(client.controller).gate;
  return computed(() => gate.restoring);
}
