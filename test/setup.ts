// Global test setup: a test that triggers a library warning it did not expect fails.
import { afterEach, expect, vi } from 'vitest';

const warnSpy = vi.spyOn(console, 'warn');
afterEach(() => {
  const calls = warnSpy.mock.calls.filter(c => String(c[0]).startsWith('[rest-signals]'));
  warnSpy.mockClear();
  expect(calls, 'unexpected [rest-signals] warnings: assert them, then vi.mocked(console.warn).mockClear()').toEqual([]);
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
