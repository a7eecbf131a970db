/**
 * How long to wait before reconnect attempt `attempt` (0 for the first after a loss):
 * exponential from `initial`, capped at `max`, with "equal jitter" (a random point in the upper
 * half of the window), so many clients dropped together do not come back together, and no
 * delay is ever below half the exponential step. `random` is `Math.random` outside tests.
 *
 * @example
 * backoffDelay(3, 500, 30_000); // between 2 000 and 4 000
 */
export function backoffDelay(attempt: number, initial: number, max: number, random: () => number = Math.random): number {
  const step = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  return step / 2 + (step / 2) * random();
}
