// Prelude of guide blocks marked `<!-- prelude: todo -->`: prepended to them before they are
// type-checked, so a short block can use these names without repeating them.
import { Entity, createDataClient, resource } from 'rest-signals';

class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo,
  searchParams: {} as { userId?: number }, optimistic: true });
const client = createDataClient();
const ctrl = client.controller;
