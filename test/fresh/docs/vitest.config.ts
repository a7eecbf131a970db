import { defineConfig } from 'vitest/config';

// The docs-to-app tests (test/fresh/docs/pages.test.ts): each getting-started page built into a
// fresh project from the registry (no lockfile) and the packed tarball, then type-checked, built and
// driven in Chromium. Network and minutes: kept out of `npm test`, run by the "docs to app" step of
// `.ci/run` after the fresh-install matrix (whose Node 22 and 24 it uses, and whose downloads are in
// npm's cache by then).
export default defineConfig({
  test: {
    include: ['test/fresh/docs/pages.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 900_000,
    globalSetup: ['test/fresh/docs/globalSetup.ts'],
  },
});
