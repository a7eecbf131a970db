// `rest-signals/solid2` and `rest-signals/solid2/ssr` as the specs and the SSR render load them: the sources.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// a string, not a URL object: in a jsdom spec the global URL is jsdom's, which fileURLToPath refuses
const here = dirname(fileURLToPath(import.meta.url));

export const alias = [
  { find: /^rest-signals\/solid2$/, replacement: resolve(here, '../../src/adapters/solid2/index.ts') },
  { find: /^rest-signals\/solid2\/ssr$/, replacement: resolve(here, '../../src/adapters/solid2/ssr/index.ts') },
];
