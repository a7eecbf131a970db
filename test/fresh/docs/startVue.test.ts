// docs/guide/start-vue.md, built from nothing and driven in Chromium (test/fresh/docs/vitePage.ts).
import { describeVitePage } from './vitePage.js';

describeVitePage('Vue + Vite', 'guide/start-vue.md');
