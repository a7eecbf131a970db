// End-to-end: the devtools panel on the vanilla page of the playground in Chromium.
import { devtoolsSuite } from './devtools.js';

devtoolsSuite('vanilla');
