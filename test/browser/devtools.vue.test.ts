// End-to-end: the devtools panel on the vue page of the playground in Chromium.
import { devtoolsSuite } from './devtools.js';

devtoolsSuite('vue');
