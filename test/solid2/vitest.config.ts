import { defineConfig } from 'vitest/config';
import solid from '@solidjs/vite-plugin';
import { fileURLToPath } from 'node:url';
import { alias } from './aliases.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const setup = fileURLToPath(new URL('./setup.ts', import.meta.url));

// The Solid 2 adapter's suite, compiled by Solid 2's compiler against this folder's solid-js 2 and
// @solidjs/web (the plugin dedupes both to this root, so the adapter's sources under src/ get them
// too; the root keeps solid-js 1.9 for the Solid 1 adapter). Two projects: DOM specs in jsdom, and the
// browser half of server rendering (`*.hydrate.test.tsx`, whose server half is loaded through Vite's
// SSR module loader), and `*.node.test.ts` without a DOM. The SSR provider imports the adapter by the package's name (so a built app has
// one provider context); here both names are the sources, the modules every spec imports.

export default defineConfig({
  server: { fs: { allow: [fileURLToPath(new URL('../..', import.meta.url))] } },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        root: here,
        resolve: { alias },
        plugins: [solid()],
        test: { name: 'dom', environment: 'jsdom', include: ['**/*.test.tsx'], exclude: ['**/*.ssr.test.tsx', '**/*.hydrate.test.tsx', 'node_modules/**'], setupFiles: [setup] },
      },
      {
        // hydratable client output (the browser half of server rendering), in jsdom; without the
        // HMR wrappers, which add owners the server render does not have
        root: here,
        resolve: { alias },
        plugins: [solid({ ssr: true, refresh: false, solid: { hydratable: true } })],
        test: { name: 'hydrate', environment: 'jsdom', include: ['**/*.hydrate.test.tsx'], setupFiles: [setup], env: { SOLID2_TESTS: here } },
      },
      {
        // no DOM, nothing compiled by Solid: the guides' Solid 2 blocks, checked with the TypeScript API
        root: here,
        test: { name: 'node', environment: 'node', include: ['**/*.node.test.ts'], setupFiles: [setup] },
      },
    ],
  },
});
