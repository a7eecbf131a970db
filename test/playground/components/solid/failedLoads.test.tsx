// @vitest-environment jsdom
// The Solid page's failed loads outside the task list: a board column and the polled counter show
// why they failed with a "Retry" that brings them back, and an error is never left uncaught.
import { fireEvent, waitFor } from '@solidjs/testing-library';
import { describe, expect, it } from 'vitest';
import { StatsResource } from '../../../../playground/shared/index.js';
import { Column } from '../../../../playground/solid/Column.js';
import { Header } from '../../../../playground/solid/Header.js';
import type { Interceptor } from '../../../../src/test/index.js';
import { renderDataClient } from '../../../../src/test/solid/index.js';
import { taskApi, taskDb, type TaskDb } from '../taskInterceptors.js';

const cardsOf = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-testid="board-card"]')].map(li => Number(li.dataset.id));

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

describe('playground (Solid): failed loads', () => {
  it('a board column that failed to load shows the error; its Retry fetches the column again and shows the cards', async () => {
    const db = taskDb(1);
    const { findByTestId, queryByTestId, container } = renderDataClient(() => <Column status="todo" />, {
      resolverFixtures: taskApi,
      getInitialInterceptorData: () => db,
    });
    expect((await findByTestId('column-error')).textContent).toContain('500');
    expect(cardsOf(container)).toEqual([]);
    const calls = db.listCalls;
    fireEvent.click(await findByTestId('column-retry'));
    await waitFor(() => expect(cardsOf(container)).toEqual([1, 3]));
    expect(queryByTestId('column-error')).toBeNull();
    expect(db.listCalls).toBe(calls + 1);
  });

  it("the polled counter's failed reload after a store reset is shown with Retry, not thrown", async () => {
    const db: StatsDb = { ...taskDb(), statsDown: false };
    const { findByTestId, queryByTestId, controller } = renderDataClient(() => <Header />, {
      resolverFixtures: [...taskApi, stats],
      getInitialInterceptorData: () => db,
    });
    await waitFor(async () => expect((await findByTestId('stats-total')).textContent).toBe('4'));
    // a logout resets the store: the counter has nothing left to show, and its reload fails
    db.statsDown = true;
    controller.resetEntireStore();
    expect((await findByTestId('stats-error')).textContent).toContain('503');
    db.statsDown = false;
    fireEvent.click(await findByTestId('stats-retry'));
    await waitFor(async () => expect((await findByTestId('stats-total')).textContent).toBe('4'));
    expect(queryByTestId('stats-error')).toBeNull();
  });
});
