/**
 * A small seeded random source for the browser soak (mulberry32): the same seed gives the same
 * sequence of choices, so a failing run's seed (`SOAK_SEED`) replays its choice of actions and
 * faults. (The page's timing is not seeded: replies may land in another order on a replay.)
 * @example const rng = new SoakRandom(42); rng.int(10); rng.pick(['a', 'b']);
 */
export class SoakRandom {
  #state: number;

  constructor(readonly seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('SoakRandom.pick: the list is empty');
    return items[this.int(items.length)]!;
  }

  /** One entry, chosen with probability proportional to its weight. */
  weighted<T extends { readonly weight: number }>(items: readonly T[]): T {
    const total = items.reduce((sum, i) => sum + i.weight, 0);
    let at = this.next() * total;
    for (const item of items) {
      at -= item.weight;
      if (at < 0) return item;
    }
    return items[items.length - 1]!;
  }

  /** A second, independent source derived from this seed (e.g. for per-request network faults). */
  fork(salt: number): SoakRandom {
    return new SoakRandom((this.seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0);
  }
}

/**
 * The soak's seed: `SOAK_SEED` when set (to replay a failing run), else a fresh one.
 * @example const seed = soakSeed(); console.log(`SOAK_SEED=${seed}`);
 */
export function soakSeed(): number {
  const given = process.env.SOAK_SEED;
  if (given === undefined || given === '') return (Math.random() * 2 ** 32) >>> 0;
  const n = Number(given);
  if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) throw new RangeError(`SOAK_SEED must be an integer from 0 to 2^32-1, got ${JSON.stringify(given)}`);
  return n;
}
