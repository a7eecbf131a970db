import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Collection, createDataClient, Endpoint, Entity, denormalize, normalize, resource, RestEndpoint } from '../../src/core/index.js';
import { endpointId } from '../../src/core/rest/endpointId.js';
import { storableMutations, storedId } from '../../src/core/persistence/endpointNames.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

class Card extends Entity {
  id = '';
  title = '';
  status = 'todo';
  static override key = 'Card';
}

const Cards = resource({ urlPrefix: 'http://cards.test', path: '/cards/:id', schema: Card });

describe('list member names follow data-client 0.18', () => {
  it('push, unshift and assign are <list>.create; remove and move are <list>.partialUpdate', () => {
    expect(Cards.getList.push.name).toBe('Card.getList.create');
    expect(Cards.getList.unshift.name).toBe('Card.getList.create');
    expect(Cards.getList.remove.name).toBe('Card.getList.partialUpdate');
    expect(Cards.getList.move.name).toBe('Card.getList.partialUpdate');
    const plain = new RestEndpoint({ urlPrefix: 'http://cards.test', path: '/boards/:board/cards', schema: new Collection([Card]) });
    expect(plain.push.name).toBe('http://cards.test/boards/:board/cards.create');
    expect(plain.move.name).toBe('http://cards.test/boards/:board/cards.partialUpdate');
    expect(Cards.create.name).toBe('Card.create');
  });

  it('members sharing a name keep distinct persisted ids, so a paused unshift restores as an unshift', () => {
    expect(endpointId(Cards.getList.push)).toBe('Card.getList.push');
    expect(endpointId(Cards.getList.unshift)).toBe('Card.getList.unshift');
    expect(endpointId(Cards.getList.remove)).toBe('Card.getList.remove');
    expect(endpointId(Cards.getList.move)).toBe('Card.getList.move');
    // a request runs on a view whose prototype is the endpoint: the id is found through it
    expect(endpointId(Object.create(Cards.getList.unshift) as RestEndpoint)).toBe('Card.getList.unshift');
    // an endpoint extended from a member is its own endpoint, identified by its own name
    expect(endpointId(Cards.getList.push.extend({ name: 'Card.quickAdd' }))).toBe('Card.quickAdd');
    const { byId, ambiguous } = storableMutations([Cards]);
    expect(ambiguous).toEqual([]);
    expect(storedId(Cards.getList.unshift)).toBe('Card.getList.unshift POST http://cards.test/cards');
    expect(byId.get(storedId(Cards.getList.unshift))).toBe(Cards.getList.unshift);
    expect(byId.get(storedId(Cards.getList.push))).toBe(Cards.getList.push);
    expect(byId.get(storedId(Cards.getList.move))).toBe(Cards.getList.move);
  });
});

describe('NetworkError.toJSON', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  beforeEach(() => server.clear());
  afterAll(() => server.close());

  it('serializes name, status, message and url (the message names the method)', async () => {
    const get = new RestEndpoint({ urlPrefix: server.url, path: '/missing/:id' });
    const error = await get({ id: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(['message', 'name', 'status', 'url']);
    expect(json).toMatchObject({ name: 'NetworkError', status: 404, url: `${server.url}/missing/1` });
    expect(json.message).toMatch(/^GET /);
  });
});

describe('endpoint.bind(thisArg, ...args): an endpoint with its arguments fixed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  beforeEach(() => server.clear());
  afterAll(() => server.close());

  it('a bound RestEndpoint sends the bound arguments, keys by them and stays usable by a controller', async () => {
    server.route('GET', '/cards/:id', req => ({ id: req.params.id, title: `card ${req.params.id}` }));
    const Remote = resource({ urlPrefix: server.url, path: '/cards/:id', schema: Card });
    const getSeven = Remote.get.bind(undefined, { id: '7' });
    expect(getSeven.key()).toBe(Remote.get.key({ id: '7' }));
    expect(getSeven.name).toBe('Card.get');
    expect(getSeven.schema).toBe(Card);
    expect(getSeven.sideEffect).toBeUndefined();
    const direct = await getSeven();
    expect(direct).toBeInstanceOf(Card);
    expect(direct.title).toBe('card 7');
    const client = createDataClient();
    try {
      const viaController = await client.controller.fetch(getSeven);
      expect(viaController.title).toBe('card 7');
      expect(client.controller.get(Card, { id: '7' })?.title).toBe('card 7');
    } finally {
      client.destroy();
    }
  });

  it('thisArg is the this of fetch; the original endpoint is unchanged', async () => {
    const lookup = new Endpoint(
      async function (this: { prefix?: string }, id: string) {
        return `${this.prefix ?? 'none'}:${id}`;
      },
      { name: 'lookup' },
    );
    const bound = lookup.bind({ prefix: 'ctx' }, '5');
    await expect(bound()).resolves.toBe('ctx:5');
    expect(bound.key()).toBe('lookup ["5"]');
    await expect(lookup('6')).resolves.toBe('none:6');
  });
});

describe('Collection.move between lists keyed by an argument the entity does not hold', () => {
  class Item extends Entity {
    id = '';
    title = '';
    static override key = 'Item';
  }
  const items = new Collection([Item]);

  it('leaves the list of the first argument and joins the list named by the mutation', () => {
    let state = normalize(items, [{ id: '1', title: 'a' }], [{ shelf: 'top' }]);
    state = normalize(items, [{ id: '2', title: 'b' }], [{ shelf: 'bottom' }], state);
    state = normalize(items.move, { id: '1', title: 'a' }, [{ shelf: 'top', id: '1' }, { shelf: 'bottom' }], state);
    const list = (shelf: string) => denormalize(items, JSON.stringify({ shelf }), state.entities) as Item[];
    expect(list('top')).toEqual([]);
    expect(list('bottom').map(i => i.id)).toEqual(['2', '1']);
  });

  it('with two keys, only the one that changes moves the item', () => {
    let state = normalize(items, [{ id: '1', title: 'a' }], [{ room: 'a', shelf: 'top' }]);
    state = normalize(items, [], [{ room: 'a', shelf: 'bottom' }], state);
    state = normalize(items, [], [{ room: 'b', shelf: 'top' }], state);
    state = normalize(items.move, { id: '1', title: 'a' }, [{ room: 'a', shelf: 'top', id: '1' }, { shelf: 'bottom' }], state);
    const list = (room: string, shelf: string) =>
      (denormalize(items, JSON.stringify({ room, shelf }), state.entities) as Item[]).map(i => i.id);
    expect(list('a', 'top')).toEqual([]);
    expect(list('a', 'bottom')).toEqual(['1']);
    expect(list('b', 'top')).toEqual([]);
  });
});
