import type { ReadonlySignal } from '@preact/signals-core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createDataClient,
  Endpoint,
  ExpiryStatus,
  type Controller,
  type DLE,
  type ResponseState,
} from '../../src/core/index.js';

interface Todo {
  id: number;
  title: string;
}
const getTodo = new Endpoint(async (params: { id: number }): Promise<Todo> => ({ id: params.id, title: '' }), { name: 'getTodo' });

describe('vanilla signal API types', () => {
  const client = createDataClient();

  it('types each signal from the endpoint', () => {
    expectTypeOf(client.controller).toEqualTypeOf<Controller>();
    expectTypeOf(client.suspense(getTodo, { id: 1 })).toEqualTypeOf<ReadonlySignal<Todo>>();
    expectTypeOf(client.dle(getTodo, { id: 1 })).toEqualTypeOf<ReadonlySignal<DLE<Todo>>>();
    expectTypeOf(client.live(getTodo, { id: 1 }).value.data).toEqualTypeOf<Todo | undefined>();
    expectTypeOf(client.cache(getTodo, { id: 1 })).toEqualTypeOf<ReadonlySignal<Todo | undefined>>();
    expectTypeOf(client.dle(getTodo, { id: 1 }).value.error).toEqualTypeOf<Error | undefined>();
  });

  it('accepts null as "not yet" and rejects wrong arguments', () => {
    client.dle(getTodo, null);
    // `null` reads undefined: the signal says so
    expectTypeOf(client.suspense(getTodo, null)).toEqualTypeOf<ReadonlySignal<Todo | undefined>>();
    expectTypeOf(client.suspense(getTodo, null).value).toEqualTypeOf<Todo | undefined>();
    expectTypeOf(client.suspense(getTodo, { id: 1 }).value).toEqualTypeOf<Todo>();
    // @ts-expect-error the id must be a number
    client.suspense(getTodo, { id: 'x' });
    // @ts-expect-error the id must be a number
    client.dle(getTodo, { id: 'x' });
  });

  it('types controller reads and fetch', () => {
    expectTypeOf(client.controller.fetch(getTodo, { id: 1 })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(client.controller.getResponse(getTodo, { id: 1 })).toEqualTypeOf<ResponseState<Todo | undefined>>();
    expectTypeOf(client.controller.getResponse(getTodo, { id: 1 }).expiryStatus).toEqualTypeOf<ExpiryStatus>();
    expectTypeOf(client.controller.getError(getTodo, { id: 1 })).toEqualTypeOf<Error | undefined>();
    expectTypeOf(client.stats().watchedViews).toBeNumber();
    expectTypeOf(client.destroy).returns.toBeVoid();
  });
});
