// @vitest-environment jsdom
// The testing guide's (docs/guide/testing.md) Vue example, run as written (the block between the
// markers must appear in the guide verbatim). TodoList is the getting-started guide's Vue example component.
import { readFileSync } from 'node:fs';
import { expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { Entity, resource } from '../../../src/core/index.js';
import { useController, useSuspense } from '../../../src/adapters/vue/index.js';
import { mountDataClient } from '../../../src/test/vue/index.js';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });

const TodoItem = defineComponent({
  props: { todo: { type: Todo, required: true } },
  setup(props) {
    const ctrl = useController();
    const toggle = () => ctrl.fetch(TodoResource.partialUpdate, { id: props.todo.id }, { completed: !props.todo.completed });
    return () =>
      h('li', [
        h('label', [h('input', { type: 'checkbox', checked: props.todo.completed, onChange: toggle }), ' ', props.todo.title]),
      ]);
  },
});

const TodoList = defineComponent({
  async setup() {
    const todos = await useSuspense(TodoResource.getList);
    return () => h('ul', todos.value.map(todo => h(TodoItem, { key: todo.id, todo })));
  },
});

// ---- guide example ----
it('shows the fallback, then the todos; a request without a fixture fails with a clear error', async () => {
  const { wrapper, controller, cleanup } = mountDataClient(TodoList, {
    resolverFixtures: [{ endpoint: TodoResource.getList, args: [], response: [{ id: 1, title: 'Write tests' }], delay: 20 }],
  });
  expect(wrapper.text()).toBe('Loading...');
  await vi.waitFor(() => expect(wrapper.text()).toContain('Write tests'));
  await expect(controller.fetch(TodoResource.get, { id: 2 })).rejects.toThrow('No fixture or interceptor matches Todo.get called with [{"id":2}]');
  cleanup(); // unmounts and destroys the client
});
// ---- end ----

it('docs/guide/testing.md shows this example verbatim', () => {
  const source = readFileSync('test/testing/vue/readme.test.ts', 'utf8'); // vitest runs from the project root
  const example = source.split('// ---- guide example ----\n')[1]!.split('// ---- end ----')[0]!;
  expect(readFileSync('docs/guide/testing.md', 'utf8')).toContain(example);
});
