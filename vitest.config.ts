import { defineConfig } from 'vitest/config';
import solid from 'vite-plugin-solid';
import vue from '@vitejs/plugin-vue';

// One config serves every suite. Solid and Vue components are compiled by their plugins;
// a test file picks its DOM with a `// @vitest-environment jsdom` docblock (default: node).
export default defineConfig({
  plugins: [solid({ include: ['src/adapters/solid/**', 'test/adapters/solid/**', 'playground/solid/**', 'test/testing/solid/**', 'test/playground/components/solid/**'] }), vue()],
  resolve: { conditions: ['development', 'browser'] },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/browser/**', 'test/ssr/**', 'test/fresh/**', 'test/solid2/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    setupFiles: ['test/setup.ts'],
  },
});
