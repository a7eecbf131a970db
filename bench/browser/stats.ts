/** The median and spread of a set of samples. */
export interface Summary {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  count: number;
}

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/**
 * Median, quartiles and range of the finite samples; `undefined` when there are none.
 * @example summarize([3, 1, 2]).median; // 2
 */
export function summarize(samples: readonly number[]): Summary | undefined {
  const s = samples.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return undefined;
  return { median: quantile(s, 0.5), p25: quantile(s, 0.25), p75: quantile(s, 0.75), min: s[0]!, max: s[s.length - 1]!, count: s.length };
}
