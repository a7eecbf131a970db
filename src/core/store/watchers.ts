import type { Signal } from '@preact/signals-core';

/** The subscriber list node of `@preact/signals-core`: `x` is the next subscriber of the same source. */
interface TargetNode {
  readonly x: TargetNode | undefined;
}

/**
 * How many computeds and effects depend on `sig` right now: its subscriber count. A computed that
 * nothing watches is not subscribed to its sources, so every counted subscriber is live.
 *
 * signals-core keeps a signal's subscribers in a linked list (`_targets` → `_nextTarget`, shipped
 * as `t` → `x`: the names are fixed by its mangle map so `@preact/signals` and signals-core of
 * different versions interoperate). Nothing public exposes the count; the alternative, recording
 * every tracked read per view in the store's hot path, costs every app that never opens a
 * devtools. If the list ever has another shape, the count falls back to 0 / 1 from `watched`.
 * Reads nothing tracked and changes nothing.
 *
 * @example
 * const s = signal(1);
 * const stop = effect(() => void s.value);
 * subscriberCount(s, true); // 1
 */
export function subscriberCount(sig: Signal<unknown>, watched: boolean): number {
  const head = (sig as unknown as { t?: unknown }).t;
  if (head === undefined) return 0;
  if (typeof head !== 'object' || head === null || !('x' in head)) return watched ? 1 : 0;
  let n = 0;
  for (let node: TargetNode | undefined = head as TargetNode; node !== undefined; node = node.x) n++;
  return n;
}
