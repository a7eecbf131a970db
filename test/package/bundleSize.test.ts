// What a Solid (1 or 2) or Vue app pays for rest-signals: the app imports of issue 18, bundled by
// esbuild for production (NODE_ENV=production, minified, framework external, signals-core and
// path-to-regexp bundled in) from the sources, which the build maps 1:1 to dist/. A size bound,
// not a timing: the figures beside the anchors are in bench/ (case family "bundle").
import { describe, expect, it } from 'vitest';
import { appBundle, APP_IMPORTS } from '../../bench/lib/appBundle.mjs';

const KiB = 1024;
/**
 * The ceilings the app imports must stay under: up front, and with the chunks normal use loads
 * (fetching, an optimistic mutation; not devtools or IndexedDB). Issue 26's goals are 14 KiB and
 * 18 KiB. The Vue app (the larger of the two) is 31.8 KiB (32,609 B) up front and 32.8 KiB (33,580 B)
 * with its chunks: `Union` left to the apps that import it (-90 B) came after shared own-property
 * and response helpers, development-only texts and fewer copies of one search (-130 B), which paid
 * for a first list read that allocates a quarter less (+24 B). The up-front ceiling was 32.75 KiB,
 * lowered to 32.5, 32.45, 32.15, 32.05, 31.95, 31.9 and now 31.85 KiB with those cuts (each cut rounded
 * down to 0.05 KiB); with chunks 32.9, 32.85, now 32.8 KiB. What it holds beyond the goal: the result
 * owners and data-client's manager middleware, the offline gate every default client has (API.md:
 * mutations pause while its `OnlineManager` says offline), optimistic layers replayed only when
 * touched, data-client's deleted-entity values, depth limit, partial query keys, schema-less list
 * members and index tracking, the membership-only list view, the row view's cache-hit path, and the
 * per-entity denormalize cache with list entries that skip unchanged entities. These guards only
 * stop them growing while the goal is worked towards: lower them with every cut, down to 14 and 18
 * KiB. bench/BUNDLE.md attributes both app imports to their modules; the built package gives the
 * same figures within 1 % (test/package/builtPackage.test.ts).
 */
const CEILING = 31.85 * KiB;
const CEILING_WITH_CHUNKS = 32.8 * KiB;

/** Development-only texts (behind `process.env.NODE_ENV !== 'production'` at their call sites). */
const DEVELOPMENT_TEXTS = [
  'option testKey must be a function',
  'needs option pollFrequency',
  'getOptimisticResponse threw',
  'skipped its optimistic update',
  'must be a non-empty array of segments',
  'content-incompatible-with-schema',
  'option intervalMS must be a positive number',
  'has no usable name to key its table',
  'is not a member; use extend',
  'a list literal takes one item schema',
  'a state object from controller.getState()',
  'binary and text replies cannot be normalized',
  'cannot be normalized by the schema',
];
/** What production errors keep instead: a short code beside their subject. */
const PRODUCTION_CODES = ['bad-option testKey', 'bad-option pollFrequency', 'missing-param', 'bad-option intervalMS', 'resource: bad-option path', 'Entity: no-key', 'binary-content', 'incompatible-content'];

/** Modules an app that does not import them must not load up front. */
const OPTIONAL = /src\/(core\/streaming|core\/persistence|devtools|test|graphql)\//;

/**
 * Schema classes an app loads only by importing them itself: the store and `Collection` tell them
 * by a registered brand, not `instanceof`, so the six names do not pull them in; the polymorphic
 * `schema.Array`, `Values`, `All` and `Invalidate` build the shared polymorphic base, not a `Union`.
 * Their behaviour when used is tested in test/schema (a `Query` read, a `Collection` of `Values`, a `Union`).
 */
const IMPORTED_BY_THE_APP = ['src/core/schema/Query.ts', 'src/core/schema/Values.ts', 'src/core/schema/Union.ts'];

/**
 * Modules of features an app loads when it first uses them (an `import()` at their trigger): never
 * up front, each in a lazy chunk of its own feature. Their first use is tested beside the feature
 * (against the loopback server), the race with their chunk included.
 */
const ON_DEMAND = {
  'error-body excerpts': ['src/core/rest/replyExcerpt.ts'],
  'the retry policy': ['src/core/controller/retry.ts'],
};

