import { describe, expect, it } from 'vitest';
import { resource } from '../../src/core/rest/index.js';
import type { SnapshotInterface } from '../../src/core/schema/index.js';
import { Todo } from './fixtures.js';

const ABORT = new Error('skip optimistic');
/** A snapshot holding one stored Todo. */
const snapshot = (stored: Record<string, unknown> | undefined): SnapshotInterface => ({
  get: ((schema: unknown, params: unknown) =>
    schema === Todo && (params as { id?: unknown })?.id === stored?.id ? stored : undefined) as SnapshotInterface['get'],
  getResponse: () => ({ data: undefined, expiryStatus: undefined, expiresAt: 0 }),
  getError: () => undefined,
  fetchedAt: 0,
  abort: ABORT,
});

describe('resource({ optimistic: true })', () => {
  const R = resource({ path: '/groups/:group/todos/:id', schema: Todo, optimistic: true });
  const snap = snapshot({ id: 1, group: 'a', title: 'one', completed: false });

  it('push / unshift → the body', () => {
    expect(R.getList.push.getOptimisticResponse!(snap, { group: 'a' }, { title: 'new' })).toEqual({ title: 'new' });
    expect(R.getList.unshift.getOptimisticResponse!(snap, { group: 'a' }, { title: 'new' })).toEqual({ title: 'new' });
  });

  it('update → params + body', () => {
    expect(R.update.getOptimisticResponse!(snap, { group: 'a', id: 1 }, { title: 'x' })).toEqual({ group: 'a', id: 1, title: 'x' });
  });

  it('partialUpdate / move → stored entity + body; nothing stored → snapshot.abort', () => {
    expect(R.partialUpdate.getOptimisticResponse!(snap, { group: 'a', id: 1 }, { completed: true })).toEqual({
      id: 1,
      group: 'a',
      title: 'one',
      completed: true,
    });
    expect(R.getList.move.getOptimisticResponse!(snap, { group: 'a', id: 1 }, { group: 'b' })).toEqual({
      id: 1,
      group: 'b',
      title: 'one',
      completed: false,
    });
    expect(() => R.partialUpdate.getOptimisticResponse!(snap, { group: 'a', id: 2 }, { completed: true })).toThrow(ABORT);
  });

  it('delete → params', () => {
    expect(R.delete.getOptimisticResponse!(snap, { group: 'a', id: 1 })).toEqual({ group: 'a', id: 1 });
  });

  it('FormData bodies are read as plain objects', () => {
    const fd = new FormData();
    fd.set('title', 'from form');
    expect(R.update.getOptimisticResponse!(snap, { group: 'a', id: 1 }, fd as never)).toEqual({ group: 'a', id: 1, title: 'from form' });
  });

  it('reads (get, getList, getPage) never get one; without optimistic no member has one', () => {
    expect(R.get.getOptimisticResponse).toBeUndefined();
    expect(R.getList.getOptimisticResponse).toBeUndefined();
    const plain = resource({ path: '/todos/:id', schema: Todo });
    for (const ep of [plain.getList.push, plain.getList.unshift, plain.getList.move, plain.update, plain.partialUpdate, plain.delete]) {
      expect(ep.getOptimisticResponse).toBeUndefined();
    }
  });
});
