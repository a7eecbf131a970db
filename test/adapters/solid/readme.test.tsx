// @vitest-environment jsdom
// A Solid 1.9 todo app in the shape of the getting-started page's (docs/guide/start-solid-1.md:
// `useLoading` toggle, `useSuspense` list, `<ErrorBoundary>` and `<Suspense>`), rendered in jsdom
// against the loopback test server: the list renders and a toggle reaches the server. The page's
// own files are built and run from the registry by test/fresh/docs.
import { fireEvent } from '@solidjs/testing-library';
import { ErrorBoundary, For, Suspense } from 'solid-js';
import { render } from 'solid-js/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Entity, resource } from '../../../src/core/index.js';
import { DataProvider, useController, useLoading, useSuspense } from '../../../src/adapters/solid/index.js';
import { createTestServer, type MemoryResource, type TestServer } from '../../server/createTestServer.js';
import { until } from './fixtures.js';

let server: TestServer;
let todos: MemoryResource;
beforeAll(async () => {
  server = await createTestServer();
  todos = server.resource('/todos', [
    { id: 1, userId: 1, title: 'Write the adapter', completed: false },
    { id: 2, userId: 1, title: 'Test it', completed: true },
    { id: 3, userId: 2, title: 'Someone else', completed: false },
  ]);
});
afterAll(() => server.close());

describe('a Solid 1.9 todo app', () => {
  it('renders the list and toggles a todo', async () => {
    const app = document.createElement('div');
    app.id = 'app';
    document.body.append(app);

    class Todo extends Entity {
      id = 0;
      userId = 0;
      title = '';
      completed = false;
      static override key = 'Todo';
    }
    const TodoResource = resource({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });

    function TodoItem(props: { todo: Todo }) {
      const ctrl = useController();
      const [toggle, saving] = useLoading(() =>
        ctrl.fetch(TodoResource.partialUpdate, { id: props.todo.id }, { completed: !props.todo.completed }),
      );
      return (
        <li>
          <label>
            <input type="checkbox" checked={props.todo.completed} disabled={saving()} onChange={toggle} />
            {props.todo.title}
          </label>
        </li>
      );
    }

    function TodoList() {
      const todos = useSuspense(TodoResource.getList, { userId: 1 });
      return (
        <ul>
          <For each={todos()}>{todo => <TodoItem todo={todo} />}</For>
        </ul>
      );
    }

    const dispose = render(
      () => (
        <DataProvider>
          <ErrorBoundary fallback={(error: Error) => <p>Could not load: {error.message}</p>}>
            <Suspense fallback={<p>Loading…</p>}>
              <TodoList />
            </Suspense>
          </ErrorBoundary>
        </DataProvider>
      ),
      document.getElementById('app')!,
    );

    expect(app.textContent).toBe('Loading…');
    await until(() => app.querySelectorAll('li').length === 2);
    expect(app.textContent).toBe('Write the adapterTest it');
    const first = app.querySelector('input')!;
    expect(first.checked).toBe(false);
    fireEvent.change(first);
    await until(() => todos.get(1)!.completed === true);
    await until(() => app.querySelector('input')!.checked);
    expect(server.lastRequest!.method).toBe('PATCH');
    dispose();
    app.remove();
  });
});
