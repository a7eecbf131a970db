// docs/guide/solid-start.md, built from nothing and driven in Chromium (test/fresh/docs/ssrPage.ts);
// SolidStart 2 needs Node 24.
import { describeSsrPage } from './ssrPage.js';

describeSsrPage({ name: 'SolidStart', page: 'guide/solid-start.md', node: 24 });
