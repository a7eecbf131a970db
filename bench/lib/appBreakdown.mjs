// `node bench/lib/appBreakdown.mjs [solid|vue|core]`: which modules an app import pays for, under
// the same production build as bench/lib/appBundle.mjs (esbuild, NODE_ENV=production, minified,
// framework external), from the sources. esbuild's metafile gives each input's minified bytes in
// the output; gzip does not split by file, so `~gzip` is the file's share of the minified bytes
// times the whole bundle's gzip size (an estimate: repeated code compresses better than that).
import { appBundle, APP_IMPORTS } from './appBundle.mjs';

const app = process.argv[2] ?? 'solid';
const bundle = await appBundle(APP_IMPORTS[app], { from: 'src' });
const total = [...bundle.inputs.values()].reduce((a, b) => a + b, 0);
const rows = [...bundle.inputs].sort((a, b) => b[1] - a[1]);
console.log(`${app}: ${bundle.min} B min, ${bundle.gzip} B min+gzip, ${bundle.brotli} B brotli`);
console.log('| module | min B | ~gzip B |');
console.log('|---|---:|---:|');
for (const [file, min] of rows) {
  if (min === 0) continue;
  const name = file.replace(/^.*node_modules\//, '');
  console.log(`| ${name} | ${min} | ${Math.round((min / total) * bundle.gzip)} |`);
}
