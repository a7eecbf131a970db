// The getting-started Vue TodoList, as a module the testing guide's example imports ('./todos').
import { defineComponent, h } from 'vue';
import { Entity, resource } from 'rest-signals';
import { useController, useSuspense } from 'rest-signals/vue';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}
export const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });

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

export const TodoList = defineComponent({
  async setup() {
    const todos = await useSuspense(TodoResource.getList);
    return () => h('ul', todos.value.map(todo => h(TodoItem, { key: todo.id, todo })));
  },
});
