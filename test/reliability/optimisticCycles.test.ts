// An optimistic update of an entity that sits in a cycle (two people who are each other's friend):
// the optimistic reply is built from the stored, denormalized entity, whose nested objects lead
// back to it. It must show at once like any other optimistic update.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDataClient, Entity, ImmortalGCPolicy, resource, type DataClient } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

class Person extends Entity {
  id = 0;
  name = '';
  friends: Person[] = [];
  static override key = 'Person';
  static override schema: Record<string, unknown> = {};
}
Person.schema = { friends: [Person] };

let server: TestServer;
let client: DataClient;
beforeEach(async () => {
  server = await createTestServer();
  server.route('GET', '/people/:id', () => ({ id: 1, name: 'Ann', friends: [{ id: 2, name: 'Bob', friends: [1] }] }));
  server.route('PATCH', '/people/:id', req => ({ id: 1, name: (req.json as { name: string }).name, friends: [2] }));
  client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
});
afterEach(async () => {
  client.destroy();
  await server.close();
});

it('an optimistic partialUpdate of an entity in a cycle shows before the reply', async () => {
  const People = resource({ urlPrefix: server.url, path: '/people/:id', schema: Person, optimistic: true });
  const ann = (await client.controller.fetch(People.get, { id: 1 })) as Person;
  expect(ann.friends[0]!.friends[0]).toBe(ann);
  const hold = server.next.hold();
  const p = client.controller.fetch(People.partialUpdate, { id: 1 }, { name: 'Anna' });
  p.catch(() => {});
  expect((client.controller.get(Person, { id: 1 }) as Person).name).toBe('Anna');
  await hold.arrived;
  await hold();
  await p;
  const after = client.controller.get(Person, { id: 1 }) as Person;
  expect(after.name).toBe('Anna');
  expect(after.friends[0]!.friends[0]).toBe(after);
});

it('setResponse accepts a denormalized cyclic value', async () => {
  const People = resource({ urlPrefix: server.url, path: '/people/:id', schema: Person });
  const ann = (await client.controller.fetch(People.get, { id: 1 })) as Person;
  await client.controller.setResponse(People.get, { id: 1 }, { ...ann, name: 'Ann 2' });
  const after = client.controller.get(Person, { id: 1 }) as Person;
  expect(after.name).toBe('Ann 2');
  expect(after.friends[0]!.name).toBe('Bob');
});
