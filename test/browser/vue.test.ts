// End-to-end: the vue page of the playground in Chromium (flows shared by all pages).
import { playgroundSuite } from './flows.js';

playgroundSuite('vue');
