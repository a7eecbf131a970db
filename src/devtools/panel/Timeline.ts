import type { StoreAction } from '../../core/index.js';
import { describeAction, type ActionSummary } from '../describeAction.js';

/** One recorded store action. */
export interface TimelineEntry {
  readonly seq: number;
  readonly at: number;
  readonly action: ActionSummary;
}

/**
 * The panel's record of store actions: newest last, at most `cap` entries (older ones drop),
 * nothing recorded while paused. Recording costs one summary per action, so it runs whether the
 * panel is open or not.
 *
 * @example
 * const timeline = new Timeline(200);
 * inspector.listen(action => timeline.record(action));
 */
export class Timeline {
  readonly cap: number;
  paused = false;
  #entries: TimelineEntry[] = [];
  #seq = 0;

  constructor(cap: number) {
    this.cap = Math.max(1, Math.floor(cap));
  }

  /** Records `action` unless paused; returns whether it did. */
  record(action: StoreAction, at = Date.now()): boolean {
    if (this.paused) return false;
    this.#entries.push({ seq: ++this.#seq, at, action: describeAction(action) });
    if (this.#entries.length > this.cap) this.#entries.splice(0, this.#entries.length - this.cap);
    return true;
  }

  clear(): void {
    this.#entries = [];
  }

  /** The entries, oldest first (do not mutate). */
  get entries(): readonly TimelineEntry[] {
    return this.#entries;
  }
}
