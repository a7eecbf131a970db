// @vitest-environment jsdom
// renderDataClient: a Solid component over a mock client, rendered with @solidjs/testing-library.
import { fireEvent } from '@solidjs/testing-library';
import { ErrorBoundary, For, Suspense } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { useController, useLoading, useSuspense } from '../../../src/adapters/solid/index.js';
import type { Interceptor } from '../../../src/test/index.js';
import { renderDataClient } from '../../../src/test/solid/index.js';
import { seed, TodoResource, type Todo, type TodoJSON } from '../resources.js';

function TodoItem(props: { todo: Todo }) {
  const ctrl = useController();
  const [toggle] = useLoading(() => ctrl.fetch(TodoResource.partialUpdate, { id: props.todo.id }, { completed: !props.todo.completed }));
  return (
    <li data-testid={`todo-${props.todo.id}`} data-done={String(props.todo.completed)}>
      <input type="checkbox" aria-label={props.todo.title} checked={props.todo.completed} onChange={() => void toggle().catch(() => undefined)} />
      {props.todo.title}
    </li>
  );
}

function TodoList(props: { userId: number }) {
  const todos = useSuspense(TodoResource.getList, () => ({ userId: props.userId }));
  return <ul><For each={todos()}>{todo => <TodoItem todo={todo} />}</For></ul>;
}

/** An in-memory table behind getList and partialUpdate, kept in the interceptors' `this`. */
interface Db { rows: TodoJSON[]; patches: number }
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
    this.patches++;
    const row = this.rows.find(r => r.id === Number(id))!;
    Object.assign(row, body, { title: `${row.title} (saved)` });
    return { ...row };
  },
  delay: 80,
};
const db = (): Db => ({ rows: seed(), patches: 0 });

describe('renderDataClient', () => {
  it('shows the Suspense fallback during the interceptor delay, then the rows', async () => {
    const { getByTestId, findByText, queryByTestId } = renderDataClient(() => <TodoList userId={1} />, {
      resolverFixtures: [listInterceptor],
      getInitialInterceptorData: db,
    });
    expect(getByTestId('suspense-fallback').textContent).toBe('Loading...');
    expect(await findByText('Write fixtures')).toBeTruthy();
    expect(queryByTestId('suspense-fallback')).toBeNull();
    expect(getByTestId('todo-2').dataset.done).toBe('true');
  });

  it('a component Suspense with its own fallback shows it; initialFixtures render without suspending', async () => {
    const { getByText, findByText, container } = renderDataClient(
      () => (
        <>
          <Suspense fallback={<p>own fallback</p>}><TodoList userId={2} /></Suspense>
          <Suspense fallback={<p>never shown</p>}><TodoList userId={1} /></Suspense>
        </>
      ),
      {
        initialFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: seed().filter(t => t.userId === 1) }],
        resolverFixtures: [listInterceptor],
        getInitialInterceptorData: db,
      },
    );
    expect(getByText('own fallback')).toBeTruthy();
    expect(getByText('Write fixtures')).toBeTruthy();
    expect(container.textContent).not.toContain('never shown');
    expect(await findByText('Render a component')).toBeTruthy();
  });

  it('an optimistic toggle shows at once, then the delayed interceptor reply', async () => {
    const { findByText, getByTestId, getByLabelText, allSettled, controller } = renderDataClient(() => <TodoList userId={1} />, {
      resolverFixtures: [listInterceptor, patchInterceptor],
      getInitialInterceptorData: db,
    });
    await findByText('Write fixtures');
    fireEvent.click(getByLabelText('Write fixtures'));
    // the optimistic value, before the interceptor replied
    expect(getByTestId('todo-1').dataset.done).toBe('true');
    expect(getByTestId('todo-1').textContent).toBe('Write fixtures');
    expect(controller.getState().entities.Todo!['1']).toMatchObject({ completed: false });
    await allSettled();
    expect(getByTestId('todo-1').textContent).toBe('Write fixtures (saved)');
    expect(getByTestId('todo-1').dataset.done).toBe('true');
  });

  it('an unmatched request reaches the ErrorBoundary with a message naming the endpoint and arguments', async () => {
    const { findByRole } = renderDataClient(() => (
      <ErrorBoundary fallback={(e: Error) => <p role="alert">{e.message}</p>}>
        <TodoList userId={7} />
      </ErrorBoundary>
    ), { resolverFixtures: [{ endpoint: TodoResource.getList, args: [{ userId: 1 }], response: [] }] });
    const alert = await findByRole('alert');
    expect(alert.textContent).toContain('Todo.getList called with [{"userId":7}]');
    expect(alert.textContent).toContain('fixture "GET http://127.0.0.1:9/api/todos?userId=1"');
  });

  it('unmount destroys the client: no watcher, request or timer is left', async () => {
    const { findByText, unmount, client, getByLabelText } = renderDataClient(() => <TodoList userId={1} />, {
      resolverFixtures: [listInterceptor, patchInterceptor],
      getInitialInterceptorData: db,
    });
    await findByText('Write fixtures');
    expect(client.stats().watchedViews).toBeGreaterThan(0);
    fireEvent.click(getByLabelText('Write fixtures')); // a request waiting on its delay
    expect(client.stats().inflight).toBe(1);
    unmount();
    expect(client.stats()).toMatchObject({ watchedViews: 0, inflight: 0, subscriptions: 0, timers: 0 });
    // the toggle waiting on its 80 ms delay was aborted at once, its timer cleared
    const started = Date.now();
    const outcomes = await client.allSettled();
    expect(Date.now() - started).toBeLessThan(60);
    expect(outcomes.filter(o => o.status === 'rejected').map(o => (o as PromiseRejectedResult).reason.name)).toEqual(['AbortError']);
  });
});
