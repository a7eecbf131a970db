// A 200 reply that is not the JSON the schema describes: an HTML page (a proxy's login page, a dev
// server's index.html for an unknown API route), JSON sent as text/plain, a bare number. Each
// rejects with a SchemaError naming the entity and showing the body; the store does not change
// and an optimistic update rolls back. It never resolves as if nothing were wrong.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SchemaError } from '../../src/core/index.js';
import { reply } from '../server/createTestServer.js';
import { openCell, type Cell } from './harness.js';

const HTML = '<!doctype html><html><body>Please log in</body></html>';
const bodies: [string, () => ReturnType<typeof reply>, RegExp][] = [
  ['an HTML page', () => reply(200, HTML, { 'content-type': 'text/html' }), /HTML page/],
  ['JSON sent as text/plain', () => reply(200, '{"id":1,"name":"Ann"}', { 'content-type': 'text/plain' }), /content-type was not JSON/],
  ['a bare number', () => reply(200, '42', { 'content-type': 'application/json' }), /got a number/],
];

let cell: Cell;
afterEach(() => cell.close());

describe.each([false, true])('non-JSON 200 replies (optimistic: %s)', optimistic => {
  beforeEach(async () => {
    cell = await openCell(optimistic);
  });

  for (const [what, body, problem] of bodies) {
    it(`${what} to get, partialUpdate and getList`, async () => {
      for (const method of ['GET', 'PATCH']) cell.server.route(method, '/users/:id', body);
      cell.server.route('GET', '/users', body);
      const runs = [
        () => cell.client.controller.fetch(cell.R.get, { id: 1 }),
        () => cell.client.controller.fetch(cell.R.partialUpdate, { id: 1 }, { name: 'Anna' }),
        () => cell.client.controller.fetch(cell.R.getList),
      ];
      for (const run of runs) {
        const error = await run().then(
          v => new Error(`resolved to ${JSON.stringify(v)}`),
          (e: unknown) => e as Error,
        );
        expect(SchemaError.is(error), error.message).toBe(true);
        expect(error.message).toMatch(/User/);
        if (!/\[User\]/.test(error.message)) expect(error.message).toMatch(problem);
        expect(cell.committed()).toEqual(cell.before);
        expect(cell.layers()).toBe(0);
      }
    });
  }
});
