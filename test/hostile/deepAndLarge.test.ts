// Very large and very deep data: 100 000 items go through the store, views and getState; a reply
// nested 10 000 deep fails with a clear SchemaError (never a RangeError) and writes nothing; a chain
// or ring of 10 000 entities linked by primary key (flat replies, deep graph) is denormalized.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataClient, denormalize, Entity, ImmortalGCPolicy, normalize, resource, SchemaError, type DataClient } from '../../src/core/index.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';

class Item extends Entity {
  id = 0;
  name = '';
  static override key = 'Item';
}
/** A linked node: `next` is another node (nested object or its pk). */
class Link extends Entity {
  id = 0;
  next: Link | null = null;
  static override key = 'Link';
  static override schema: Record<string, unknown> = {};
}
Link.schema = { next: Link };

const DEPTH = 10_000;
const COUNT = 100_000;

let server: TestServer;
let client: DataClient;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.clear();
  client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
});
afterEach(() => client.destroy());

/** `{"id":0,"next":{"id":1,"next":...}}` built as text (JSON.stringify itself recurses). */
function deepText(depth: number): string {
  return '{"id":0,"next":' + Array.from({ length: depth - 1 }, (_, i) => `{"id":${i + 1},"next":`).join('') + 'null' + '}'.repeat(depth);
}

describe('large lists', () => {
  it(`${COUNT} items through HTTP, the store, a view and getState`, async () => {
    const items = Array.from({ length: COUNT }, (_, i) => ({ id: i, name: `item ${i}` }));
    server.route('GET', '/items', () => items);
    const Items = resource({ urlPrefix: server.url, path: '/items/:id', schema: Item });
    const list = (await client.controller.fetch(Items.getList)) as Item[];
    expect(list).toHaveLength(COUNT);
    expect(list[COUNT - 1]).toBeInstanceOf(Item);
    const view = client.dle(Items.getList);
    const stop = view.subscribe(() => {});
    expect((view.value.data as Item[]).length).toBe(COUNT);
    stop();
    const state = client.controller.getState();
    expect(Object.keys(state.entities.Item!)).toHaveLength(COUNT);
    const second = createDataClient({ gcPolicy: new ImmortalGCPolicy(), initialState: JSON.parse(JSON.stringify(state)) });
    expect((second.controller.getResponse(Items.getList).data as Item[]).length).toBe(COUNT);
    second.destroy();
  });

  it(`normalize and denormalize ${COUNT} items without the store`, () => {
    const items = Array.from({ length: COUNT }, (_, i) => ({ id: i, name: `item ${i}` }));
    const { result, entities } = normalize([Item], items);
    expect((denormalize([Item], result, entities) as Item[]).length).toBe(COUNT);
  });
});

describe(`a reply nested ${DEPTH} deep`, () => {
  it('normalize throws a SchemaError naming the entity, not a RangeError', () => {
    let error: unknown;
    try {
      normalize(Link, JSON.parse(deepText(DEPTH)));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as Error).message).toMatch(/Link/);
    expect((error as Error).message).toMatch(/deep/);
  });

  it('fetch rejects with that SchemaError and the store does not change', async () => {
    server.route('GET', '/links/:id', raw => reply(200, raw.params.id === '0' ? deepText(DEPTH) : '{"id":1}', { 'content-type': 'application/json' }));
    const Links = resource({ urlPrefix: server.url, path: '/links/:id', schema: Link });
    const before = JSON.stringify(client.controller.getState().entities);
    const error = await client.controller.fetch(Links.get, { id: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect(JSON.stringify(client.controller.getState().entities)).toBe(before);
    expect(client.controller.getError(Links.get, { id: 0 })).toBe(error);
  });
});

describe(`${DEPTH} entities linked by pk (flat replies, a deep graph)`, () => {
  const chain = (ring: boolean) =>
    Array.from({ length: DEPTH }, (_, i) => ({ id: i, next: i + 1 < DEPTH ? i + 1 : ring ? 0 : null }));

  // as data-client: denormalize stops at Entity.maxEntityDepth (64), leaves the next entity's primary
  // key where the object would be, and says so once with a development console.error; never a RangeError
  function walk(out: unknown, steps: number): { length: number; last: unknown } {
    let n: unknown = out;
    let length = 0;
    while (typeof n === 'object' && n !== null && length < steps) (n = (n as Link).next), length++;
    return { length, last: n };
  }

  it('a chain denormalizes from its head down to the depth limit, then leaves the next primary key', () => {
    const { entities } = normalize([Link], chain(false));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const out = denormalize(Link, 0, entities);
    const { length, last } = walk(out, DEPTH);
    expect(length).toBeGreaterThanOrEqual(64);
    expect(length).toBeLessThan(DEPTH);
    expect(last).toBe(String(length));
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/Link/);
    error.mockRestore();
  });

  it('a ring denormalizes to linked objects down to the depth limit (never a RangeError)', () => {
    const { entities } = normalize([Link], chain(true));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const out = denormalize(Link, 0, entities);
    const { length, last } = walk(out, DEPTH);
    expect(length).toBeGreaterThanOrEqual(64);
    expect(last).toBe(String(length % DEPTH));
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('through the client: the fetch fails clearly (or works), and a dle view reports it without throwing', async () => {
    server.route('GET', '/links', () => chain(false));
    const Links = resource({ urlPrefix: server.url, path: '/links/:id', schema: Link });
    const outcome = await client.controller.fetch(Links.getList).then(
      list => ({ list: list as Link[] }),
      (error: unknown) => ({ error }),
    );
    if ('error' in outcome) {
      expect(outcome.error).not.toBeInstanceOf(RangeError);
      expect(SchemaError.is(outcome.error), String(outcome.error)).toBe(true);
    } else expect(outcome.list).toHaveLength(DEPTH);
    // dle never throws: whatever went wrong is in `error`
    const view = client.dle(Links.getList);
    let stop: (() => void) | undefined;
    expect(() => (stop = view.subscribe(() => {}))).not.toThrow();
    const { data, error } = view.value;
    if (error) expect(SchemaError.is(error), String(error)).toBe(true);
    else expect(data).toHaveLength(DEPTH);
    stop?.();
    // a chain deeper than the entity depth limit: data-client's console.error (entity-depth-limit), nothing else
    const printed = new Set(vi.mocked(console.error).mock.calls.map(c => String(c[0]).split(':')[0]));
    expect([...printed]).toEqual(data ? ['Entity depth limit of 64 reached for "Link" entity'] : []);
    vi.mocked(console.error).mockClear();
  });
});
