import { defineConfig } from 'vitest/config';

// Release checks that need the built package (dist/): run by .ci/run after `npm run build`, apart
// from `npm test` (whose builtPackage test rewrites dist/ while it runs).
export default defineConfig({
  test: {
    include: ['test/release/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
