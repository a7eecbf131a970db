// data-client 0.18.1 as an app would bundle it, from its own sources: the npm registry here serves only
// old `@data-client` releases, so the anchor is built from commit bf7b1c2 of github:reactive/data-client
// (its 0.18.1 release) with each `@data-client/*` import aliased to `packages/<name>/src`, as issue 26
// measures it. The repository is a git directory (the tool library's `fetch` makes one); its packages
// are extracted once into the system's temporary folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** data-client 0.18.1. */
export const DATA_CLIENT_COMMIT = 'bf7b1c2';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** `DATA_CLIENT_GIT`, or the mirror beside the project (`../.mirror/reactive+data-client/repo`). */
function gitDir() {
  return process.env.DATA_CLIENT_GIT ?? join(root, '..', '.mirror', 'reactive+data-client', 'repo');
}

/**
 * The folder holding data-client's `packages/` at 0.18.1. Throws, saying what to set, when no
 * repository is at hand (the bench then reports the anchor as n/a).
 */
export function dataClientPackages() {
  const dir = join(tmpdir(), `rest-signals-bench-data-client-${DATA_CLIENT_COMMIT}`);
  if (existsSync(join(dir, 'packages', 'rest', 'src', 'index.ts'))) return join(dir, 'packages');
  const git = gitDir();
  if (!existsSync(git)) throw new Error(`no data-client repository at ${git} (set DATA_CLIENT_GIT to a clone of github:reactive/data-client)`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['-C', git, 'archive', DATA_CLIENT_COMMIT, 'packages'], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return join(dir, 'packages');
}

/** An esbuild plugin resolving `@data-client/<name>` to `packages/<name>/src/index.ts`. */
export function dataClientAliases(packages = dataClientPackages()) {
  return {
    name: 'data-client-sources',
    setup(build) {
      build.onResolve({ filter: /^@data-client\/[^/]+$/ }, args => {
        const entry = join(packages, args.path.slice('@data-client/'.length), 'src', 'index.ts');
        return existsSync(entry) ? { path: entry } : undefined;
      });
    },
  };
}

/** The app imports of data-client 0.18.1 matching `APP_IMPORTS` (React stands in for Solid: data-client has no Solid package). */
export const DATA_CLIENT_APPS = {
  react: {
    contents: "export { resource, Entity } from '@data-client/rest'; export { DataProvider, useSuspense, useDLE, useController } from '@data-client/react';",
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-native', '@react-navigation/native'],
  },
  vue: {
    contents: "export { resource, Entity } from '@data-client/rest'; export { DataClientPlugin, useSuspense, useDLE, useController } from '@data-client/vue';",
    external: ['vue', '@vue/*'],
  },
};
