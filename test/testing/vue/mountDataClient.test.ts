// @vitest-environment jsdom
// mountDataClient: a Vue component over a mock client, mounted with @vue/test-utils.
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, onErrorCaptured, reactive, ref, type PropType } from 'vue';
import { useController, useDLE, useSuspense } from '../../../src/adapters/vue/index.js';
import type { FetchInterceptor, Interceptor } from '../../../src/test/index.js';
import { mountDataClient } from '../../../src/test/vue/index.js';
import { seed, TodoResource, type Todo, type TodoJSON } from '../resources.js';

const TodoItem = defineComponent({
  props: { todo: { type: Object as PropType<Todo>, required: true } },
  setup(props) {
    const ctrl = useController();
    const toggle = () =>
      void ctrl.fetch(TodoResource.partialUpdate, { id: props.todo.id }, { completed: !props.todo.completed }).catch(() => undefined);
    return () =>
      h('li', { 'data-testid': `todo-${props.todo.id}`, 'data-done': String(props.todo.completed) }, [
        h('input', { type: 'checkbox', checked: props.todo.completed, onChange: toggle }),
        props.todo.title,
      ]);
  },
});

const TodoList = defineComponent({
  props: { userId: { type: Number, required: true } },
  async setup(props) {
    const todos = await useSuspense(TodoResource.getList, () => ({ userId: props.userId }));
    return () => h('ul', (todos.value ?? []).map(todo => h(TodoItem, { key: todo.id, todo })));
  },
});

interface Db { rows: TodoJSON[] }
const listInterceptor: Interceptor<Db, typeof TodoResource.getList> = {
  endpoint: TodoResource.getList,
  response(params) {
    return this.rows.filter(r => r.userId === params?.userId);
  },
  delay: 40,
};
const patchInterceptor: Interceptor<Db, typeof TodoResource.partialUpdate> = {
  endpoint: TodoResource.partialUpdate,
  response({ id }, body) {
    const row = this.rows.find(r => r.id === Number(id))!;
    Object.assign(row, body, { title: `${row.title} (saved)` });
    return { ...row };
  },
  delay: 80,
};
const db = (): Db => ({ rows: seed() });

