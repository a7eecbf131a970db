// The size budget's verdict, apart from measuring, so the rule is tested without a build.

/**
 * Compares measured app imports with their budgets. `measures` maps an import name (`solid`,
 * `vue`) to `{ gzip, lazyGzip, withChunks? }` (bytes); a budget `{ name, import, upfront, withLazy }`
 * passes when what loads up front is at most `upfront` bytes and up front plus the lazy chunks normal
 * use loads (`withChunks`, from `appBundle`: not the devtools or IndexedDB chunks an app asks for;
 * without it, every lazy chunk) at most `withLazy`. A budget whose import was not measured fails (a silent skip would hide a regression).
 * @param {{ name: string, import: string, upfront: number, withLazy: number }[]} budgets
 * @param {Record<string, { gzip: number, lazyGzip: number, withChunks?: number } | undefined>} measures
 * @example
 * judge([{ name: 'Solid app', import: 'solid', upfront: 14336, withLazy: 18432 }], { solid: { gzip: 13000, lazyGzip: 2000 } });
 * // { ok: true, rows: [{ name: 'Solid app', upfront: 13000, withLazy: 15000, ok: true, ... }] }
 */
export function judge(budgets, measures) {
  const rows = budgets.map(b => {
    const m = measures[b.import];
    if (!m) return { name: b.name, ok: false, reason: 'not measured', budget: b };
    const upfront = m.gzip;
    const withLazy = m.withChunks ?? m.gzip + m.lazyGzip;
    const over = [];
    if (upfront > b.upfront) over.push(`up front ${kib(upfront)} > ${kib(b.upfront)}`);
    if (withLazy > b.withLazy) over.push(`with lazy chunks ${kib(withLazy)} > ${kib(b.withLazy)}`);
    return { name: b.name, ok: over.length === 0, upfront, withLazy, reason: over.join('; '), budget: b };
  });
  return { ok: rows.every(r => r.ok), rows };
}

/** `14336` → `'14.0 KiB'`. */
export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** One line per budget, for CI logs. */
export function report({ rows }) {
  return rows
    .map(r =>
      r.upfront === undefined
        ? `${r.name}: FAIL (${r.reason})`
        : `${r.name}: up front ${kib(r.upfront)} (budget ${kib(r.budget.upfront)}), with lazy chunks ${kib(r.withLazy)} (budget ${kib(r.budget.withLazy)}): ${r.ok ? 'ok' : `OVER: ${r.reason}`}`,
    )
    .join('\n');
}
