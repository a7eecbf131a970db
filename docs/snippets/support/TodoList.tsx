// The getting-started Solid TodoList, as a module the testing guide's example imports ('./TodoList').
import { For } from 'solid-js';
import { Entity, resource } from 'rest-signals';
import { useController, useLoading, useSuspense } from 'rest-signals/solid';

class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
export const TodoResource = resource({ urlPrefix: 'https://jsonplaceholder.typicode.com', path: '/todos/:id', schema: Todo });

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

export function TodoList() {
  const todos = useSuspense(TodoResource.getList, { userId: 1 });
  return (
    <ul>
      <For each={todos()}>{todo => <TodoItem todo={todo} />}</For>
    </ul>
  );
}
