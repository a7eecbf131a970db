// `node bench/lib/appChunks.mjs [solid|vue|core]`: what an app import loads up front and which
// chunks it loads later, under the production build of bench/lib/appBundle.mjs, from the sources.
// "With chunks" adds every lazy chunk but the devtools and idb-keyval (persistence) ones, which an
// app loads only when it asks for them; it is the upper bound of what normal use loads.
import { appBundle, APP_IMPORTS, isOptionalChunk as optional } from './appBundle.mjs';

const app = process.argv[2] ?? 'vue';
const bundle = await appBundle(APP_IMPORTS[app], { from: 'src' });
console.log(`${app}: up front ${bundle.gzip} B, with chunks ${bundle.withChunks} B (min+gzip)`);
for (const c of bundle.chunks) {
  console.log(`  ${optional(c) ? '(optional) ' : ''}${c.name} ${c.gzip} B: ${c.inputs.map(f => f.replace(/^.*node_modules\//, '')).join(', ')}`);
}
