// @vitest-environment jsdom
// The Solid page's task list, tested with rest-signals/test/solid: no server, interceptors answer.
import { fireEvent } from '@solidjs/testing-library';
import { describe, expect, it } from 'vitest';
import { TaskList } from '../../../../playground/solid/TaskList.js';
import { renderDataClient } from '../../../../src/test/solid/index.js';
import { taskApi, taskDb } from '../taskInterceptors.js';

const rowsOf = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-testid="task-row"]')].map(li => `${li.dataset.id}:${li.querySelector('[data-testid="task-title"]')?.textContent}:${li.dataset.done}`);

describe('playground (Solid): task list', () => {
  it('shows its loading state during the delay, then the tasks of project 1', async () => {
    const { getByTestId, findAllByTestId, container } = renderDataClient(() => <TaskList />, {
      resolverFixtures: taskApi,
      getInitialInterceptorData: () => taskDb(),
    });
    expect(getByTestId('list-loading').textContent).toBe('Loading tasks…');
    await findAllByTestId('task-row');
    expect(rowsOf(container)).toEqual(['1:Plan the sprint:false', '2:Write the tests:true', '3:Ship it:false']);
  });

  it('toggles a task optimistically, then shows the reply; creating a task appends it', async () => {
    const { findAllByTestId, container, allSettled, getByTestId, controller } = renderDataClient(() => <TaskList />, {
      resolverFixtures: taskApi,
      getInitialInterceptorData: () => taskDb(),
    });
    const [first] = await findAllByTestId('task-toggle');
    fireEvent.change(first!);
    expect(rowsOf(container)[0]).toBe('1:Plan the sprint:true'); // before the 60 ms reply
    expect(controller.getState().entities.Task!['1']).toMatchObject({ done: false });
    await allSettled();
    expect(controller.getState().entities.Task!['1']).toMatchObject({ done: true });
    expect(rowsOf(container)[0]).toBe('1:Plan the sprint:true');

    (getByTestId('create-title') as HTMLInputElement).value = 'Celebrate';
    fireEvent.submit(getByTestId('create-form'));
    expect(rowsOf(container).at(-1)).toMatch(/:Celebrate:false$/); // the optimistic row (a temporary id)
    await allSettled();
    expect(rowsOf(container).at(-1)).toBe('100:Celebrate:false');
  });

  it('a failed load shows the error; Retry fetches again and shows the tasks', async () => {
    const { findByTestId, getByTestId, findAllByTestId, container } = renderDataClient(() => <TaskList />, {
      resolverFixtures: taskApi,
      getInitialInterceptorData: () => taskDb(1),
    });
    expect((await findByTestId('list-error')).textContent).toBe('GET /api/tasks?projectId=1 failed with status 500: injected');
    fireEvent.click(getByTestId('retry'));
    await findAllByTestId('task-row');
    expect(rowsOf(container)).toHaveLength(3);
  });
});
