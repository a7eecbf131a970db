import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, reply, type TestServer } from './createTestServer.js';

let server: TestServer;
beforeEach(async () => {
  server ??= await createTestServer();
  server.clear();
});
afterAll(() => server.close());

describe('test server', () => {
  it('serves a resource and records requests', async () => {
    const users = server.resource('/users', [
      { id: 1, name: 'Ann', role: 'admin' },
      { id: 2, name: 'Bob', role: 'user' },
    ]);
    expect(await (await fetch(`${server.url}/users?role=user`)).json()).toEqual([{ id: 2, name: 'Bob', role: 'user' }]);
    const created = await fetch(`${server.url}/users`, { method: 'POST', body: JSON.stringify({ name: 'Cy' }), headers: { 'Content-Type': 'application/json' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 3, name: 'Cy' });
    expect(server.lastRequest).toMatchObject({ method: 'POST', url: '/users', json: { name: 'Cy' } });
    expect(server.lastRequest!.headers['content-type']).toBe('application/json');
    await fetch(`${server.url}/users/1`, { method: 'PATCH', body: JSON.stringify({ name: 'Anna' }) });
    expect(users.get(1)).toEqual({ id: 1, name: 'Anna', role: 'admin' });
    const del = await fetch(`${server.url}/users/2`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ id: 2, name: 'Bob', role: 'user' });
    expect(users.list().map(u => u.id)).toEqual([1, 3]);
  });

  it('scopes a nested resource by its base parameters', async () => {
    server.resource('/groups/:group/todos', [
      { id: 1, group: 'a' },
      { id: 2, group: 'b' },
    ]);
    expect(await (await fetch(`${server.url}/groups/b/todos`)).json()).toEqual([{ id: 2, group: 'b' }]);
  });

  it('injects faults', async () => {
    server.route('GET', '/x', () => ({ ok: true }));
    server.next.status(500, { error: 'boom' });
    server.next.malformed();
    server.next.noContent();
    let r = await fetch(`${server.url}/x`);
    expect(r.status).toBe(500);
    r = await fetch(`${server.url}/x`);
    await expect(r.json()).rejects.toThrow();
    r = await fetch(`${server.url}/x`);
    expect(r.status).toBe(204);
    expect(await r.text()).toBe('');
    server.next.reset();
    r = await fetch(`${server.url}/x`);
    await expect(r.text()).rejects.toThrow();
    const f = server.when('GET', '/x').status(404);
    expect((await fetch(`${server.url}/x`)).status).toBe(404);
    expect((await fetch(`${server.url}/x`)).status).toBe(404);
    f.clear();
    expect((await fetch(`${server.url}/x`)).status).toBe(200);
  });

  it('holds replies and releases them out of order', async () => {
    let n = 0;
    server.route('GET', '/n', () => reply(200, { n: ++n }));
    const first = server.next.hold();
    const second = server.next.hold();
    const order: number[] = [];
    const a = fetch(`${server.url}/n`).then(r => r.json()).then(j => order.push(j.n));
    await first.arrived;
    const b = fetch(`${server.url}/n`).then(r => r.json()).then(j => order.push(j.n));
    await second.arrived;
    await second();
    await b;
    await first();
    await a;
    expect(order).toEqual([2, 1]);
  });

  it('delays', async () => {
    server.route('GET', '/slow', () => 'ok');
    server.next.delay(80);
    const t = Date.now();
    await fetch(`${server.url}/slow`);
    expect(Date.now() - t).toBeGreaterThanOrEqual(70);
  });
});
