// The fresh-install matrix: the packed tarball installed into projects made from nothing, with no
// lockfile, against the registry as it is today, by npm 10 (as Node 20 ships it), the newest npm
// 11, pnpm, Yarn 1 and Yarn 4 (Plug'n'Play, its default). Every cell installs with no flags, prints
// no peer warning naming rest-signals, holds one @preact/signals-core and imports the entries its
// project uses. Each project is then checked in depth once, with one package manager: tsc, the
// build, and its list rendered from a loopback server in Chromium. The example apps are built once
// more without their lockfiles; the versions installed must lie in docs' supported-versions table;
// and the old peers (before the peer change) must still fail to install where today's pass.
// It fails when the world moves under the package: that is its job. A registry outage is retried
// once (install.ts); a resolution failure is not.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser/chromium.js';
import { startAppServer, type AppServer } from './appServer.js';
import { binCommand, peerReport, runCell, writeProject, type CellReport } from './cells.js';
import { exec, install, isRegistryOutage, peerWarnings, type InstallResult, type Ran } from './install.js';
import { PROJECTS, TODOS, type Project } from './projects.js';
import { supportedVersions } from './supportedVersions.js';
import { installPms, issueNpm, nodeVersion, PMS, semverOf, userEnv, type NodeMajor, type Pm, type PmName } from './toolchain.js';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'rest-signals-fresh-'));
const TITLES = TODOS.map(t => t.title);
/** Installs at once: network-bound mostly; Yarn 1's cache is not safe for concurrent installs, so its cells take turns. */
const CONCURRENT_INSTALLS = 3;
/** While working on a few: `FRESH_PROJECTS=vite-solid2,examples/solid2 npx vitest run -c test/fresh/vitest.config.ts -t solid2`. */
const ONLY = process.env.FRESH_PROJECTS?.split(',');

let pms: Record<PmName, Pm>;
let tarball: string;
let oldPeersTarball: string;
let requiredPeerTarball: string;
let api: AppServer;
let browser: Browser | undefined;
const cells = new Map<string, Promise<CellReport>>();
const deepRuns = new Map<string, Promise<DeepReport | undefined>>();
const timings: string[] = [];
const since = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** The deep checks of a project: each command's result, and what its page (or script) showed. */
interface DeepReport {
  readonly typecheck: Ran[];
  readonly build?: Ran;
  readonly page?: { titles: string[]; problems: string[]; output?: string } | { error: string };
  /** The framework's own build under a package manager it does not support. */
  readonly unsupported: Record<string, Ran>;
}
const started = Date.now();

