// Global test setup: a test that triggers a library warning it did not expect fails.
import { afterEach, expect, vi } from 'vitest';

const warnSpy = vi.spyOn(console, 'warn');
afterEach(() => {
  const calls = warnSpy.mock.calls.filter(c => String(c[0]).startsWith('[rest-signals]'));
  warnSpy.mockClear();
  expect(calls, 'unexpected [rest-signals] warnings: assert them, then vi.mocked(console.warn).mockClear()').toEqual([]);
});

// Node runs the tests with the 'browser' condition: point `require('ws')` at ws's Node build
// (the playground server's WebSocket plugin needs it).
import './streaming/nodeWs.js';
