// @vitest-environment jsdom
// The Vue page's failed loads outside the task list: a board column and the polled counter show
// why they failed with a "Retry" that brings them back, and an error is never left uncaught.
import type { VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import AppHeader from '../../../../playground/vue/AppHeader.vue';
import BoardColumn from '../../../../playground/vue/BoardColumn.vue';
import { StatsResource } from '../../../../playground/shared/index.js';
import { mountDataClient } from '../../../../src/test/vue/index.js';
import type { Interceptor } from '../../../../src/test/index.js';
import { taskApi, taskDb, type TaskDb } from '../taskInterceptors.js';

const cardsOf = (wrapper: VueWrapper) => wrapper.findAll('[data-testid="board-card"]').map(li => Number(li.attributes('data-id')));

interface StatsDb extends TaskDb {
  /** While true, `GET /api/stats` answers 503. */
  statsDown: boolean;
}

const stats: Interceptor<StatsDb, typeof StatsResource.get> = {
  endpoint: StatsResource.get,
  response() {
    if (this.statsDown) throw { status: 503, body: { error: 'injected' } };
    return { id: 'stats', tasksDone: this.rows.filter(r => r.done).length, tasksTotal: this.rows.length, serverTime: new Date().toISOString() };
  },
  delay: 20,
};

describe('playground (Vue): failed loads', () => {
  it('a board column that failed to load shows the error; its Retry fetches the column again and shows the cards', async () => {
    const db = taskDb(1);
    const { wrapper, cleanup } = mountDataClient(BoardColumn, { props: { status: 'todo' }, resolverFixtures: taskApi, getInitialInterceptorData: () => db });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="column-error"]').exists()).toBe(true));
    expect(wrapper.find('[data-testid="column-error"]').text()).toContain('500');
    expect(cardsOf(wrapper)).toEqual([]);
    const calls = db.listCalls;
    await wrapper.find('[data-testid="column-retry"]').trigger('click');
    await vi.waitFor(() => expect(cardsOf(wrapper)).toEqual([1, 3]));
    expect(wrapper.find('[data-testid="column-error"]').exists()).toBe(false);
    expect(db.listCalls).toBe(calls + 1);
    cleanup();
  });

  it("the polled counter's failed reload after a store reset is shown with Retry, not thrown", async () => {
    const db: StatsDb = { ...taskDb(), statsDown: false };
    const { wrapper, controller, cleanup } = mountDataClient(AppHeader, { resolverFixtures: [...taskApi, stats], getInitialInterceptorData: () => db });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="stats-total"]').text()).toBe('4'));
    // a logout resets the store: the counter has nothing left to show, and its reload fails
    db.statsDown = true;
    controller.resetEntireStore();
    await vi.waitFor(() => expect(wrapper.find('[data-testid="stats-error"]').exists()).toBe(true));
    expect(wrapper.find('[data-testid="stats-error"]').text()).toContain('503');
    db.statsDown = false;
    await wrapper.find('[data-testid="stats-retry"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[data-testid="stats-total"]').text()).toBe('4'));
    expect(wrapper.find('[data-testid="stats-error"]').exists()).toBe(false);
    cleanup();
  });
});