function limiter(slots: number): <T>(job: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async job => {
    if (active >= slots) await new Promise<void>(resolve => waiting.push(resolve));
    active += 1;
    try {
      return await job();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}
const general = limiter(CONCURRENT_INSTALLS);
const yarn1Turns = limiter(1);
/** Typechecks, builds and pages: CPU-bound, one at a time, each as soon as its project is installed. */
const cpu = limiter(1);
const slot = (pm: PmName) => (pm === 'yarn1' ? yarn1Turns : general);

const cellDir = (project: Project, pm: PmName) => join(work, `${project.name}-${pm}`);
const cellKey = (project: Project, pm: PmName) => `${project.name} × ${pm}`;

/** `npm pack` of the built package, and the same tarball with the peers of bebfdec (before the peer change). */
async function packTarballs(): Promise<void> {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const packed = await exec(['npm', 'pack', '--silent', '--pack-destination', work], root, userEnv(20), 120_000);
  // Yarn 1 keeps what it unpacked from a `file:` tarball under the tarball's relative path: a name
  // of this run's own, or it installs the tarball of an earlier run
  const run = basename(work);
  tarball = join(work, `rest-signals-${run}.tgz`);
  renameSync(join(work, packed.output.trim().split('\n').pop()!), tarball);
  const old = join(work, 'old-peers');
  mkdirSync(old);
  await exec(['tar', 'xzf', tarball, '-C', old], work, process.env, 60_000);
  const shown = await exec(['git', 'show', 'bebfdec:package.json'], root, process.env, 30_000);
  if (shown.code !== 0) throw new Error(`git show bebfdec:package.json failed: ${shown.output}`);
  const before = JSON.parse(shown.output) as Record<string, unknown>;
  const manifest = JSON.parse(readFileSync(join(old, 'package/package.json'), 'utf8')) as Record<string, unknown>;
  manifest.peerDependencies = before.peerDependencies;
  manifest.peerDependenciesMeta = before.peerDependenciesMeta;
  writeFileSync(join(old, 'package/package.json'), JSON.stringify(manifest, null, 2));
  oldPeersTarball = join(work, `rest-signals-old-peers-${run}.tgz`);
  await exec(['tar', 'czf', oldPeersTarball, '-C', old, 'package'], work, process.env, 60_000);
  delete (manifest.peerDependenciesMeta as Record<string, unknown>)['solid-js'];
  writeFileSync(join(old, 'package/package.json'), JSON.stringify(manifest, null, 2));
  requiredPeerTarball = join(work, `rest-signals-required-peer-${run}.tgz`);
  await exec(['tar', 'czf', requiredPeerTarball, '-C', old, 'package'], work, process.env, 60_000);
}

/**
 * Queues every cell: the deep package manager's first (the deep checks wait on them), the
 * heaviest projects first, the examples' installs after the two heaviest deep cells.
 */
function startCells(): void {
  const order = PROJECTS.filter(p => !ONLY || ONLY.includes(p.name)).sort((a, b) => HEAVIEST_FIRST.indexOf(a.name) - HEAVIEST_FIRST.indexOf(b.name));
  const jobs = [...order.map(p => [p, p.deepPm] as const), ...order.flatMap(p => PMS.filter(pm => pm !== p.deepPm).map(pm => [p, pm] as const))];
  jobs.forEach(([project, pm], i) => {
    if (i === 2) startExamples();
    const dir = cellDir(project, pm);
    writeProject(project, pms[pm], dir, tarball);
    const cell = slot(pm)(() => runCell(project, pms[pm], dir));
    cells.set(cellKey(project, pm), cell.then(report => (timings.push(`${cellKey(project, pm)}: install ${Math.round(report.install.ms / 1000)} s, done at ${since()}`), report)));
  });
  for (const project of order) {
    const installed = Promise.all([project.deepPm, ...Object.keys(project.toolsFailUnder ?? {})].map(pm => cells.get(cellKey(project, pm as PmName))!));
    deepRuns.set(project.name, installed.then(([cell]) => (cell!.install.code === 0 ? cpu(() => runDeep(project)) : undefined)));
  }
}

async function runDeep(project: Project): Promise<DeepReport> {
  const begun = Date.now();
  const dir = cellDir(project, project.deepPm);
  const pm = pms[project.deepPm];
  const env = userEnv(project.node, { API_URL: api.url });
  const typecheck: Ran[] = [];
  for (const command of project.typecheck ?? []) typecheck.push(await exec(binCommand(pm, dir, command), dir, env, 300_000));
  const build = project.build ? await exec(binCommand(pm, dir, project.build), dir, env, 480_000) : undefined;
  let page: DeepReport['page'];
  const render = project.render;
  if (render && (!build || build.code === 0)) {
    try {
      if (render.kind === 'script') {
        const ran = await exec([...pm.node, render.file], dir, env, 60_000);
        page = ran.code === 0 ? { titles: JSON.parse(ran.output.trim().split('\n').pop()!) as string[], problems: [] } : { error: summarize(ran) };
      } else if (render.kind === 'static') {
        api.serve(join(dir, render.dir));
        page = await renderedTitles(api.url);
      } else {
        const server = await startServer(dir, project.node, render.start);
        try {
          page = { ...(await renderedTitles(server.url)), output: server.output() };
        } finally {
          server.stop();
        }
      }
    } catch (error) {
      page = { error: String(error) };
    }
  }
  const unsupported: Record<string, Ran> = {};
  for (const other of Object.keys(project.toolsFailUnder ?? {}) as PmName[]) {
    unsupported[other] = await exec(binCommand(pms[other], cellDir(project, other), project.build!), cellDir(project, other), env, 300_000);
  }
  timings.push(`${project.name} deep checks (${project.deepPm}): ${Math.round((Date.now() - begun) / 1000)} s, done at ${since()}`);
  return { typecheck, build, page, unsupported };
}
const HEAVIEST_FIRST = ['nuxt', 'solid-start', 'vite-vue', 'vite-solid1', 'vite-solid2', 'node-esm', 'node-cjs', 'empty'];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}

/** Starts a built server-rendered app and resolves once it answers. */
async function startServer(dir: string, node: NodeMajor, start: readonly string[]): Promise<{ url: string; stop: () => void; output: () => string }> {
  const port = await freePort();
  const child: ChildProcess = spawn('node', [...start], {
    cwd: dir,
    env: userEnv(node, { PORT: String(port), HOST: '127.0.0.1', NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1', NODE_ENV: 'production', API_URL: api.url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', chunk => (output += chunk));
  child.stderr!.on('data', chunk => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the app's server exited: ${output}`);
    if (await fetch(`${url}/favicon.ico`).then(() => true, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the app's server did not answer in 30 s: ${output}`);
    await new Promise(resolve => setTimeout(resolve, 200));
  }
  return { url, stop: () => child.kill('SIGTERM'), output: () => output };
}

/** The titles a page lists once rendered, and what it logged as errors. */
async function renderedTitles(url: string): Promise<{ titles: string[]; problems: string[] }> {
  browser ??= await launchChromium();
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', m => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', e => problems.push(e.message));
  try {
    await page.goto(url);
    await page.waitForFunction(n => document.querySelectorAll('[data-test=todo]').length >= n, TITLES.length, { timeout: 20_000 });
    return { titles: await page.locator('[data-test=todo]').allTextContents(), problems };
  } finally {
    await page.close();
  }
}

const summarize = (ran: { code: number; output: string }) => `exit ${ran.code}\n${ran.output.split('\n').filter(l => !/nodedir/.test(l)).slice(-40).join('\n')}`;

beforeAll(async () => {
  pms = await installPms(join(work, 'tools'));
  await packTarballs();
  api = await startAppServer();
  startCells();
  if (!ONLY) startOldPeers();
}, 300_000);

afterAll(async () => {
  await Promise.allSettled([...cells.values(), ...deepRuns.values(), ...examples.values(), ...oldPeers.values()]);
  await browser?.close();
  await api?.close();
  console.log(`fresh install matrix: ${cells.size} cells, ${examples.size} examples, ${oldPeers.size} old-peer installs in ${since()}\n${timings.join('\n')}`);
  // some GB of node_modules: removed after the run, not during it
  if (!process.env.KEEP_FRESH) spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
}, 120_000);

for (const project of PROJECTS) {
  describe(`${project.name} (Node ${project.node})`, () => {
    for (const pm of PMS) {
      const key = (p: Project) => cellKey(p, pm);
      it(`${pm}: installs the tarball with no flags, no lockfile and no peer warning naming rest-signals`, async () => {
        const cell = await cells.get(key(project))!;
        expect(cell.install.code, summarize(cell.install)).toBe(0);
        expect(cell.peerWarnings).toEqual([]);
      }, 900_000);

      it(`${pm}: holds one @preact/signals-core`, async () => {
        const cell = await cells.get(key(project))!;
        expect(cell.install.code).toBe(0);
        expect(cell.signalsCopies).toHaveLength(1);
      }, 900_000);

      it(`${pm}: imports ${project.entries.join(', ')}${project.reachFromRestSignals ? ', and rest-signals reaches the optional libraries it is given' : ''}`, async () => {
        const cell = await cells.get(key(project))!;
        expect(cell.install.code).toBe(0);
        expect(cell.check?.code, cell.check && summarize(cell.check)).toBe(0);
        expect(cell.entries).toEqual(Object.fromEntries(project.entries.map(entry => [entry, expect.any(Number)])));
        for (const { entry, dependency } of project.reachFromRestSignals ?? []) expect(cell.reach[`${entry} -> ${dependency}`]).toBe('ok');
      }, 900_000);

      if (pm === 'yarn4' && project.reachFromRestSignals) {
        it(`yarn4 with strict Plug'n'Play (pnpFallbackMode: none): rest-signals reaches ${project.reachFromRestSignals.map(r => r.dependency).join(', ')} through its optional peers`, async () => {
          const cell = await cells.get(key(project))!;
          expect(cell.strictReach).toEqual(Object.fromEntries(project.reachFromRestSignals!.map(({ entry, dependency }) => [`${entry} -> ${dependency}`, 'ok'])));
        }, 900_000);
      }
    }

    const deepReport = async () => {
      const report = await deepRuns.get(project.name)!;
      if (!report) throw new Error(`${cellKey(project, project.deepPm)} did not install`);
      return report;
    };

    (project.typecheck ?? []).forEach((command, i) => {
      it(`${project.deepPm}: ${command.join(' ')} passes on a small typed use`, async () => {
        const ran = (await deepReport()).typecheck[i]!;
        expect(ran.code, summarize(ran)).toBe(0);
      }, 900_000);
    });

    if (project.build) {
      it(`${project.deepPm}: ${project.build.join(' ')} builds the app`, async () => {
        const ran = (await deepReport()).build!;
        expect(ran.code, summarize(ran)).toBe(0);
      }, 900_000);
    }

    const render = project.render;
    if (render) {
      it(`${project.deepPm}: ${render.kind === 'script' ? `node ${render.file} prints the list it read from a loopback server` : 'renders the list from a loopback server in Chromium, with no console error'}`, async () => {
        const { page } = await deepReport();
        expect(page && 'titles' in page ? { titles: page.titles, problems: page.problems } : page, JSON.stringify(page)).toEqual({ titles: TITLES, problems: [] });
      }, 900_000);
    }

    for (const [pm, why] of Object.entries(project.toolsFailUnder ?? {})) {
      it(`${pm}: installs, but the framework's own CLI does not run under it (${why})`, async () => {
        const ran = (await deepReport()).unsupported[pm]!;
        expect(ran.code, 'the framework runs here now: drop it from toolsFailUnder and check it in depth').not.toBe(0);
        expect(ran.output).not.toContain('rest-signals');
      }, 900_000);
    }
  });
}

// --- the example apps, built once more without their lockfiles: their exact pins stay, everything
// below them is the newest the pins' own ranges allow

/** Every example app with a lockfile, under the oldest Node its framework supports (22 unless named). */
const EXAMPLE_NODE: Record<string, NodeMajor> = { 'solid-start': 24 };
const EXAMPLES = readdirSync(join(root, 'examples'))
  .filter(name => existsSync(join(root, 'examples', name, 'package-lock.json')))
  .map(name => ({ example: `examples/${name}`, node: EXAMPLE_NODE[name] ?? 22 }));
const examples = new Map<string, Promise<{ install: InstallResult; build?: Ran; versions: Record<string, string> }>>();

function startExamples(): void {
  for (const { example, node } of EXAMPLES.filter(e => !ONLY || ONLY.includes(e.example))) {
    const dir = join(work, example.replace('/', '-'));
    cpSync(join(root, example), dir, { recursive: true, filter: src => !/\/(node_modules|\.nuxt|\.output|\.vinxi|dist|package-lock\.json)$/.test(src) });
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const pinned = { ...manifest.dependencies };
    manifest.dependencies['rest-signals'] = `file:${tarball}`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    examples.set(example, (async () => {
      const installed = await general(() => install(pms.npm11, dir, node));
      const versions: Record<string, string> = {};
      for (const name of Object.keys(pinned)) {
        const file = join(dir, 'node_modules', name, 'package.json');
        if (existsSync(file)) versions[name] = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
      }
      if (installed.code !== 0) return { install: installed, versions };
      const build = await cpu(() => exec([...pms.npm11.command, 'run', 'build'], dir, userEnv(node, { API_URL: api.url, NODE_ENV: 'production' }), 480_000));
      timings.push(`${example} without its lockfile: install ${Math.round(installed.ms / 1000)} s, build ${Math.round(build.ms / 1000)} s, done at ${since()}`);
      return { install: installed, build, versions };
    })());
  }
}

describe('the example apps without their lockfiles (newest versions their package.json allows, npm 11)', () => {
  for (const { example } of EXAMPLES) {
    it(`${example} installs with no peer warning naming rest-signals and builds`, async () => {
      const result = await examples.get(example)!;
      expect(result.install.code, summarize(result.install)).toBe(0);
      expect(peerWarnings('npm11', result.install.output)).toEqual([]);
      expect(result.build?.code, result.build && summarize(result.build)).toBe(0);
      console.log(`${example} built with ${JSON.stringify(result.versions)}`);
    }, 900_000);
  }
});

// --- the install failure the peer change fixed: npm, an empty project and a Vue app, no lockfile

const OLD_PEER_PROJECTS = ['empty', 'vite-vue'];
/** The npm versions that failed: Node 20's, and the one the failure was reported with. */
const FAILING_NPMS = ['npm10', 'npm 11.19.1'] as const;
const oldPeers = new Map<string, Promise<InstallResult>>();

function startOldPeers(): void {
  for (const name of OLD_PEER_PROJECTS) {
    const project = PROJECTS.find(p => p.name === name)!;
    for (const npm of FAILING_NPMS) {
      const pm = npm === 'npm10' ? pms.npm10 : issueNpm(join(work, 'tools'));
      const dir = join(work, `old-peers-${name}-${npm.replace(/\W/g, '')}`);
      writeProject(project, pm, dir, oldPeersTarball);
      oldPeers.set(`old ${name} × ${npm}`, general(() => install(pm, dir, project.node)));
      if (npm === 'npm10') continue; // the matrix's own npm10 cell installs the current peers
      const current = join(work, `current-peers-${name}-${npm.replace(/\W/g, '')}`);
      writeProject(project, pm, current, tarball);
      oldPeers.set(`current ${name} × ${npm}`, general(() => install(pm, current, project.node)));
    }
  }
  // the old `solid-js ^1.9.0` peer against Solid 2: what each package manager's warning looks like
  const solid2 = PROJECTS.find(p => p.name === 'vite-solid2')!;
  for (const pm of WARNING_PMS) {
    const dir = join(work, `old-peers-solid2-${pm}`);
    writeProject(solid2, pms[pm], dir, pm === 'yarn1' ? requiredPeerTarball : oldPeersTarball);
    oldPeers.set(`solid2 × ${pm}`, slot(pm)(() => install(pms[pm], dir, solid2.node)));
  }
}
const WARNING_PMS = ['pnpm', 'yarn1', 'yarn4'] as const;

describe('the peers before the change (bebfdec) fail to install with npm where today\'s pass', () => {
  for (const name of OLD_PEER_PROJECTS) {
    for (const npm of FAILING_NPMS) {
      it(`${name}, ${npm}: the old peers fail with ERESOLVE, the current ones install`, async () => {
        const old = await oldPeers.get(`old ${name} × ${npm}`)!;
        expect(isRegistryOutage(old.output), summarize(old)).toBe(false);
        expect(old.code, summarize(old)).not.toBe(0);
        expect(old.output).toMatch(/ERESOLVE/);
        expect(peerWarnings('npm10', old.output).length).toBeGreaterThan(0);
        const current = npm === 'npm10' ? (await cells.get(`${name} × npm10`)!).install : await oldPeers.get(`current ${name} × ${npm}`)!;
        expect(current.code, summarize(current)).toBe(0);
        expect(peerWarnings('npm10', current.output)).toEqual([]);
      }, 900_000);
    }
  }
});

// Yarn 1 never warns about an optional peer: its reading is checked with the old solid-js peer made required
describe('the peer-warning reading of each package manager (what the cells check) sees the old peers\' conflict with Solid 2', () => {
  for (const pm of WARNING_PMS) {
    it(`${pm}: warns, naming rest-signals`, async () => {
      const old = await oldPeers.get(`solid2 × ${pm}`)!;
      expect(old.code, summarize(old)).toBe(0);
      const warnings = await peerReport(pms[pm], join(work, `old-peers-solid2-${pm}`), 22, old.output);
      expect(warnings.length, summarize(old)).toBeGreaterThan(0);
    }, 900_000);
  }
});

// --- the supported-versions table of the docs, against what the matrix installed

describe('docs/guide/supported-versions.md', () => {
  /** Every version the matrix ran, by the table's row names. */
  async function checkedVersions(): Promise<Map<string, Set<string>>> {
    const seen = new Map<string, Set<string>>();
    const add = (software: string, version: string | undefined) => {
      if (version === undefined || version.startsWith('unresolved')) return;
      if (!seen.has(software)) seen.set(software, new Set());
      seen.get(software)!.add(version);
    };
    for (const major of [...new Set(PROJECTS.map(p => p.node))]) add('Node', await nodeVersion(major));
    add('npm', pms.npm10.version);
    add('npm', pms.npm11.version);
    add('pnpm', pms.pnpm.version);
    add('Yarn', pms.yarn1.version);
    add('Yarn', pms.yarn4.version);
    for (const project of PROJECTS) {
      for (const pm of PMS) {
        const cell = await cells.get(cellKey(project, pm))!;
        for (const [software, pkg] of Object.entries(project.versions)) add(software, cell.versions[pkg]);
      }
    }
    return seen;
  }

  it('has every version the matrix installed inside the supported range of its row', async () => {
    const rows = supportedVersions();
    const semver = semverOf(pms);
    const outside: string[] = [];
    for (const [software, versions] of await checkedVersions()) {
      const row = rows.find(r => r.software.toLowerCase() === software.toLowerCase());
      if (!row) { outside.push(`${software}: no row`); continue; }
      for (const version of versions) if (!semver.satisfies(version, row.supported)) outside.push(`${software} ${version} is outside ${row.supported}`);
    }
    expect(outside).toEqual([]);
  }, 900_000);

  it('has no row the matrix did not check', async () => {
    const seen = await checkedVersions();
    const unchecked = supportedVersions().filter(row => ![...seen.keys()].some(s => s.toLowerCase() === row.software.toLowerCase()));
    expect(unchecked.map(r => r.software)).toEqual([]);
    console.log(`versions the matrix checked: ${JSON.stringify(Object.fromEntries([...seen].map(([k, v]) => [k, [...v].sort()])))}`);
  }, 900_000);
});
