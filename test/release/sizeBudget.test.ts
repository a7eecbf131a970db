// The size budget's rule (bench/lib/sizeBudget.mjs) and its bounds (bench/size-budget.json): the
// goals of the bundle-size issue, 14 KiB up front and 18 KiB with lazy chunks for each app import.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judge, kib, report } from '../../bench/lib/sizeBudget.mjs';

const config = JSON.parse(readFileSync(new URL('../../bench/size-budget.json', import.meta.url), 'utf8'));
const budget = (name: string, upfront = 14 * 1024, withLazy = 18 * 1024) => ({ name, import: name, upfront, withLazy });

describe('the size budget', () => {
  it('holds the goals: 14 KiB up front and 18 KiB with lazy chunks, for the Solid and Vue app imports', () => {
    expect(config.budgets).toEqual([
      { name: 'Solid app', import: 'solid', upfront: 14336, withLazy: 18432 },
      { name: 'Vue app', import: 'vue', upfront: 14336, withLazy: 18432 },
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

  it('reports today\'s figures as over (about 32 KiB): the goal is not met yet', () => {
    const verdict = judge(config.budgets, { solid: { gzip: 32630, lazyGzip: 0 }, vue: { gzip: 33411, lazyGzip: 3000 } });
    expect(verdict.ok).toBe(false);
    expect(kib(32630)).toBe('31.9 KiB');
  });
});
