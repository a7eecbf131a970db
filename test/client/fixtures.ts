// Entities, endpoints and a client factory shared by the store, controller and client specs.
import { Entity, RestEndpoint, createDataClient, ImmortalGCPolicy, type DataClient, type DataClientOptions } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

export class User extends Entity {
  id = 0;
  name = '';
  count = 0;
  static override key = 'User';
}

export class Post extends Entity {
  id = 0;
  title = '';
  author = User.fromJS();
  static override key = 'Post';
  static override schema = { author: User };
}

/** Endpoints of the test API at `url`. */
export function api(url: string) {
  const getUser = new RestEndpoint({ urlPrefix: url, path: '/users/:id', schema: User });
  const getUsers = new RestEndpoint({ urlPrefix: url, path: '/users', schema: [User] });
  const updateUser = new RestEndpoint({ urlPrefix: url, path: '/users/:id', method: 'PATCH', schema: User });
  const getPost = new RestEndpoint({ urlPrefix: url, path: '/posts/:id', schema: Post });
  const getPosts = new RestEndpoint({ urlPrefix: url, path: '/posts', schema: [Post] });
  return { getUser, getUsers, updateUser, getPost, getPosts };
}

/** A client without window-bound managers' side effects and without GC timers. */
export function makeClient(options: DataClientOptions = {}): DataClient {
  return createDataClient({ gcPolicy: new ImmortalGCPolicy(), ...options });
}

export const seedUsers = () => [
  { id: 1, name: 'Ann', count: 0 },
  { id: 2, name: 'Bob', count: 0 },
  { id: 3, name: 'Cid', count: 0 },
];

/** Starts a server with `/users` and `/posts` resources. */
export async function startServer(): Promise<TestServer> {
  const server = await createTestServer();
  server.resource('/users', seedUsers());
  server.resource('/posts', [
    { id: 10, title: 'Hello', author: { id: 1, name: 'Ann', count: 0 } },
    { id: 11, title: 'World', author: { id: 2, name: 'Bob', count: 0 } },
  ]);
  return server;
}

/** Counts how often an effect reading `read()` runs; dispose with `.stop()`. */
export { effect } from '@preact/signals-core';
