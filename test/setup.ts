// Global test setup: a test that prints a `console.warn` or `console.error` it did not assert fails,
// whoever printed it (rest-signals, Vue, Solid, jsdom, a stray handler). A test that expects output
// asserts it through `vi.mocked(console.warn)` (or its own spy) and then clears it with `mockClear()`.
// The spies are made again before each test, since a test's `vi.restoreAllMocks()` removes them.
import { afterEach, beforeEach, expect, vi } from 'vitest';

const LEVELS = ['warn', 'error'] as const;

beforeEach(() => {
  for (const level of LEVELS) vi.spyOn(console, level);
});

afterEach(() => {
  const printed: string[] = [];
  for (const level of LEVELS) {
    const spy = vi.isMockFunction(console[level]) ? vi.mocked(console[level]) : undefined;
    if (spy === undefined) continue;
    for (const args of spy.mock.calls) printed.push(`console.${level}: ${args.map(a => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' ')}`);
    spy.mockClear();
  }
  expect(printed, 'unexpected console.warn / console.error output: assert it, then vi.mocked(console.warn).mockClear()').toEqual([]);
});

// Vue prints a notice (console.info) the first time each app renders <Suspense>; the adapter's
// tests render it on purpose, so the notice is noise. Every other info line passes through.
const info = console.info.bind(console);
console.info = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('<Suspense> is an experimental feature')) return;
  info(...args);
};

// Node runs the tests with the 'browser' condition: point `require('ws')` at ws's Node build
// (the playground server's WebSocket plugin needs it).
import './streaming/nodeWs.js';
