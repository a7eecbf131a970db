// One vocabulary: the words both adapters share (what an endpoint is, what a view holds, what a
// read of a store signal gives) are defined once, in the core, and the adapters import them.
// An adapter that grows its own copy drifts from the core silently, so these tests read the
// adapter sources and fail on a redefinition or on a cast that papers over a mismatch.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { signal, computed } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/core/index.js';
import * as solidBridge from '../../src/adapters/solid/bridge.js';
import * as vueBridge from '../../src/adapters/vue/bridge.js';

const root = new URL('../../', import.meta.url).pathname;

/** The names the core defines for every adapter. */
const VOCABULARY = [
  'DataOf',
  'EndpointLike',
  'StoreSignals',
  'Outcome',
  'ReadableSignal',
  'QueryResult',
  'DataClient',
  'DataClientOptions',
  'readOutcome',
  'FetchPromise',
  'trackFetch',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Source files outside the core that build on it: both adapters, the test utilities and devtools. */
const consumers = ['src/adapters', 'src/test', 'src/devtools'].flatMap(dir => sources(join(root, dir)));

/**
 * Names declared by `type X =`, `interface X {`, `function X(`, `class X`, `const X =` (exported
 * or not); `type X,` inside an import or export list is a use, not a declaration.
 */
function declaredNames(code: string): string[] {
  const declaration = /^\s*(?:export\s+)?(?:declare\s+)?(?:type|interface|function|class|const|let)\s+(\w+)\s*(?:[=<{(:]|extends\b|implements\b)/gm;
  return [...code.matchAll(declaration)].map(m => m[1]!);
}

describe('one vocabulary', () => {
  it('the core entry exports every shared name that exists at run time', () => {
    expect(typeof core.readOutcome).toBe('function');
    expect(typeof core.trackFetch).toBe('function');
  });

  it('no adapter or test utility declares a name of the core vocabulary', () => {
    expect(consumers.length).toBeGreaterThan(20);
    const redefined = consumers.flatMap(file =>
      declaredNames(readFileSync(file, 'utf8'))
        .filter(name => VOCABULARY.includes(name))
        .map(name => `${relative(root, file)}: ${name}`),
    );
    expect(redefined).toEqual([]);
  });

  it('the adapters use the core vocabulary (they import it from the core entry)', () => {
    for (const file of ['src/adapters/solid/types.ts', 'src/adapters/vue/types.ts']) {
      const code = readFileSync(join(root, file), 'utf8');
      const imported = code.match(/import type \{([^}]*)\} from '\.\.\/\.\.\/core\/index\.js'/)?.[1] ?? '';
      for (const name of ['DataOf', 'EndpointLike', 'StoreSignals']) expect(imported, `${file} imports ${name}`).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it('no `as unknown as` casts a value to a type the adapter or test utility takes from the core', () => {
    const offending = consumers.flatMap(file => {
      const code = readFileSync(file, 'utf8');
      const fromCore = new Set(
        [...code.matchAll(/import (?:type )?\{([^}]*)\} from '(?:\.\.\/)+core\/index\.js'/g)].flatMap(m =>
          m[1]!.split(',').map(s => s.replace(/^\s*type\s+/, '').split(/\s+as\s+/).pop()!.trim()).filter(Boolean),
        ),
      );
      for (const name of VOCABULARY) fromCore.add(name);
      return [...code.matchAll(/as unknown as ([\w.]+)/g)]
        .filter(m => fromCore.has(m[1]!.split(/[.<]/)[0]!))
        .map(m => `${relative(root, file)}: ${m[0]}`);
    });
    expect(offending).toEqual([]);
  });

  it('the adapters read store signals with the core readOutcome itself', () => {
    expect(solidBridge.readOutcome).toBe(core.readOutcome);
    expect(vueBridge.readOutcome).toBe(core.readOutcome);
  });
});

describe('readOutcome', () => {
  it('gives the value of a signal that reads', () => {
    expect(core.readOutcome(signal(3))).toEqual({ status: 'value', value: 3 });
  });

  it('gives pending with the promise a suspense-style signal throws', () => {
    const promise = new Promise<void>(() => {});
    const view = computed(() => {
      throw promise;
    });
    const outcome = core.readOutcome(view);
    expect(outcome.status).toBe('pending');
    expect(outcome.status === 'pending' && outcome.promise).toBe(promise);
  });

  it('gives error with whatever else the signal throws, and never throws itself', () => {
    const failure = new core.NetworkError(new Response(null, { status: 500 }), 'GET');
    const view = computed((): number => {
      throw failure;
    });
    expect(core.readOutcome(view)).toEqual({ status: 'error', error: failure });
    const odd = computed((): number => {
      throw 'text';
    });
    expect(core.readOutcome(odd)).toEqual({ status: 'error', error: 'text' });
  });
});
