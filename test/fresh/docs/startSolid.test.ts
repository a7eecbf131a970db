// docs/guide/start-solid.md, built from nothing and driven in Chromium (test/fresh/docs/vitePage.ts).
import { describeVitePage } from './vitePage.js';

describeVitePage('Solid + Vite', 'guide/start-solid.md');
