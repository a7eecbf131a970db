// Behaviour of data-client 0.18 that definitions rely on: field schemas that are plain functions
// are called, a Query over several entities runs with what exists, reads accept a trailing
// `controller.getState()`, and a delete resolves to the removed entity.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, Entity, Query, resource, type DataClient } from '../../../src/core/index.js';
import { createTestServer, type TestServer } from '../../server/createTestServer.js';

class Product extends Entity {
  id = 0;
  price = 0;
  createdAt = new Date(0);
  static override schema = { price: Number, createdAt: Date };
}
class Ticker extends Entity {
  product_id = '';
  price = 0;
  override pk() {
    return this.product_id;
  }
}
class Stats extends Entity {
  product_id = '';
  last = 0;
  override pk() {
    return this.product_id;
  }
}

let server: TestServer;
let client: DataClient;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  client = createDataClient();
  return () => client.destroy();
});
afterAll(() => server.close());

describe('field schemas that are plain functions', () => {
  it('are called (Number gives a primitive), a class or Date is constructed', async () => {
    server.route('GET', '/products/:id', () => ({ id: 1, price: '12.5', createdAt: '2020-01-02T00:00:00.000Z' }));
    const Products = resource({ urlPrefix: server.url, path: '/products/:id', schema: Product });
    const product = await client.controller.fetch(Products.get, { id: 1 });
    expect(typeof product.price).toBe('number');
    expect(product.price).toBe(12.5);
    expect(product.createdAt).toBeInstanceOf(Date);
    expect(product.createdAt.getTime()).toBe(Date.UTC(2020, 0, 2));
  });
});

describe('Query over an object of entities', () => {
  it('runs its callback with the members that exist', async () => {
    const queryPrice = new Query({ ticker: Ticker, stats: Stats }, ({ ticker, stats }) => ticker?.price ?? stats?.last);
    const args = { product_id: 'BTC-USD' };
    expect(client.controller.get(queryPrice, args)).toBeUndefined();
    await client.controller.set(Stats, args, { product_id: 'BTC-USD', last: 7 });
    expect(client.controller.get(queryPrice, args)).toBe(7);
    await client.controller.set(Ticker, args, { product_id: 'BTC-USD', price: 9 });
    expect(client.controller.get(queryPrice, args)).toBe(9);
  });
});

describe("reads with data-client's trailing state", () => {
  it('getResponse, getError and get accept controller.getState() last', async () => {
    server.route('GET', '/products/:id', () => ({ id: 2, price: 3, createdAt: '2020-01-02T00:00:00.000Z' }));
    const Products = resource({ urlPrefix: server.url, path: '/products/:id', schema: Product });
    const { controller } = client;
    await controller.fetch(Products.get, { id: 2 });
    const state = controller.getState();
    expect(controller.getResponse(Products.get, { id: 2 }, state).data?.price).toBe(3);
    expect(controller.getError(Products.get, { id: 2 }, state)).toBeUndefined();
    expect(controller.get(Product, { id: 2 }, state)?.price).toBe(3);
  });
});

describe('controller.fetch(Resource.delete)', () => {
  it('resolves to the removed entity, from the reply or the path arguments', async () => {
    server.resource('/products', [{ id: 1, price: 1, createdAt: '2020-01-02T00:00:00.000Z' }]);
    const Products = resource({ urlPrefix: server.url, path: '/products/:id', schema: Product });
    await client.controller.fetch(Products.get, { id: 1 });
    const removed = await client.controller.fetch(Products.delete, { id: 1 });
    expect(removed).toBeInstanceOf(Product);
    expect(removed).toHaveProperty('id');
    expect(Number(removed.id)).toBe(1);
    expect(client.controller.get(Product, { id: 1 })).toBeUndefined();
  });
});
