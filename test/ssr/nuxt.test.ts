// rest-signals/nuxt in a real Nuxt 4 app: examples/nuxt built from the packed package, its production
// server, Chromium. Needs Node >= 22.19 (Nuxt 4.5); `.ci/run` runs it under Node 24.
import { describeSsrApp } from './ssrSuite.js';

describeSsrApp('Nuxt 4', 'examples/nuxt', { inPlaceWithoutJs: true });
