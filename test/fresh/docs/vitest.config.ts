import { defineConfig } from 'vitest/config';

// The docs-to-app tests: each getting-started page built into a fresh project from the registry
// (no lockfile) and the packed tarball, then type-checked, built and driven in Chromium. Network and
// minutes: kept out of `npm test`, run by the fresh-install step of `.ci/run`. One page at a time:
// side by side (3 workers) took longer here (7.7 min against 6.7), the installs and builds contending.
export default defineConfig({
  test: {
    include: ['test/fresh/docs/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 900_000,
    globalSetup: ['test/fresh/docs/globalSetup.ts'],
    fileParallelism: false,
  },
});
