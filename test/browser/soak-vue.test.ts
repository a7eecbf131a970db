// The seeded random-action soak of the vue playground page in Chromium (SOAK_MS, SOAK_SEED).
import { soakSuite } from './soak.js';

soakSuite('vue');
