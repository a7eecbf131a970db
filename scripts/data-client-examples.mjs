#!/usr/bin/env node
// data-client 0.18.1's own example apps, run against rest-signals' built package: the promise
// "bring your @data-client code unchanged" measured with code rest-signals' authors did not write.
//
//   npm run build
//   node scripts/data-client-examples.mjs <git directory of reactive/data-client> [ref]
//
// - The examples are extracted (`git archive`) into a scratch folder at each run; nothing of
//   data-client's is copied into this project. `@data-client/rest` and `@data-client/vue` are two
//   shim packages there that re-export `rest-signals` and `rest-signals/vue`: the apps' files stay
//   byte for byte as published, only the package they import is ours.
// - Typecheck: `vue-tsc` over `vue-todo-app` (its own strict tsconfig) and the resource files of
//   `todo-app` and `nextjs` (the framework-free ones; the React apps' other files need React).
// - Run: `vue-todo-app` is built with Vite and driven in Chromium against a loopback server that
//   answers as jsonplaceholder.typicode.com does (a PATCH echoes its body without the id, a POST
//   answers id 201); the page's requests to that host are routed to it, every other host refused.
// - The apps' own dependencies beyond ours (`vue-router`, `uuid`) are installed into the scratch
//   folder from the npm registry at the versions pinned below.
//
// The last line is `examples: N passed, M failed`; the exit code is 1 when something failed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const [gitDir, ref = 'bf7b1c2'] = process.argv.slice(2);
if (!gitDir) {
  console.error('usage: node scripts/data-client-examples.mjs <git directory of reactive/data-client> [ref]');
  process.exit(2);
}
if (!existsSync(join(ROOT, 'dist/index.js'))) {
  console.error('data-client-examples: build the package first (npm run build)');
  process.exit(2);
}
const RUN = resolve(process.env.RUN_DIR ?? join(tmpdir(), 'data-client-examples'));
/** What the apps need beyond rest-signals and its peers, at the versions their lockfiles allow. */
const APP_DEPS = ['vue-router@4.6.3', 'uuid@14.0.0'];

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok    ${name}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL  ${name}\n      ${String(error?.message ?? error).split('\n').slice(0, 12).join('\n      ')}`);
  }
}

// --- the scratch folder: the examples as published, our package under data-client's names ---
rmSync(RUN, { recursive: true, force: true });
mkdirSync(RUN, { recursive: true });
const paths = ['examples/vue-todo-app', 'examples/todo-app/src/resources', 'examples/nextjs/resources'];
execFileSync('sh', ['-c', `git -C "$0" archive "$1" ${paths.join(' ')} | tar x -C "$2"`, resolve(gitDir), ref, RUN], { stdio: 'inherit' });
writeFileSync(join(RUN, 'package.json'), JSON.stringify({ name: 'data-client-examples', private: true, type: 'module' }));
execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error', ...APP_DEPS], { cwd: RUN, stdio: 'inherit' });
const modules = join(RUN, 'node_modules');
// one Vue and one rest-signals for the app, its router and the shims: this project's
symlinkSync(ROOT, join(modules, 'rest-signals'));
for (const name of ['vue', '@vue', 'vite', '@vitejs']) if (!existsSync(join(modules, name))) symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
for (const [shim, target] of [['rest', 'rest-signals'], ['vue', 'rest-signals/vue']]) {
  const dir = join(modules, '@data-client', shim);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@data-client/${shim}`, version: '0.18.1', type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }));
  writeFileSync(join(dir, 'index.js'), `export * from '${target}';\n`);
  writeFileSync(join(dir, 'index.d.ts'), `export * from '${target}';\n`);
}

// --- typecheck ---
/** Runs vue-tsc over `include` with `compilerOptions`; the compiler's report is the error. */
function typecheck(name, config) {
  const tsconfig = join(RUN, `tsconfig.${name}.json`);
  writeFileSync(tsconfig, JSON.stringify(config));
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/vue-tsc'), ['--noEmit', '-p', tsconfig], { cwd: RUN, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    throw new Error(`${error.stdout ?? ''}${error.stderr ?? ''}`.trim());
  }
}
await check('vue-todo-app typechecks under its own tsconfig (strict, no unused locals or parameters)', () =>
  typecheck('vue-todo-app', { extends: './examples/vue-todo-app/tsconfig.json', compilerOptions: { noEmit: true }, references: [] }));
