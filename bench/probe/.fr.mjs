const dist = process.argv[2];
const { Entity, RestEndpoint, createDataClient } = await import(dist + '/index.js');
const { effect } = await import('@preact/signals-core');
class Author extends Entity { id = 0; name = ''; static key = 'Author'; }
class Article extends Entity { id = 0; title = ''; author = Author.fromJS(); static key = 'Article'; static schema = { author: Author }; }
const getList = new RestEndpoint({ path: '/articles', schema: [Article] });
const reply = n => Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `Article ${i + 1}`, author: { id: Math.floor(i / 10) + 1, name: `Author ${Math.floor(i / 10) + 1}` } }));
const N = Number(process.argv[3] ?? 10000);
const w = [], r = [];
for (let k = 0; k < 15; k++) {
  const data = reply(N);
  const client = createDataClient();
  let t = performance.now();
  client.controller.setResponse(getList, data);
  const t1 = performance.now();
  let shown = 0;
  const stop = effect(() => void (shown = client.suspense(getList).value.length));
  const t2 = performance.now();
  w.push(t1 - t); r.push(t2 - t1);
  stop(); client.destroy();
}
const med = a => a.slice().sort((x, y) => x - y)[a.length >> 1].toFixed(2);
console.log(dist.split('/').slice(-2).join('/'), 'write', med(w), 'read', med(r), 'first write', w[0].toFixed(1), 'first read', r[0].toFixed(1));
