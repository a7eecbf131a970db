import { defineConfig } from 'vitest/config';

// The fresh-install matrix (test/fresh/matrix.spec.ts): run by .ci/run after `npm run build`, in a
// step of its own. It installs from the registry, so it is not part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/fresh/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