// the React apps' tsconfigs are strict without the unused checks (their files are checked as the apps check them)
await check('todo-app and nextjs resources typecheck (strict)', () =>
  typecheck('resources', {
    compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', skipLibCheck: true, noEmit: true, types: [] },
    include: ['examples/todo-app/src/resources/*.ts', 'examples/nextjs/resources/*.ts'],
  }));

// --- build and run vue-todo-app ---
const out = join(RUN, 'vue-todo-app-dist');
await check('vue-todo-app builds with Vite, no warning from the package', async () => {
  const { build } = await import(join(ROOT, 'node_modules/vite/dist/node/index.js'));
  const { default: vue } = await import(join(ROOT, 'node_modules/@vitejs/plugin-vue/dist/index.mjs'));
  const warnings = [];
  await build({
    root: join(RUN, 'examples/vue-todo-app'),
    configFile: false,
    logLevel: 'silent',
    plugins: [vue()],
    build: { outDir: out, emptyOutDir: true, rolldownOptions: { onLog: (level, log) => void warnings.push({ text: `${level} ${log.code}: ${log.message}`, file: log.id ?? log.loc?.file ?? '' }) } },
  });
  // what the package's own files make the app's build print (the app's own warnings are the app's)
  const ours = warnings.filter(w => w.file.startsWith(`${ROOT}/`) || /rest-signals/.test(w.text));
  if (ours.length) throw new Error(ours.map(w => w.text.replace(/\x1b\[[0-9;]*m/g, '')).join('\n'));
});

/** jsonplaceholder.typicode.com as the app uses it: three users, nine todos. */
function placeholderApi() {
  const users = [1, 2, 3].map(id => ({
    id, name: `User ${id}`, username: `user${id}`, email: `user${id}@example.test`, phone: '1', website: 'example.test',
    address: { street: 'Main St', suite: '1', city: 'Town', zipcode: '1', geo: null },
    company: { name: 'Company', catchPhrase: 'c', bs: 'b' },
  }));
  let todos = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, userId: (i % 3) + 1, title: `Todo ${i + 1}`, completed: i % 4 === 0 }));
  const requests = [];
  return {
    requests,
    async handle(method, path, search, body) {
      requests.push(`${method} ${path}${search}`);
      let m;
      if (method === 'GET' && path === '/users') return [200, users];
      if (method === 'GET' && (m = /^\/users\/(\d+)$/.exec(path))) return [200, users.find(u => u.id === Number(m[1])) ?? {}];
      if (method === 'GET' && path === '/todos') {
        const userId = new URLSearchParams(search).get('userId');
        return [200, todos.filter(t => userId === null || t.userId === Number(userId))];
      }
      if (method === 'PATCH' && (m = /^\/todos\/(\d+)$/.exec(path))) {
        const patch = JSON.parse(body);
        todos = todos.map(t => (t.id === Number(m[1]) ? { ...t, ...patch } : t));
        return [200, patch];
      }
      if (method === 'POST' && path === '/todos') {
        const todo = { ...JSON.parse(body), id: 201 };
        todos.push(todo);
        return [201, todo];
      }
      if (method === 'DELETE' && (m = /^\/todos\/(\d+)$/.exec(path))) {
        todos = todos.filter(t => t.id !== Number(m[1]));
        return [200, {}];
      }
      return [404, {}];
    },
  };
}

