// The size budget's rule (bench/lib/sizeBudget.mjs) and its bounds (bench/size-budget.json): the
// figures the built package's app imports have reached (the same as test/package/bundleSize.test.ts's
// ceilings), a gate in CI; the goal is 20 KiB up front and 22 KiB with lazy chunks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judge, kib, report } from '../../bench/lib/sizeBudget.mjs';

const config = JSON.parse(readFileSync(new URL('../../bench/size-budget.json', import.meta.url), 'utf8'));
const budget = (name: string, upfront = 14 * 1024, withLazy = 18 * 1024) => ({ name, import: name, upfront, withLazy });

describe('the size budget', () => {
  it('holds the bounds reached: 30.6 KiB up front and 31.55 KiB with lazy chunks, for the Solid and Vue app imports', () => {
    expect(config.budgets).toEqual([
      { name: 'Solid app', import: 'solid', upfront: 31334, withLazy: 32307 },
      { name: 'Vue app', import: 'vue', upfront: 31334, withLazy: 32307 },
    ]);
  });

  it('passes at the bounds and fails one byte over either', () => {
    const b = [budget('solid')];
    expect(judge(b, { solid: { gzip: 14336, lazyGzip: 4096 } }).ok).toBe(true);
    const upfront = judge(b, { solid: { gzip: 14337, lazyGzip: 0 } });
    expect(upfront.ok).toBe(false);
    expect(upfront.rows[0].reason).toBe('up front 14.0 KiB > 14.0 KiB');
    const lazy = judge(b, { solid: { gzip: 14000, lazyGzip: 4433 } });
    expect(lazy.ok).toBe(false);
    expect(lazy.rows[0].reason).toMatch(/^with lazy chunks 18\.0 KiB > 18\.0 KiB$/);
  });

  it('counts the chunks normal use loads (withChunks) when measured, not the devtools chunk an app asks for', () => {
    const b = [budget('vue')];
    // 20 KiB of lazy chunks in all, of which the devtools panel is 16 KiB: 2 KiB with the normal ones
    expect(judge(b, { vue: { gzip: 14000, lazyGzip: 20480, withChunks: 16048 } }).rows[0]).toMatchObject({ ok: true, withLazy: 16048 });
    expect(judge(b, { vue: { gzip: 14000, lazyGzip: 20480 } }).rows[0]).toMatchObject({ ok: false, withLazy: 34480 });
  });

  it('fails a budget whose import was not measured, and judges every budget', () => {
    const verdict = judge([budget('solid'), budget('vue')], { solid: { gzip: 1000, lazyGzip: 0 } });
    expect(verdict.ok).toBe(false);
    expect(verdict.rows.map(r => r.ok)).toEqual([true, false]);
    expect(report(verdict)).toBe(
      'solid: up front 1.0 KiB (budget 14.0 KiB), with lazy chunks 1.0 KiB (budget 18.0 KiB): ok\nvue: FAIL (not measured)',
    );
  });

  it('fails the figures of before focus / reconnect refetch and the offline gate were opt-in (about 32 KiB), passes today\'s', () => {
    const before = judge(config.budgets, { solid: { gzip: 32285, lazyGzip: 0, withChunks: 33297 }, vue: { gzip: 32802, lazyGzip: 0, withChunks: 33814 } });
    expect(before.ok).toBe(false);
    expect(judge(config.budgets, { solid: { gzip: 30757, lazyGzip: 0, withChunks: 31769 }, vue: { gzip: 31287, lazyGzip: 0, withChunks: 32299 } }).ok).toBe(true);
    expect(kib(32802)).toBe('32.0 KiB');
  });
});
