// The `rest-signals/vue` entry: its export list is explicit and pinned, and the adapter reaches
// the core only through `../../core/index.js` (the build maps it to the `rest-signals` package).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as vueEntry from '../../../src/adapters/vue/index.js';

const dir = fileURLToPath(new URL('../../../src/adapters/vue/', import.meta.url));

describe('rest-signals/vue entry', () => {
  it('exports exactly the documented runtime names', () => {
    expect(Object.keys(vueEntry).sort()).toEqual(
      [
        'DataClientPlugin',
        'hookifyResource',
        'useCache',
        'useCancelling',
        'useController',
        'useDLE',
        'useFetch',
        'useDataClient',
        'useDebounce',
        'useLive',
        'useLoading',
        'useIsRestoring',
        'useQuery',
        'useSubscription',
        'useSuspense',
        'useMembers',
        'useEntity',
        // the core names data-client's framework packages re-export
        'Controller',
        'ExpiryStatus',
        'actionTypes',
        'NetworkManager',
        'SubscriptionManager',
        'PollingSubscription',
        'LogoutManager',
        'getDefaultManagers',
      ].sort(),
    );
  });

  it("re-exports the core's own objects, as data-client's framework packages do", async () => {
    const core = await import('../../../src/core/index.js');
    for (const name of ['Controller', 'ExpiryStatus', 'actionTypes', 'NetworkManager', 'SubscriptionManager', 'PollingSubscription', 'LogoutManager', 'getDefaultManagers'] as const) {
      expect(vueEntry[name], name).toBe(core[name]);
    }
  });

  it('imports only vue, @preact/signals-core, its own files, the core entry and the development warn()', () => {
    const files = readdirSync(dir).filter(f => f.endsWith('.ts'));
    expect(files.some(f => f.endsWith('.vue'))).toBe(false);
    for (const file of files) {
      const source = readFileSync(dir + file, 'utf8');
      for (const [, spec] of source.matchAll(/from '([^']+)'/g)) {
        // and the one development warn(): a module without imports, called only behind the
        // production flag, so a production bundle drops it (test/package/productionBundle.test.ts)
        const allowed =
          spec === 'vue' || spec === '@preact/signals-core' || spec === '../../core/index.js' || spec === '../../core/dev/warn.js' || /^\.\/[\w.]+\.js$/.test(spec!);
        expect(allowed, `${file} imports ${spec}`).toBe(true);
      }
    }
  });

  it('the core entry never reaches vue: its import graph stays inside src/core and plain dependencies', () => {
    const start = fileURLToPath(new URL('../../../src/core/index.ts', import.meta.url));
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        if (spec!.startsWith('.')) visit(resolve(dirname(file), spec!.replace(/\.js$/, '.ts')));
        else packages.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
      }
    };
    visit(start);
    expect(seen.size).toBeGreaterThan(10);
    expect([...seen].every(f => f.includes('/src/core/'))).toBe(true);
    expect([...packages].filter(p => p === 'vue' || p.startsWith('@vue/'))).toEqual([]);
  });

  it('every exported function carries a doc comment with an @example', () => {
    const files = readdirSync(dir).filter(f => f.endsWith('.ts') && f !== 'index.ts');
    for (const file of files) {
      const source = readFileSync(dir + file, 'utf8');
      const seen = new Set<string>();
      for (const match of source.matchAll(/\n((?:\/\*\*[\s\S]*?\*\/\n)?)export (?:async )?(?:function|const) (\w+)/g)) {
        const [, doc, name] = match;
        // The doc of an overloaded function sits on its first signature.
        if (!Object.prototype.hasOwnProperty.call(vueEntry, name!) || seen.has(name!)) continue;
        seen.add(name!);
        expect(doc, `${name} in ${file}`).toMatch(/@example/);
      }
    }
  });
});
