// rest-signals/solid-start in a real SolidStart 2 app with streaming SSR: examples/solid-start built
// from the packed package, its production server, Chromium. Needs Node >= 24 (SolidStart 2); `.ci/run`
// runs it under Node 24.
import { basename } from 'node:path';
import { describeSsrApp } from './ssrSuite.js';

describeSsrApp('SolidStart 2', 'examples/solid-start', {
  inPlaceWithoutJs: false,
  vueDevtools: false,
  readme: {
    heading: '### SolidStart 2',
    place: file => `src/readme-check/${basename(file)}`,
    typecheck: [['tsc', '--noEmit', '-p', 'tsconfig.json']],
  },
});
