import { defineConfig } from 'vitest/config';

// The framework examples (`examples/nuxt`, `examples/solid-start`): each test builds its app from
// the packed package, starts its production server and drives Debian's Chromium. They need Node 24
// (SolidStart 2; Nuxt 4.5 needs 22.19), so `.ci/run` runs them under the Node 24 it installs.
export default defineConfig({
  test: {
    include: ['test/ssr/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 900_000,
    fileParallelism: false,
  },
});
