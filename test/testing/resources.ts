// Resources of the test-utility specs. They point at an address nothing listens on: every reply
// comes from fixtures, so a request that reached the network would fail the test.
import { Entity, resource } from '../../src/core/index.js';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  userId = 0;
  static override key = 'Todo';
}

export const API = 'http://127.0.0.1:9/api';

export const TodoResource = resource({
  urlPrefix: API,
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as { userId?: number; completed?: boolean },
  body: {} as { id?: number; title?: string; completed?: boolean; userId?: number },
  optimistic: true,
});

export type TodoJSON = { id: number; title: string; completed: boolean; userId: number };

export const seed = (): TodoJSON[] => [
  { id: 1, title: 'Write fixtures', completed: false, userId: 1 },
  { id: 2, title: 'Mock the client', completed: true, userId: 1 },
  { id: 3, title: 'Render a component', completed: false, userId: 2 },
];
