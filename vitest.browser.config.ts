import { defineConfig } from 'vitest/config';

// End-to-end tests: build the playground, start its server, drive Debian's Chromium through
// playwright-core. Kept apart from `npm test` because they need /usr/bin/chromium.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
