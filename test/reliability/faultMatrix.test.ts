// The fault matrix: every request kind, with and without optimistic updates, under every fault the
// loopback server can inject. Each cell is its own test; the table of outcomes is printed at the end
// (and kept in README.md).
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { faults } from './faults.js';
import { openCell, settle, type Cell } from './harness.js';
import { MatrixTable } from './matrixTable.js';
import { operations } from './operations.js';
import { trackTimers, type TimerTracker } from './timerTracker.js';

const rows = operations.flatMap(op => [op.name, `${op.name} (optimistic)`]);
const table = new MatrixTable(rows, faults.map(f => f.column));

afterAll(() => {
  console.log(`\nFault matrix (${rows.length} x ${faults.length} cells, ${table.failures} failing)\n${table.render()}\n`);
});

describe.each(operations.flatMap(op => [false, true].map(optimistic => ({ op, optimistic }))))(
  '$op.name, optimistic: $optimistic',
  ({ op, optimistic }) => {
    let cell: Cell;
    let timers: TimerTracker;
    beforeEach(async () => {
      cell = await openCell(optimistic);
      timers = trackTimers();
    });
    afterEach(async () => {
      timers.restore();
      await cell.close();
    });

    it.each(faults)('$name', async fault => {
      const row = optimistic ? `${op.name} (optimistic)` : op.name;
      table.set(row, fault.column, 'FAIL');
      await fault.run(cell, op);
      await settle(5);
      // no view is left loading, no layer, request or library timer is left behind
      expect(cell.one.value.loading).toBe(false);
      expect(cell.list.value.loading).toBe(false);
      expect(cell.layers()).toBe(0);
      const stats = cell.client.stats();
      expect(stats.inflight).toBe(0);
      expect(stats.subscriptions).toBe(0);
      expect(stats.timers).toBe(0);
      expect(timers.pending()).toEqual([]);
      table.set(row, fault.column, 'pass');
    });
  },
);
