// The faults of the matrix. Each runs one operation under its fault and asserts what the caller
// got and what the store holds; the matrix test adds the checks every cell shares (views, layers,
// requests in flight, timers).
import { getEventListeners } from 'node:events';
import { expect } from 'vitest';
import { NetworkError, ParseError, SchemaError } from '../../src/core/index.js';
import type { Cell } from './harness.js';
import type { Operation } from './operations.js';
import { offlineThenOnline } from './offlineFault.js';

export interface Fault {
  readonly name: string;
  /** Short column title for the printed table. */
  readonly column: string;
  run(cell: Cell, op: Operation): Promise<void>;
}

/** Runs `op`, expecting a rejection; returns the error. */
async function rejection(p: Promise<unknown>): Promise<Error> {
  const outcome = await p.then(
    value => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected the request to fail, it resolved to ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(Error);
  return outcome.error as Error;
}

/** The store holds exactly what it held before the request; for a GET the error is on record. */
function expectRolledBack(cell: Cell, op: Operation, error: Error | undefined): void {
  expect(cell.committed()).toEqual(cell.before);
  if (op.method === 'GET') {
    // a 5xx is 'soft' by default: the last good data stays on screen and no error is shown
    const shown = (error as { status?: number } | undefined)?.status! >= 500 ? undefined : error;
    expect(cell.client.controller.getError(cell.R.get, { id: 1 })).toBe(shown);
    expect(cell.one.value.error).toBe(shown);
    // the last good data is still shown beside the error
    expect(cell.one.value.data).toMatchObject({ id: 1, name: 'Ann' });
  }
}

function statusFault(code: number, column: string): Fault {
  return {
    name: `${code} reply`,
    column,
    async run(cell, op) {
      cell.server.next.status(code, { error: `status ${code}` });
      const error = await rejection(op.run(cell));
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).status).toBe(code);
      expect(error.message).toContain(`${op.method} ${cell.server.url}${op.path}`);
      expect(error.message).toContain(String(code));
      expectRolledBack(cell, op, error);
    },
  };
}

export const faults: readonly Fault[] = [
  {
    name: 'slow reply',
    column: 'slow',
    async run(cell, op) {
      cell.server.next.delay(150);
      const p = op.run(cell);
      if (op.method === 'GET') {
        await new Promise(r => setTimeout(r, 20));
        expect(cell.one.value.loading).toBe(true);
      }
      op.expectSuccess(cell, await p);
    },
  },
  statusFault(422, '4xx'),
  statusFault(500, '5xx'),
  statusFault(401, '401'),
  {
    name: 'malformed JSON',
    column: 'bad JSON',
    async run(cell, op) {
      cell.server.next.malformed();
      const error = await rejection(op.run(cell));
      expect(error).toBeInstanceOf(ParseError);
      expect(error.message).toContain(`${op.method} ${cell.server.url}${op.path}`);
      expect(error.message).toMatch(/malformed JSON/);
      expectRolledBack(cell, op, error);
    },
  },
  {
    name: 'reply not fitting the schema',
    column: 'schema',
    async run(cell, op) {
      cell.server.next.status(200, { name: 'no id' });
      const error = await rejection(op.run(cell));
      expect(SchemaError.is(error)).toBe(true);
      expect(error.message).toContain('User');
      expect(error.message).toContain('"no id"');
      expectRolledBack(cell, op, error);
    },
  },
  {
    name: 'empty body (204)',
    column: 'empty',
    async run(cell, op) {
      cell.server.next.noContent();
      op.expectEmpty(
        cell,
        await op.run(cell).then(
          value => ({ value }),
          (error: Error) => ({ error }),
        ),
      );
    },
  },
  {
    name: 'connection reset mid-body',
    column: 'reset',
    async run(cell, op) {
      cell.server.next.reset();
      const error = await rejection(op.run(cell));
      expect(error).toBeInstanceOf(ParseError);
      expect(error.message).toContain(`${op.method} ${cell.server.url}${op.path}`);
      expect(error.message).toMatch(/reading the body failed/);
      expectRolledBack(cell, op, error);
    },
  },
  {
    name: 'abort',
    column: 'abort',
    async run(cell, op) {
      const ac = new AbortController();
      const hold = cell.server.next.hold();
      const p = op.run(cell, ac.signal);
      await hold.arrived;
      ac.abort();
      const error = await rejection(p);
      await hold();
      expect(error.name).toBe('AbortError');
      // an abort writes nothing, not even an error
      expect(cell.committed()).toEqual(cell.before);
      if (op.method === 'GET') expect(cell.client.controller.getError(cell.R.get, { id: 1 })).toBeUndefined();
      expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
    },
  },
  {
    name: 'timeout (AbortSignal.timeout)',
    column: 'timeout',
    async run(cell, op) {
      const hold = cell.server.next.hold();
      const signal = AbortSignal.timeout(40);
      const error = await rejection(op.run(cell, signal));
      await hold.arrived;
      await hold();
      expect(error.name).toBe('TimeoutError');
      // no data changes; a GET records the timeout so a view can show it
      expectRolledBack(cell, op, error);
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    },
  },
  {
    name: 'replies out of order',
    column: 'order',
    run: (cell, op) => op.outOfOrder(cell),
  },
  offlineThenOnline,
];
