// End-to-end: the vanilla page of the playground in Chromium (flows shared by all pages).
import { playgroundSuite } from './flows.js';

playgroundSuite('vanilla');
