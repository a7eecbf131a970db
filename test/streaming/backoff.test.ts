import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamManager, getDefaultManagers, type StreamMessage, type StreamSource } from '../../src/core/index.js';
import { backoffDelay } from '../../src/core/streaming/backoff.js';
import { makeClient } from '../client/fixtures.js';

describe('backoffDelay', () => {
  it('doubles from the initial delay, is capped, and jitters within the upper half of each step', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const step = Math.min(30_000, 500 * 2 ** attempt);
      expect(backoffDelay(attempt, 500, 30_000, () => 0)).toBe(step / 2);
      expect(backoffDelay(attempt, 500, 30_000, () => 1)).toBe(step);
    }
    expect(backoffDelay(1e6, 500, 30_000, () => 1)).toBe(30_000);
  });
});

/**
 * A connection the test opens and drops by hand, to see the manager's timers with fake time
 * (the transports themselves are exercised against real servers in StreamManager.test.ts).
 */
class HandSource implements StreamSource {
  static made: HandSource[] = [];
  readonly #on = new Map<string, Set<(e: StreamMessage) => void>>();
  closed = false;
  constructor() {
    HandSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: StreamMessage) => void): void {
    (this.#on.get(type) ?? this.#on.set(type, new Set()).get(type)!).add(fn);
  }
  removeEventListener(type: string, fn: (e: StreamMessage) => void): void {
    this.#on.get(type)?.delete(fn);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string): void {
    for (const fn of [...(this.#on.get(type) ?? [])]) fn({ data: undefined, type });
  }
}

describe('StreamManager timing (fake time)', () => {
  beforeEach(() => {
    HandSource.made = [];
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits 100, 200, 400, 400 ms between failed attempts, starts over after a healthy period, and leaves no timer on destroy', async () => {
    const stream = new StreamManager({ connect: () => new HandSource(), onMessage: () => {}, initialDelay: 100, maxDelay: 400, healthyAfter: 1000 });
    const client = makeClient({ managers: [stream, ...getDefaultManagers()] });
    const last = () => HandSource.made.at(-1)!;
    const failAndMeasure = (): number => {
      const before = HandSource.made.length;
      last().emit('error');
      expect(last().closed).toBe(true);
      let waited = 0;
      while (HandSource.made.length === before) {
        vi.advanceTimersByTime(1);
        waited++;
      }
      return waited;
    };
    expect([failAndMeasure(), failAndMeasure(), failAndMeasure(), failAndMeasure()]).toEqual([100, 200, 400, 400]);
    // open briefly: not yet healthy, the backoff goes on
    last().emit('open');
    vi.advanceTimersByTime(500);
    expect(failAndMeasure()).toBe(400);
    // open for the healthy period: the next loss starts from the initial delay again
    last().emit('open');
    expect(stream.status.value).toBe('open');
    vi.advanceTimersByTime(1000);
    expect(failAndMeasure()).toBe(100);
    expect(stream.status.value).toBe('reconnecting');
    client.destroy();
    expect(stream.status.value).toBe('closed');
    expect(last().closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    // events of a connection it gave up change nothing
    last().emit('open');
    expect(stream.status.value).toBe('closed');
  });
});
