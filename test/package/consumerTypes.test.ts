// The packed tarball, installed into a fresh TypeScript project, typechecks under every module
// resolution users pick: `bundler`, `node16` (an ESM file and a CommonJS `.cts` file) and `nodenext`.
// The package is built into a temporary folder and packed with `npm pack`, so this also pins what
// the tarball holds.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'rest-signals-consumer-'));
const stage = join(work, 'package');
const consumer = join(work, 'consumer');
let packed: { files: { path: string; size: number }[]; unpackedSize: number };

beforeAll(async () => {
  mkdirSync(stage);
  // what an earlier build left (a module since removed, a chunk under an old hash) must not be packed
  mkdirSync(join(stage, 'dist/lib/core/removed'), { recursive: true });
  writeFileSync(join(stage, 'dist/lib/core/removed/gone.js'), 'export const gone = 1;\n');
  writeFileSync(join(stage, 'dist/lib/core/index.old.js'), 'export {};\n');
  await run('npx', ['rollup', '-c', 'rollup.config.mjs', '--silent'], {
    cwd: root,
    env: { ...process.env, REST_SIGNALS_OUT_DIR: join(stage, 'dist') },
    timeout: 240_000,
  });
  for (const f of ['package.json', 'README.md', 'LICENSE', 'src']) cpSync(join(root, f), join(stage, f), { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: stage, timeout: 60_000 });
  const info = JSON.parse(stdout)[0];
  packed = info;
  // Install the tarball as npm would, beside the project's own dependencies (no registry needed).
  const modules = join(consumer, 'node_modules');
  mkdirSync(join(modules, 'rest-signals'), { recursive: true });
  await run('tar', ['xzf', join(work, info.filename), '-C', join(modules, 'rest-signals'), '--strip-components=1']);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === 'rest-signals' || name.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
}, 300_000);

afterAll(() => { if (!process.env.KEEP_CONSUMER) rmSync(work, { recursive: true, force: true }); });

const USE = `
class Task extends Entity {
  id = 0;
  title = '';
  static override key = 'Task';
}
const TaskResource = resource({ path: '/tasks/:id', schema: Task });
export const one: Promise<Task> = TaskResource.get({ id: 1 });
export const many: Promise<Task[]> = TaskResource.getList();
// @ts-expect-error a path parameter is required
TaskResource.get({});
export const client = createDataClient();
export const solid = [DataProvider, solidSuspense];
const normalized = normalize([Task], [{ id: 1, title: 'a' }]);
export const tasks = denormalize([Task], normalized.result, normalized.entities);
export const tables: Record<string, Record<string, unknown>> = normalized.entities;
export const vue = [DataClientPlugin, vueSuspense];
class Person extends GQLEntity {
  name = '';
}
const getPerson = new GQLEndpoint('/graphql').query('query Person($id: ID!) { person(id: $id) { id name } }', { person: Person });
export const person: Promise<{ person: Person }> = client.controller.fetch(getPerson, { id: '1' });
`;
const ESM = `import { Entity, createDataClient, resource } from 'rest-signals';
import { normalize, denormalize } from 'rest-signals/normalizr';
import { DataProvider, useSuspense as solidSuspense } from 'rest-signals/solid';
import { DataClientPlugin, useSuspense as vueSuspense } from 'rest-signals/vue';
import { GQLEndpoint, GQLEntity } from 'rest-signals/graphql';
${USE}`;

