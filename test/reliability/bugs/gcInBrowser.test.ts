// @vitest-environment jsdom
// Bug 6 in a browser: the GC interval is a real timer, counted by stats().timers until destroy().
import { expect, it } from 'vitest';
import { createDataClient, GCPolicy } from '../../../src/core/index.js';

it('the GC interval counts as one timer while the client lives', () => {
  const client = createDataClient({ gcPolicy: new GCPolicy({ intervalMS: 60_000 }) });
  expect(client.stats().timers).toBe(1);
  client.destroy();
  expect(client.stats().timers).toBe(0);
});