describe('mountDataClient', () => {
  it('shows the Suspense fallback during the interceptor delay, then the rows; props stay reactive', async () => {
    const props = reactive({ userId: 1 });
    const { wrapper, cleanup, allSettled } = mountDataClient(TodoList, { props, resolverFixtures: [listInterceptor], getInitialInterceptorData: db });
    expect(wrapper.find('[data-testid="suspense-fallback"]').text()).toBe('Loading...');
    await vi.waitFor(() => expect(wrapper.text()).toContain('Write fixtures'));
    expect(wrapper.find('[data-testid="suspense-fallback"]').exists()).toBe(false);
    expect(wrapper.findAll('li').map(li => li.attributes('data-done'))).toEqual(['false', 'true']);
    props.userId = 2;
    await allSettled();
    await vi.waitFor(() => expect(wrapper.findAll('li').map(li => li.text())).toEqual(['Render a component']));
    cleanup();
  });

  it('an optimistic toggle shows at once, then the delayed interceptor reply', async () => {
    const { wrapper, controller, cleanup, allSettled } = mountDataClient(TodoList, {
      props: { userId: 1 },
      initialFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: seed().filter(t => t.userId === 1) }],
      resolverFixtures: [listInterceptor, patchInterceptor],
      getInitialInterceptorData: db,
    });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="todo-1"]').exists()).toBe(true));
    await wrapper.find('[data-testid="todo-1"] input').trigger('change');
    expect(wrapper.find('[data-testid="todo-1"]').attributes('data-done')).toBe('true');
    expect(wrapper.find('[data-testid="todo-1"]').text()).toBe('Write fixtures');
    expect(controller.getState().entities.Todo!['1']).toMatchObject({ completed: false });
    await allSettled();
    await vi.waitFor(() => expect(wrapper.find('[data-testid="todo-1"]').text()).toBe('Write fixtures (saved)'));
    expect(wrapper.find('[data-testid="todo-1"]').attributes('data-done')).toBe('true');
    cleanup();
  });

  it('fetchResponse interceptors answer from the request the endpoint built; delayCollapse lets the reply see a change made during the delay', async () => {
    const listFromUrl: FetchInterceptor<Db, typeof TodoResource.getList> = {
      endpoint: TodoResource.getList,
      fetchResponse(input) {
        const userId = Number(new URL(input).searchParams.get('userId'));
        return this.rows.filter(r => r.userId === userId);
      },
      delay: 20,
    };
    const patchFromBody: FetchInterceptor<Db, typeof TodoResource.partialUpdate> = {
      endpoint: TodoResource.partialUpdate,
      fetchResponse(input, init) {
        const row = this.rows.find(r => r.id === Number(input.split('/').pop()))!;
        // the title is read when the reply is computed: after the delay, with delayCollapse
        return { ...row, ...(JSON.parse(String(init.body)) as Partial<TodoJSON>), title: row.title };
      },
      delay: 60,
      delayCollapse: true,
    };
    const state = db();
    const { wrapper, cleanup, allSettled } = mountDataClient(TodoList, {
      props: { userId: 1 },
      resolverFixtures: [listFromUrl, patchFromBody],
      getInitialInterceptorData: () => state,
    });
    await vi.waitFor(() => expect(wrapper.findAll('li').map(li => li.text())).toEqual(['Write fixtures', 'Mock the client']));
    await wrapper.find('[data-testid="todo-1"] input').trigger('change');
    expect(wrapper.find('[data-testid="todo-1"]').attributes('data-done')).toBe('true'); // optimistic
    state.rows[0]!.title = 'Renamed on the server'; // during the delay
    await allSettled();
    await vi.waitFor(() => expect(wrapper.find('[data-testid="todo-1"]').text()).toBe('Renamed on the server'));
    expect(wrapper.find('[data-testid="todo-1"]').attributes('data-done')).toBe('true');
    cleanup();
  });

  it('an unmatched request gives an error naming the endpoint and its arguments (useDLE shows it)', async () => {
    const Status = defineComponent({
      setup() {
        const { data, loading, error } = useDLE(TodoResource.get, { id: 42 });
        return () => h('p', loading.value ? 'loading' : error.value ? `error: ${error.value.message}` : `todo: ${data.value?.title}`);
      },
    });
    const { wrapper, cleanup } = mountDataClient(Status, { resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: 1 }], response: seed()[0]! }] });
    await vi.waitFor(() => expect(wrapper.text()).toMatch(/^error: /));
    expect(wrapper.text()).toContain('Todo.get called with [{"id":42}]');
    expect(wrapper.text()).toContain('fixture "GET http://127.0.0.1:9/api/todos/1"');
    cleanup();
  });

  it('an error fixture reaches onErrorCaptured as a NetworkError', async () => {
    const seen = ref<unknown>();
    const Boundary = defineComponent({
      setup(_, { slots }) {
        onErrorCaptured(e => {
          seen.value = e;
          return false;
        });
        return () => slots.default?.();
      },
    });
    const { cleanup } = mountDataClient(TodoList, {
      props: { userId: 1 },
      wrapper: Boundary,
      resolverFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: { status: 503 }, error: true }],
    });
    await vi.waitFor(() => expect(seen.value).toMatchObject({ name: 'NetworkError', status: 503 }));
    cleanup();
  });

  it('cleanup() unmounts and destroys the client: no watcher, request or timer is left', async () => {
    const { wrapper, client, cleanup, app } = mountDataClient(TodoList, {
      props: { userId: 1 },
      resolverFixtures: [listInterceptor, patchInterceptor],
      getInitialInterceptorData: db,
    });
    expect(typeof app.use).toBe('function');
    await vi.waitFor(() => expect(wrapper.find('[data-testid="todo-1"]').exists()).toBe(true));
    expect(client.stats().watchedViews).toBeGreaterThan(0);
    await wrapper.find('[data-testid="todo-1"] input').trigger('change');
    expect(client.stats().inflight).toBe(1);
    cleanup();
    expect(client.stats()).toMatchObject({ watchedViews: 0, inflight: 0, subscriptions: 0, timers: 0 });
    const started = Date.now();
    const outcomes = await client.allSettled();
    expect(Date.now() - started).toBeLessThan(60);
    expect(outcomes.filter(o => o.status === 'rejected').map(o => (o as PromiseRejectedResult).reason.name)).toEqual(['AbortError']);
    cleanup(); // idempotent
  });
});
