// rest-signals/nuxt in a real Nuxt 4 app: examples/nuxt built from the packed package, its production
// server, Chromium. Needs Node >= 22.19 (Nuxt 4.5); `.ci/run` runs it under Node 22.
import { basename } from 'node:path';
import { describeSsrApp } from './ssrSuite.js';

describeSsrApp('Nuxt 4', 'examples/nuxt', {
  inPlaceWithoutJs: true,
  vueDevtools: true,
  readme: {
    heading: '### Nuxt 4',
    // `.nuxt/tsconfig.node.json` checks every `nuxt.config.*`; the app's tsconfig everything under app/
    place: file => (file === 'nuxt.config.ts' ? 'nuxt.config.readme.ts' : `app/readme-check/${basename(file)}`),
    typecheck: [
      ['vue-tsc', '--noEmit', '-p', '.nuxt/tsconfig.app.json'],
      ['vue-tsc', '--noEmit', '-p', '.nuxt/tsconfig.node.json'],
    ],
  },
});
