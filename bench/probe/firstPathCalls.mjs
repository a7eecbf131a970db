// `node bench/probe/firstPathCalls.mjs [N]` (after `npm run build`): the calls the core makes on the
// first path of a list of N articles (default 1,000) with nested authors, as the browser bench's
// data: the reply written through `controller.setResponse` (normalize and commit), then the first
// watched read of the list (denormalize). V8's precise coverage counts every call of every function
// of the built package (exact counts, the same on any machine); printed per function, heaviest
// first, with the totals per phase and per article.
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';

const N = Number(process.argv[2] ?? 1000);
const dist = new URL('../../dist/', import.meta.url);
const { Entity, RestEndpoint, createDataClient } = await import(new URL('index.js', dist).href);
const { effect } = await import('@preact/signals-core');

class Author extends Entity {
  id = 0;
  name = '';
  static key = 'Author';
}
class Article extends Entity {
  id = 0;
  title = '';
  author = Author.fromJS();
  static key = 'Article';
  static schema = { author: Author };
}
const getList = new RestEndpoint({ path: '/articles', schema: [Article] });
const reply = n => Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `Article ${i + 1}`, author: { id: Math.floor(i / 10) + 1, name: `Author ${Math.floor(i / 10) + 1}` } }));

// warm the module's top level and one small run, as a page has done by the time its reply arrives
{
  const warm = createDataClient();
  warm.controller.setResponse(getList, reply(20));
  effect(() => void warm.suspense(getList).value)();
  warm.destroy();
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
const root = fileURLToPath(dist);

/** Calls per function of the built package since the last take. */
async function take() {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const calls = new Map();
  for (const script of result) {
    if (!script.url.includes(root)) continue;
    const file = script.url.slice(script.url.indexOf(root) + root.length);
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      if (count === 0 || fn.functionName === '') continue;
      const name = `${fn.functionName} (${file})`;
      calls.set(name, (calls.get(name) ?? 0) + count);
    }
  }
  return calls;
}

await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await take();
const client = createDataClient();
client.controller.setResponse(getList, reply(N));
const write = await take();
let shown = 0;
const stop = effect(() => void (shown = client.suspense(getList).value.length));
const read = await take();
await session.post('Profiler.stopPreciseCoverage');
stop();
client.destroy();
if (shown !== N) throw new Error(`read ${shown} articles, expected ${N}`);

for (const [phase, calls] of [['write (normalize + commit)', write], ['first read (denormalize)', read]]) {
  const total = [...calls.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${phase}: ${calls.size} functions, ${total.toLocaleString('en')} calls, ${(total / N).toFixed(1)} per article`);
  for (const [name, n] of [...calls].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${String(n).padStart(8)}  ${name}`);
}
