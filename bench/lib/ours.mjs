// Loads the built package (dist/index.js, or BENCH_OURS_DIST/index.js: `bench/ab.mjs` sets it) for
// the "ours" column. The library is built by `npm run build`; when dist/ is absent, or a name a case
// needs is not exported yet, the case shows "n/a (<reason>)" instead of failing.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = process.env.BENCH_OURS_DIST
  ? pathToFileURL(resolve(process.env.BENCH_OURS_DIST, 'index.js'))
  : new URL('../../dist/index.js', import.meta.url);
let loaded;

/** The built module, or `{ missing: reason }`. */
export async function loadOurs() {
  if (loaded) return loaded;
  if (!existsSync(fileURLToPath(entry))) return (loaded = { missing: 'not built' });
  try {
    loaded = await import(entry.href);
  } catch (error) {
    loaded = { missing: `import failed: ${error.message.split('\n')[0]}` };
  }
  return loaded;
}

/** The named exports, or a reason string naming what is missing. */
export async function need(...names) {
  const m = await loadOurs();
  if (m.missing) return m.missing;
  const absent = names.filter(n => m[n] === undefined);
  return absent.length ? `not exported yet: ${absent.join(', ')}` : m;
}
