// A production build carries no development text. esbuild bundles an app that imports every
// entry an app may import (the core, `/solid`, `/vue`, `/devtools`, `/normalizr`), with the production define
// and minified, as Vite / Rollup / esbuild builds do, and the output (every chunk, the lazily
// loaded ones too) must hold none of the development-only messages: not a diagnostic code of
// docs/warnings.md, not the long text of an error whose production form is a short code. A
// message guarded any other way than the bare `process.env.NODE_ENV !== 'production'` (a helper,
// a `typeof process` test) is not folded by the bundler and fails this test.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { WARNINGS } from '../../src/core/dev/warn.js';
import { FRAMEWORKS } from '../../bench/lib/appBundle.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SOURCES: Record<string, string> = {
  'rest-signals': 'src/core/index.ts',
  'rest-signals/solid': 'src/adapters/solid/index.ts',
  'rest-signals/vue': 'src/adapters/vue/index.ts',
  'rest-signals/devtools': 'src/devtools/index.ts',
  'rest-signals/normalizr': 'src/normalizr/index.ts',
};
/** Every export of every entry, kept by exporting the namespaces. */
const APP = Object.keys(SOURCES).map((entry, i) => `import * as e${i} from '${entry}'; export { e${i} };`).join('\n');

/** Development-only messages built by helpers (their call sites pass them only in development). */
const HELPER_TEXTS = [
  "the default pk() reads the 'id' field", // missingPkMessage
  'cannot invalidate: reply has no usable primary key; got', // invalidateMissingPkMessage
  'declare the schema as a list, or set static automaticValidation', // entityGivenArrayMessage
  'got text that looks like an HTML page', // unexpectedInputMessage
  'No schema is declared for type', // unknownSchemaAttributeMessage
  'cannot tell which member to build', // unresolvedUnionMessage
  'the value is kept as it came', // unlistedUnionTypeMessage (and unknownSchemaAttributeMessage)
  'indexes must name top-level fields', // indexNotFoundMessage
  'nested entities beyond this depth', // the entity depth limit
  'keeping the state in memory from now on', // persist
  'the stream goes on', // StreamManager
  'could not be shared with other tabs', // TabSyncManager
  'installed on a server without a client', // the Vue plugin
  'needs the optional peer', // the Vue plugin's devtools
  'This Entity class has no usable name', // NAMELESS_ENTITY_MESSAGE
];
/** What production errors keep instead: a short code beside their subject. */
const PRODUCTION_CODES = [
  'bad-option testKey',
  'bad-option pollFrequency',
  'missing-param',
  'bad-param',
  'bad-option intervalMS',
  'not-a-controller',
  'no-provider',
  'bad-option managers',
  'resource: bad-option path',
  'resource.extend: no-member',
  'Entity: no-key',
  'Query: bad-argument',
  'Invalidate: bad-argument',
  'Collection: bad-option nonFilterArgumentKeys',
  'Union: bad-option schemaAttribute',
  'bad-list-schema',
  'no-collection',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The literal text of every `process.env.NODE_ENV !== 'production' ? '…' : …` development branch
 * in src/, cut at its `${…}` parts; pieces of 16 characters or more are distinctive enough.
 */
function developmentBranchTexts(): string[] {
  const out = new Set<string>();
  const branch = /process\.env\.NODE_ENV !== 'production'\s*\?\s*(?:'((?:\\.|[^'\\])*)'|`((?:\\.|[^`\\])*)`)/g;
  for (const file of sources(`${root}src`)) {
    for (const m of readFileSync(file, 'utf8').matchAll(branch)) {
      for (const piece of (m[1] ?? m[2]!).split(/\$\{[^}]*\}/)) if (piece.trim().length >= 16) out.add(piece);
    }
  }
  return [...out];
}

let text: string;
beforeAll(async () => {
  const result = await esbuild.build({
    stdin: { contents: APP, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: '/virtual-out',
    write: false,
    logLevel: 'silent',
    external: [...FRAMEWORKS],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'rest-signals',
        setup(build) {
          build.onResolve({ filter: /^rest-signals(\/|$)/ }, args => ({ path: `${root}${SOURCES[args.path]}` }));
        },
      },
    ],
  });
  text = result.outputFiles!.map(f => f.text).join('\n');
}, 120_000);

describe('a production build of an app importing every entry', () => {
  it('is the library, with its production error codes', () => {
    expect(text.length).toBeGreaterThan(50_000);
    for (const code of PRODUCTION_CODES) expect(text, code).toContain(code);
  });

  it('holds no diagnostic of the catalogue', () => {
    const found = Object.keys(WARNINGS).filter(code => text.includes(code));
    expect(found).toEqual([]);
  });

  it('holds no development text of an error or a warning', () => {
    const branches = developmentBranchTexts();
    expect(branches.length).toBeGreaterThan(20);
    const found = [...branches, ...HELPER_TEXTS].filter(t => text.includes(t));
    expect(found).toEqual([]);
  });

  it('refers to no `process` but the folded flag (nothing left to throw where `process` does not exist)', () => {
    expect(text).not.toMatch(/\bprocess\.env\b/);
    expect(text).not.toMatch(/typeof process/);
  });
});