if (existsSync(join(out, 'index.html'))) {
  const api = placeholderApi();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = join(out, url.pathname);
    const served = url.pathname !== '/' && existsSync(file) ? file : join(out, 'index.html');
    const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
    res.writeHead(200, { 'content-type': types[extname(served)] ?? 'application/octet-stream' });
    res.end(readFileSync(served));
  });
  await new Promise(r => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { chromium } = await import(join(ROOT, 'node_modules/playwright-core/index.mjs'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', e => problems.push(`page error: ${e.message}`));
  page.on('console', m => {
    // the avatars and cover images come from other hosts, which are refused here
    if ((m.type() === 'error' || m.type() === 'warning') && !/Failed to load resource/.test(m.text())) problems.push(`console.${m.type()}: ${m.text()}`);
  });
  await page.route(() => true, async route => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin === origin) return route.continue();
    if (url.host !== 'jsonplaceholder.typicode.com') return route.abort();
    const [status, json] = await api.handle(request.method(), url.pathname, url.search, request.postData());
    await route.fulfill({ status, contentType: 'application/json; charset=utf-8', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(json) });
  });
  const text = () => page.innerText('body').then(t => t.replace(/\s+/g, ' '));
  const items = () => page.$$eval('.todo-list .todo-item label', ls => ls.map(l => l.textContent.trim()));
  const until = (fn, arg) => page.waitForFunction(fn, arg, { timeout: 10_000 });

  await check('vue-todo-app: the home page lists the users (useSuspense of getList, in two Suspense boundaries, one request)', async () => {
    await page.goto(`${origin}/`);
    await until(() => document.querySelectorAll('.user-card').length === 3);
    const gets = api.requests.filter(r => r === 'GET /users').length;
    if (gets !== 1) throw new Error(`GET /users sent ${gets} times`);
  });
  await check("vue-todo-app: a user's page shows the user and their todos (useSuspense with computed arguments, useQuery)", async () => {
    await page.click('.user-card[href="/user/1/todos"]');
    await until(() => document.querySelectorAll('.todo-list .todo-item').length === 3 && document.body.innerText.includes("User 1's Todos"));
    const body = await text();
    if (!body.includes('2 items left') || !body.includes('3 total')) throw new Error(`footer: ${body.slice(-80)}`);
  });
  await check('vue-todo-app: toggling a todo shows at once (optimistic partialUpdate) and stays after the reply', async () => {
    await page.click('#todo-4');
    await until(() => document.querySelector('#todo-4')?.checked === true && document.body.innerText.includes('1 items left'));
    for (let i = 0; i < 100 && !api.requests.includes('PATCH /todos/4'); i++) await page.waitForTimeout(20);
    await page.waitForTimeout(200);
    if (!(await page.isChecked('#todo-4'))) throw new Error('the toggle was rolled back');
  });
  await check('vue-todo-app: adding a todo puts it first (getList.unshift), once', async () => {
    await page.fill('.todo-input', 'Written by the harness');
    await page.press('.todo-input', 'Enter');
    await until(() => document.body.innerText.includes('Written by the harness'));
    await page.waitForTimeout(200);
    const list = await items();
    if (list[0] !== 'Written by the harness' || list.length !== 4) throw new Error(`list: ${JSON.stringify(list)}`);
  });
  await check('vue-todo-app: deleting a todo removes it from the list', async () => {
    await page.click('.todo-item:has(#todo-1) .delete-btn');
    await until(() => !document.querySelector('#todo-1'));
    if ((await items()).length !== 3) throw new Error(`list: ${JSON.stringify(await items())}`);
  });
  await check("vue-todo-app: navigating to another user shows that user's todos (the arguments change under the same components)", async () => {
    await page.click('.user-link[href="/user/2/todos"]');
    const showing = expected =>
      until(want => {
        const got = [...document.querySelectorAll('.todo-list .todo-item label')].map(l => l.textContent.trim());
        return JSON.stringify(got) === JSON.stringify(want);
      }, expected).catch(async () => {
        throw new Error(`expected ${JSON.stringify(expected)}, the list shows ${JSON.stringify(await items())}`);
      });
    await showing(['Todo 2', 'Todo 5', 'Todo 8']);
    if (!(await text()).includes("User 2's Todos")) throw new Error('the header still names another user');
    // back: user 1's list as this session left it, from the store (fresh for an hour: no request)
    const sent = api.requests.length;
    await page.click('.user-link[href="/user/1/todos"]');
    await showing(['Written by the harness', 'Todo 4', 'Todo 7']);
    if (api.requests.length !== sent) throw new Error(`refetched: ${api.requests.slice(sent).join(', ')}`);
  });
  await check('vue-todo-app: nothing printed an error or a warning', () => {
    if (problems.length) throw new Error(problems.join('\n'));
  });
  console.log(`      requests: ${api.requests.join(', ')}`);
  await browser.close();
  server.close();
}

const failed = results.filter(r => !r.ok).length;
console.log(`examples: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