function project(name: string, options: Record<string, unknown>, files: Record<string, string>, type?: 'module' | 'commonjs') {
  const dir = join(consumer, name);
  mkdirSync(dir, { recursive: true });
  const compilerOptions = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022', lib: ['ES2023', 'DOM'], types: [], ...options };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: Object.keys(files) }));
  if (type) writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

async function tsc(dir: string): Promise<string> {
  try {
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { timeout: 120_000 });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the tarball', () => {
  it('holds the built entries with ESM and CommonJS declarations, the sources its maps point to, and the LICENSE', () => {
    const paths = packed.files.map(f => f.path);
    for (const entry of ['index', 'solid', 'vue', 'normalizr', 'nuxt', 'solid-start', 'graphql']) {
      for (const ext of ['.js', '.cjs', '.d.ts', '.d.cts', '.cjs.map']) expect(paths).toContain(`dist/${entry}${ext}`);
      // ESM: the entry file re-exports a module of lib/ (one file per source module, each with its map);
      // the Nuxt module stays one file, as it finds its runtime plugin beside itself
      const esm = readFileSync(join(stage, `dist/${entry}.js`), 'utf8');
      const module = /from "\.\/(lib\/[^"]+\.js)"/.exec(esm)?.[1] ?? `${entry}.js`;
      expect(paths).toContain(`dist/${module}`);
      expect(paths).toContain(`dist/${module}.map`);
    }
    // the Nuxt module's runtime plugin, which the app's own build compiles (ESM only, no types)
    expect(paths).toContain('dist/nuxt-plugin.js');
    expect(paths).toContain('LICENSE');
    expect(paths).toContain('README.md');
    expect(paths).toContain('src/core/index.ts');
    expect(paths.filter(p => p.startsWith('test/') || p.startsWith('bench/') || p.startsWith('playground/'))).toEqual([]);
    // files an earlier build left in dist/ were removed by this one
    expect(paths.filter(p => p.includes('removed/') || p.includes('index.old'))).toEqual([]);
    expect(existsSync(join(stage, 'dist/lib/core/removed'))).toBe(false);
    // Source maps reference `src/` instead of embedding it twice (ESM + CJS).
    for (const file of ['dist/lib/core/index.js.map', 'dist/lib/core/store/Store.js.map', 'dist/index.cjs.map']) {
      const map = JSON.parse(readFileSync(join(stage, file), 'utf8'));
      expect(map.sourcesContent, file).toBeUndefined();
      expect(map.sources.every((s: string) => s.includes('src/')), file).toBe(true);
    }
    // Eleven entries, each as CJS + .d.ts + .d.cts with their maps, the ESM modules one file each
    // with its map (maps without `names`), plus src/: 2.64 MB unpacked (2.1 MB when first measured). Embedding sources in
    // the maps instead of shipping src/ once would add about 0.6 MB; shipping tests or the
    // playground, more: the bound sits below either.
    expect(packed.unpackedSize).toBeLessThan(2_800_000);
  });
});

describe('a consumer project typechecks against the installed tarball', () => {
  it('under moduleResolution bundler', async () => {
    const dir = project('bundler', { module: 'ESNext', moduleResolution: 'bundler' }, { 'app.ts': ESM });
    expect(await tsc(dir)).toBe('');
  }, 180_000);

  it('under node16, from an ESM file and from a CommonJS (.cts) file', async () => {
    const cjs = ESM; // in a .cts file these imports compile to require(), resolved through the `require` condition
    const dir = project('node16', { module: 'node16', moduleResolution: 'node16' }, { 'app.mts': ESM, 'app.cts': cjs }, 'commonjs');
    expect(await tsc(dir)).toBe('');
  }, 180_000);

  it('under the strictest options users turn on (exactOptionalPropertyTypes, noUncheckedIndexedAccess, …)', async () => {
    // skipLibCheck is off (as in every project here), so the declarations themselves are checked under them
    const strictest = {
      module: 'ESNext',
      moduleResolution: 'bundler',
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      noPropertyAccessFromIndexSignature: true,
      noImplicitOverride: true,
      noImplicitReturns: true,
      noFallthroughCasesInSwitch: true,
    };
    const extra = `import { RestEndpoint, type RestGenerics } from 'rest-signals';
import { renderDataClient } from 'rest-signals/test/solid';
import { mountDataClient } from 'rest-signals/test/vue';
import { createMockClient } from 'rest-signals/test';
import { mountDevtools } from 'rest-signals/devtools';
class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: HeadersInit): HeadersInit {
    return { ...headers, authorization: 'Bearer token' };
  }
}
export const me = new AuthdEndpoint({ path: '/me', paginationField: undefined });
export const paged = resource({ path: '/paged/:id', schema: Task, paginationField: 'cursor' });
export const testing = [renderDataClient, mountDataClient, createMockClient, mountDevtools];
`;
    const dir = project('strictest', strictest, { 'app.ts': ESM + extra });
    expect(await tsc(dir)).toBe('');
  }, 180_000);

  it('under nodenext, in a "type": "module" package and with a CommonJS file beside it', async () => {
    const dir = project('nodenext', { module: 'nodenext', moduleResolution: 'nodenext' }, { 'app.ts': ESM, 'legacy.cts': ESM }, 'module');
    expect(await tsc(dir)).toBe('');
  }, 180_000);
});
