// @vitest-environment jsdom
// The Vue page's task list, tested with rest-signals/test/vue: no server, interceptors answer.
import type { VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import TaskList from '../../../../playground/vue/TaskList.vue';
import { mountDataClient } from '../../../../src/test/vue/index.js';
import { taskApi, taskDb } from '../taskInterceptors.js';

const rowsOf = (wrapper: VueWrapper) =>
  wrapper.findAll('[data-testid="task-row"]').map(li => `${li.attributes('data-id')}:${li.find('[data-testid="task-title"]').text()}:${li.attributes('data-done')}`);

describe('playground (Vue): task list', () => {
  it('shows its loading state during the delay, then the tasks of project 1', async () => {
    const { wrapper, cleanup } = mountDataClient(TaskList, { resolverFixtures: taskApi, getInitialInterceptorData: () => taskDb() });
    expect(wrapper.find('[data-testid="list-loading"]').text()).toBe('Loading tasks…');
    await vi.waitFor(() => expect(rowsOf(wrapper)).toEqual(['1:Plan the sprint:false', '2:Write the tests:true', '3:Ship it:false']));
    expect(wrapper.find('[data-testid="list-loading"]').exists()).toBe(false);
    cleanup();
  });

  it('toggles a task optimistically, then shows the reply; creating a task appends it', async () => {
    const { wrapper, controller, allSettled, cleanup } = mountDataClient(TaskList, { resolverFixtures: taskApi, getInitialInterceptorData: () => taskDb() });
    await vi.waitFor(() => expect(rowsOf(wrapper)).toHaveLength(3));
    await wrapper.find('[data-testid="task-toggle"]').trigger('change');
    expect(rowsOf(wrapper)[0]).toBe('1:Plan the sprint:true'); // before the 60 ms reply
    expect(controller.getState().entities.Task!['1']).toMatchObject({ done: false });
    await allSettled();
    expect(controller.getState().entities.Task!['1']).toMatchObject({ done: true });
    expect(rowsOf(wrapper)[0]).toBe('1:Plan the sprint:true');

    await wrapper.find('[data-testid="create-title"]').setValue('Celebrate');
    await wrapper.find('[data-testid="create-form"]').trigger('submit');
    expect(rowsOf(wrapper).at(-1)).toMatch(/:Celebrate:false$/); // the optimistic row (a temporary id)
    await allSettled();
    await vi.waitFor(() => expect(rowsOf(wrapper).at(-1)).toBe('100:Celebrate:false'));
    cleanup();
  });

  it('a failed load shows the error; Retry fetches again and shows the tasks', async () => {
    const { wrapper, cleanup } = mountDataClient(TaskList, { resolverFixtures: taskApi, getInitialInterceptorData: () => taskDb(1) });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="list-error"]').exists()).toBe(true));
    expect(wrapper.find('[data-testid="list-error"]').text()).toBe('GET /api/tasks?projectId=1 failed with status 500: injected');
    await wrapper.find('[data-testid="retry"]').trigger('click');
    await vi.waitFor(() => expect(rowsOf(wrapper)).toHaveLength(3));
    cleanup();
  });
});
