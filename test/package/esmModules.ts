// The ESM files an entry of the built package loads: `dist/<entry>.js` re-exports one module of
// `dist/lib/`, which imports its neighbours by relative paths (one file per source module).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** `from './x.js'` and `import './x.js'` */
const STATIC = /\b(?:from|import)\s*(['"])(\.\.?\/[^'"]+)\1/g;
/** `import('./x.js')` */
const DYNAMIC = /\bimport\s*\(\s*(['"])(\.\.?\/[^'"]+)\1\s*\)/g;

/**
 * Every file reachable from `entry` by relative static imports, and by relative `import()` too when
 * `dynamic` is set (what an app loads later, on demand); external imports (`rest-signals`, `vue`)
 * are not followed. Keyed by absolute path, valued by the file's text.
 */
export function esmModules(entry: string, { dynamic = false } = {}): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    const targets = [...text.matchAll(STATIC), ...(dynamic ? text.matchAll(DYNAMIC) : [])].map(m => m[2]!);
    for (const target of targets) visit(resolve(dirname(file), target));
  };
  visit(resolve(entry));
  return seen;
}

/** The text of every ESM file `entry` loads, joined (see `esmModules`). */
export const esmText = (entry: string, options?: { dynamic?: boolean }): string =>
  [...esmModules(entry, options).values()].join('\n');
