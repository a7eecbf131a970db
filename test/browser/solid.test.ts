// End-to-end: the solid page of the playground in Chromium (flows shared by all pages).
import { playgroundSuite } from './flows.js';

playgroundSuite('solid');
