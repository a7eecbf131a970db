// @vitest-environment jsdom
// The testing guide's (docs/guide/testing.md) Solid example, run as written (the block between the
// markers must appear in the guide verbatim). TodoList is the getting-started guide's Solid example component.
import { fireEvent } from '@solidjs/testing-library';
import { readFileSync } from 'node:fs';
import { For } from 'solid-js';
import { expect, it } from 'vitest';
import { Entity, resource } from '../../../src/core/index.js';
import { useController, useLoading, useSuspense } from '../../../src/adapters/solid/index.js';
import { renderDataClient } from '../../../src/test/solid/index.js';

class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
const TodoResource = resource({ urlPrefix: 'https://jsonplaceholder.typicode.com', path: '/todos/:id', schema: Todo });

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

// ---- guide example ----
it('toggles a todo: disabled while saving, then checked as the server replied', async () => {
  const { findByLabelText, getByLabelText, allSettled } = renderDataClient(() => <TodoList />, {
    resolverFixtures: [
      { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: [{ id: 1, userId: 1, title: 'Write tests', completed: false }] },
      // an interceptor: computed from the call's arguments, answered after 50 ms
      { endpoint: TodoResource.partialUpdate, response: ({ id }, body) => ({ id: Number(id), ...body }), delay: 50 },
    ],
  });
  fireEvent.change(await findByLabelText('Write tests'));
  expect((getByLabelText('Write tests') as HTMLInputElement).disabled).toBe(true); // saving
  await allSettled();
  expect((getByLabelText('Write tests') as HTMLInputElement).checked).toBe(true); // the reply
});
// ---- end ----

it('docs/guide/testing.md shows this example verbatim', () => {
  const source = readFileSync('test/testing/solid/readme.test.tsx', 'utf8'); // vitest runs from the project root
  const example = source.split('// ---- guide example ----\n')[1]!.split('// ---- end ----')[0]!;
  expect(readFileSync('docs/guide/testing.md', 'utf8')).toContain(example);
});
