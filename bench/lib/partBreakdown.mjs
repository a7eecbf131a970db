// `node bench/lib/partBreakdown.mjs [--dist]`: the Solid and Vue app imports of the built package,
// split into the parts issue 43 compares with data-client 0.18.1 (built from its sources, as
// bench/lib/dataClientSources.mjs builds it): schemas + normalize, REST (with path-to-regexp), the
// store, controller + managers + views, signals-core, the adapter. The package is built into a
// temporary folder first (its ESM files, as an app's bundler reads them), or read from `dist/`
// with `--dist`. "~gzip" is each part's share of the minified bytes times the whole gzip size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appBundle, APP_IMPORTS, buildEsm } from './appBundle.mjs';
import { DATA_CLIENT_APPS, dataClientAliases } from './dataClientSources.mjs';

/** The part an input file of our bundle belongs to. */
function ourPart(file) {
  if (file.includes('path-to-regexp')) return 'REST';
  if (file.includes('@preact/signals-core')) return 'signals-core';
  const m = /(?:^|\/)(?:lib|src)\/(core\/\w+|adapters|core)\b/.exec(file);
  const where = m?.[1] ?? '';
  if (where === 'core/schema') return 'schemas + normalize';
  if (where === 'core/rest') return 'REST';
  if (where === 'core/store') return 'store';
  if (where === 'adapters') return 'adapter';
  return where.startsWith('core') ? 'controller + managers + views' : 'other';
}

/** The part an input file of data-client's bundle belongs to. */
function dataClientPart(file) {
  if (file.includes('path-to-regexp')) return 'REST';
  const m = /packages\/(\w+)\/src\/(\w+)?/.exec(file);
  if (!m) return 'other';
  const [, pkg, dir] = m;
  if (pkg === 'normalizr' || (pkg === 'endpoint' && dir === 'schemas')) return 'schemas + normalize';
  if (pkg === 'rest' || pkg === 'endpoint') return 'REST';
  if (pkg === 'core') return 'controller + managers + views';
  return 'adapter';
}

/** gzip bytes per part (shares of the whole), with the totals. */
function parts(bundle, partOf) {
  const total = [...bundle.inputs.values()].reduce((a, b) => a + b, 0);
  const out = new Map();
  for (const [file, min] of bundle.inputs) out.set(partOf(file), (out.get(partOf(file)) ?? 0) + min);
  return { gzip: bundle.gzip, withChunks: bundle.withChunks, parts: new Map([...out].map(([p, min]) => [p, Math.round((min / total) * bundle.gzip)])) };
}

/**
 * The table of both app imports beside data-client's (Vue; React for Solid, which data-client lacks).
 * @example
 * console.log(await partTable());
 */
export async function partTable({ dist = false } = {}) {
  const dir = dist ? 'dist' : mkdtempSync(join(tmpdir(), 'rest-signals-parts-'));
  try {
    if (!dist) await buildEsm(dir);
    const columns = [];
    for (const app of ['solid', 'vue']) columns.push([`ours ${app}`, parts(await appBundle(APP_IMPORTS[app], { from: dir }), ourPart)]);
    for (const app of ['react', 'vue']) {
      const dc = DATA_CLIENT_APPS[app];
      try {
        columns.push([`data-client ${app}`, parts(await appBundle(dc.contents, { external: dc.external, plugins: [dataClientAliases()] }), dataClientPart)]);
      } catch (error) {
        console.error(`data-client ${app}: ${String(error.message).split('\n')[0]}`);
      }
    }
    const names = ['schemas + normalize', 'REST', 'store', 'controller + managers + views', 'signals-core', 'adapter', 'other'];
    const lines = [`| part (~gzip B) | ${columns.map(([n]) => n).join(' | ')} |`, `|---|${columns.map(() => '---:').join('|')}|`];
    for (const name of names) lines.push(`| ${name} | ${columns.map(([, c]) => c.parts.get(name) ?? 0).join(' | ')} |`);
    lines.push(`| **up front** | ${columns.map(([, c]) => `**${c.gzip}**`).join(' | ')} |`);
    lines.push(`| with the chunks normal use loads | ${columns.map(([, c]) => c.withChunks).join(' | ')} |`);
    return lines.join('\n');
  } finally {
    if (!dist) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await partTable({ dist: process.argv.includes('--dist') }));
