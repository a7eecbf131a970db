// @vitest-environment jsdom
// A Vue todo app written with render functions: items under `<Suspense>` from `useSuspense`, a count
// from `useDLE` beside it, a toggle through `useController`, rendered in jsdom against the loopback
// test server; a toggle updates the item and the count. (The getting-started page's single-file
// components are built and run from the registry by test/fresh/docs.)
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, defineComponent, h, Suspense } from 'vue';
import { Entity, resource } from '../../../src/core/index.js';
import { DataClientPlugin, useController, useDLE, useSuspense } from '../../../src/adapters/vue/index.js';
import { createTestServer } from '../../server/createTestServer.js';
import { until } from './fixtures.js';

const server = await createTestServer();
server.resource('/todos', [
  { id: 1, title: 'Write the adapter', completed: false },
  { id: 2, title: 'Test it', completed: true },
]);
afterAll(() => server.close());
const urlPrefix = server.url;

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
const TodoResource = resource({ urlPrefix, path: '/todos/:id', schema: Todo });

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
    // one stable object per todo: a change re-renders its TodoItem alone
    const todos = await useSuspense(TodoResource.getList);
    return () => h('ul', todos.value.map(todo => h(TodoItem, { key: todo.id, todo })));
  },
});

const TodoCount = defineComponent({
  setup() {
    const { data, loading } = useDLE(TodoResource.getList);
    return () => h('p', loading.value ? '…' : `${data.value?.filter(t => !t.completed).length ?? 0} left`);
  },
});

const App = defineComponent({
  setup: () => () => [
    h(Suspense, null, { default: () => h(TodoList), fallback: () => h('p', 'Loading…') }),
    h(TodoCount),
  ],
});

const root = document.createElement('div'); // in an app: createApp(App).use(DataClientPlugin).mount('#app')
const app = createApp(App).use(DataClientPlugin);
app.mount(root);

describe('a Vue todo app', () => {
  it('renders the list, and a toggle updates the item and the count', async () => {
    await until(() => root.querySelectorAll('li').length === 2);
    expect(root.textContent).toContain('Write the adapter');
    expect(root.querySelector('p')?.textContent).toBe('1 left');
    root.querySelector('input')!.dispatchEvent(new Event('change'));
    await until(() => root.querySelector('p')?.textContent === '0 left');
    expect((root.querySelector('input') as HTMLInputElement).checked).toBe(true);
    expect(server.lastRequest?.method).toBe('PATCH');
    app.unmount();
  });
});