describe.each(['solid', 'solid2', 'vue'] as const)('the %s app import', app => {
  it.each(Object.entries(ON_DEMAND))('loads %s on demand: not up front, in a lazy chunk', async (_feature, modules) => {
    const bundle = await appBundle(APP_IMPORTS[app], { from: 'src' });
    const upfront = [...bundle.inputs.keys()];
    for (const module of modules) {
      expect(upfront).not.toContain(module);
      expect(bundle.chunks.filter(c => c.inputs.includes(module))).toHaveLength(1);
    }
  }, 60_000);


  it('leaves out the schema classes the app does not import (Query, Values, Union)', async () => {
    const bundle = await appBundle(APP_IMPORTS[app], { from: 'src' });
    const loaded = [...bundle.inputs].filter(([, bytes]) => bytes > 0).map(([file]) => file);
    for (const module of IMPORTED_BY_THE_APP) expect(loaded).not.toContain(module);
  }, 60_000);

  it('stays under the ceilings, min+gzip, up front and with its chunks, and loads no streaming, persistence, devtools, test or GraphQL module up front', async () => {
    const bundle = await appBundle(APP_IMPORTS[app], { from: 'src' });
    const files = [...bundle.inputs.keys()];
    // the bundle really is the library: the client, the adapter and the two bundled dependencies
    expect(files).toContain('src/core/client.ts');
    expect(files).toContain(`src/adapters/${app}/index.ts`);
    expect(files.some(f => f.includes('@preact/signals-core'))).toBe(true);
    expect(files.some(f => f.includes('path-to-regexp'))).toBe(true);
    expect(files.filter(f => OPTIONAL.test(f))).toEqual([]);
    expect(bundle.gzip).toBeLessThanOrEqual(CEILING);
    expect(bundle.withChunks).toBeLessThanOrEqual(CEILING_WITH_CHUNKS);
  }, 60_000);

  it('drops development-only texts under a production define, keeping the short codes', async () => {
    const { text } = await appBundle(APP_IMPORTS[app], { from: 'src' });
    for (const dev of DEVELOPMENT_TEXTS) expect(text).not.toContain(dev);
    for (const code of PRODUCTION_CODES) expect(text).toContain(code);
  }, 60_000);
});

/**
 * Modules of one Solid major that the other major's app must not load. The modules the two entries
 * share use only what both majors have (args, types, useLoading, useCancelling, entityView, coreNames).
 */
const SOLID1_ONLY = /src\/adapters\/solid\/(bridge|context|suspenseResource|storeAccessor|useSuspense|useDLE|useLive|useEntity|useIsRestoring|useDebounce|useFetch|useMembers)\.ts$/;
const SOLID2_ONLY = /src\/adapters\/solid2\//;

it('the Solid 2 app import is no larger than the Solid 1 one, and neither carries the other major\'s adapter or the server-rendering provider', async () => {
  const [one, two] = await Promise.all([appBundle(APP_IMPORTS.solid, { from: 'src' }), appBundle(APP_IMPORTS.solid2, { from: 'src' })]);
  const loaded = (b: typeof one) => [...b.inputs].filter(([, bytes]) => bytes > 0).map(([file]) => file);
  expect(loaded(one).filter(f => SOLID2_ONLY.test(f))).toEqual([]);
  expect(loaded(two).filter(f => SOLID1_ONLY.test(f))).toEqual([]);
  expect(loaded(two).filter(f => /src\/adapters\/solid2\/ssr\/|src\/solid-start\//.test(f))).toEqual([]);
  expect(two.gzip, `Solid 2 ${two.gzip} B, Solid 1 ${one.gzip} B`).toBeLessThanOrEqual(one.gzip);
  expect(two.withChunks).toBeLessThanOrEqual(one.withChunks);
}, 60_000);

it('the Vue app import leaves the store inspector to the devtools chunk its plugin loads with devtools: true', async () => {
  const bundle = await appBundle(APP_IMPORTS.vue, { from: 'src' });
  const upfront = [...bundle.inputs.keys()];
  expect(upfront).not.toContain('src/core/controller/inspectStore.ts');
  expect(upfront).not.toContain('src/core/controller/storeInspector.ts');
  expect(bundle.chunks.find(c => c.inputs.includes('src/core/controller/storeInspector.ts'))?.entry).toBe('src/devtools/index.ts');
}, 60_000);
