// End-to-end: the devtools panel on the solid page of the playground in Chromium.
import { devtoolsSuite } from './devtools.js';

devtoolsSuite('solid');
