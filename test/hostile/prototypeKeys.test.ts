// `__proto__`, `constructor` and `prototype` arriving from the network (as fields, primary keys,
// collection arguments, search parameters, bodies, a hydrated state) are ordinary keys: no object's
// prototype changes, and every value is stored and read back under its own key.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, Entity, ImmortalGCPolicy, resource, RestEndpoint, type DataClient } from '../../src/core/index.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';
import { expectNoPollution, protoKeys } from './pollution.js';

class Thing extends Entity {
  id: string | number = 0;
  name = '';
  static override key = 'Thing';
}

const HOSTILE_FIELDS =
  '{"id": 1, "name": "x", "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": {"polluted": true}}';
const HOSTILE_PKS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

let server: TestServer;
let client: DataClient;
let before: Record<string, string[]>;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.clear();
  before = protoKeys();
  client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
});
afterEach(() => {
  client.destroy();
  expectNoPollution(before);
});

const raw = (text: string) => () => reply(200, text, { 'content-type': 'application/json' });
const own = (o: object, k: string) => Object.getOwnPropertyDescriptor(o, k)?.value;

describe('hostile keys from the network', () => {
  it('as fields of a reply: stored and shown as own fields, prototypes untouched', async () => {
    server.route('GET', '/things/:id', raw(HOSTILE_FIELDS));
    const Things = resource({ urlPrefix: server.url, path: '/things/:id', schema: Thing });
    const thing = (await client.controller.fetch(Things.get, { id: 1 })) as Thing;
    expect(Object.getPrototypeOf(thing)).toBe(Thing.prototype);
    expect(own(thing, '__proto__')).toEqual({ polluted: true });
    expect(own(thing, 'prototype')).toEqual({ polluted: true });
    expect(own(thing, 'constructor')).toEqual({ prototype: { polluted: true } });
    expect((thing as unknown as Record<string, unknown>).polluted).toBeUndefined();
    const stored = client.controller.getState().entities.Thing!['1'] as object;
    expect([Object.prototype, null]).toContain(Object.getPrototypeOf(stored));
    expect(own(stored, '__proto__')).toEqual({ polluted: true });
    // a view shows the same
    const view = client.cache(Things.get, { id: 1 });
    const stop = view.subscribe(() => {});
    expect(Object.getPrototypeOf(view.value)).toBe(Thing.prototype);
    stop();
  });

  it('as primary keys: each is its own entity; other built-in names are not found', async () => {
    server.route('GET', '/things', () => HOSTILE_PKS.map(id => ({ id, name: `named ${id}` })));
    const Things = resource({ urlPrefix: server.url, path: '/things/:id', schema: Thing });
    const list = (await client.controller.fetch(Things.getList)) as Thing[];
    expect(list.map(t => t.id)).toEqual(HOSTILE_PKS);
    for (const id of HOSTILE_PKS) {
      const t = client.controller.get(Thing, { id }) as Thing;
      expect(t.name).toBe(`named ${id}`);
      expect(Object.getPrototypeOf(t)).toBe(Thing.prototype);
    }
    expect(client.controller.get(Thing, { id: 'isPrototypeOf' })).toBeUndefined();
    const table = client.controller.getState().entities.Thing!;
    expect(Object.keys(table)).toEqual(HOSTILE_PKS);
    expect(Object.getPrototypeOf(table)).toBe(null);
  });

  it('as a deleted primary key', async () => {
    server.route('GET', '/things', () => HOSTILE_PKS.map(id => ({ id, name: id })));
    server.route('DELETE', '/things/:id', () => reply(204));
    const Things = resource({ urlPrefix: server.url, path: '/things/:id', schema: Thing, optimistic: true });
    await client.controller.fetch(Things.getList);
    await client.controller.fetch(Things.delete, { id: '__proto__' });
    expect(client.controller.get(Thing, { id: '__proto__' })).toBeUndefined();
    expect(((client.controller.getResponse(Things.getList).data ?? []) as Thing[]).map(t => t.id)).toEqual(HOSTILE_PKS.slice(1));
  });

  it('as collection arguments and search parameters: sent as query keys, the list keyed by them', async () => {
    const args = JSON.parse('{"__proto__": "p", "constructor": "c", "prototype": "t"}') as Record<string, string>;
    server.route('GET', '/things', req => [{ id: 1, name: req.url }]);
    server.route('POST', '/things', req => reply(201, { id: 2, name: 'pushed', ...(req.json as object) }));
    const Things = resource({ urlPrefix: server.url, path: '/things/:id', schema: Thing });
    const list = (await client.controller.fetch(Things.getList, args)) as Thing[];
    expect(server.lastRequest!.url).toBe('/things?__proto__=p&constructor=c&prototype=t');
    expect(list[0]!.name).toBe('/things?__proto__=p&constructor=c&prototype=t');
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    // hostile keys typed as arbitrary search parameters
    await client.controller.fetch(Things.getList.push as RestEndpoint, args, { name: 'new' });
    const after = (client.controller.getResponse(Things.getList, args).data ?? []) as Thing[];
    expect(after.map(t => t.id)).toEqual([1, 2]);
    // the other list (no arguments) is a different collection
    expect(client.controller.getResponse(Things.getList).data).toBeUndefined();
  });

  it('in a search parameter object of an endpoint', async () => {
    server.route('GET', '/search', req => [{ id: 1, name: req.url }]);
    const search = new RestEndpoint({ urlPrefix: server.url, path: '/search', schema: [Thing] });
    const params = JSON.parse('{"__proto__": {"polluted": true}, "prototype": "x"}') as Record<string, unknown>;
    await client.controller.fetch(search as RestEndpoint, params);
    expect(server.lastRequest!.query.get('__proto__')).toBe('[object Object]');
    expect(server.lastRequest!.query.get('prototype')).toBe('x');
  });

  it('in a request body, with an optimistic update', async () => {
    let body: unknown;
    server.route('GET', '/things/:id', () => ({ id: 1, name: 'x' }));
    server.route('PATCH', '/things/:id', req => ((body = req.json), { id: 1, name: 'patched' }));
    const Things = resource({ urlPrefix: server.url, path: '/things/:id', schema: Thing, optimistic: true });
    await client.controller.fetch(Things.get, { id: 1 });
    const patch = JSON.parse('{"name": "patched", "__proto__": {"polluted": true}}') as Partial<Thing>;
    const p = client.controller.fetch(Things.partialUpdate, { id: 1 }, patch);
    const shown = client.controller.get(Thing, { id: 1 }) as Thing;
    expect(shown.name).toBe('patched');
    expect(Object.getPrototypeOf(shown)).toBe(Thing.prototype);
    await p;
    expect(own(body as object, '__proto__')).toEqual({ polluted: true });
  });

  it('in a hydrated state (JSON.parse makes __proto__ an own key)', async () => {
    server.route('GET', '/things/:id', raw(HOSTILE_FIELDS));
    server.route('GET', '/things', () => HOSTILE_PKS.map(id => ({ id, name: id })));
    const Things = resource({ urlPrefix: server.url, path: '/things/:id', schema: Thing });
    await client.controller.fetch(Things.get, { id: 1 });
    await client.controller.fetch(Things.getList);
    const json = JSON.stringify(client.controller.getState());
    const second = createDataClient({ gcPolicy: new ImmortalGCPolicy(), initialState: JSON.parse(json) });
    try {
      const thing = second.controller.get(Thing, { id: 1 }) as Thing;
      expect(own(thing, '__proto__')).toEqual({ polluted: true });
      expect(Object.getPrototypeOf(thing)).toBe(Thing.prototype);
      expect((second.controller.get(Thing, { id: '__proto__' }) as Thing).name).toBe('__proto__');
      expect(JSON.stringify(second.controller.getState())).toBe(json);
    } finally {
      second.destroy();
    }
  });
});
