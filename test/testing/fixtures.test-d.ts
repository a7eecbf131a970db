// Types of the test utilities: every fixture is checked against its own endpoint.
import { describe, expectTypeOf, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import type { App } from 'vue';
import { Endpoint, RestEndpoint, type Controller, type State } from '../../src/core/index.js';
import {
  createMockClient,
  mockInitialState,
  type FetchInterceptor,
  type Fixture,
  type FixtureResponse,
  type Interceptor,
  type ResponseInterceptor,
  type MockDataClient,
} from '../../src/test/index.js';
import { renderDataClient } from '../../src/test/solid/index.js';
import { mountDataClient } from '../../src/test/vue/index.js';
import { Todo, TodoResource } from './resources.js';

type TodoJSON = { id?: number; title?: string; completed?: boolean; userId?: number };

describe('fixture response types', () => {
  it('come from the endpoint: an entity is its data fields, a list an array of them, a mutation may reply null', () => {
    expectTypeOf<FixtureResponse<typeof TodoResource.get>>().toEqualTypeOf<TodoJSON>();
    expectTypeOf<FixtureResponse<typeof TodoResource.getList>>().toEqualTypeOf<readonly TodoJSON[]>();
    expectTypeOf<FixtureResponse<typeof TodoResource.partialUpdate>>().toEqualTypeOf<TodoJSON | null>();
    expectTypeOf<null>().toExtend<FixtureResponse<typeof TodoResource.delete>>();
  });

  it('a single fixture annotated with its endpoint rejects a response that does not fit', () => {
    const ok: Fixture<typeof TodoResource.get> = { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } };
    // @ts-expect-error title is a string
    const badField: Fixture<typeof TodoResource.get> = { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 5 } };
    // @ts-expect-error a single todo, not a list
    const badShape: Fixture<typeof TodoResource.get> = { endpoint: TodoResource.get, args: [{ id: 1 }], response: [{ id: 1 }] };
    // @ts-expect-error no such field
    const extra: Fixture<typeof TodoResource.get> = { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, nope: true } };
    // @ts-expect-error args are the endpoint's
    const badArgs: Fixture<typeof TodoResource.get> = { endpoint: TodoResource.get, args: [{ idx: 1 }], response: { id: 1 } };
    void [ok, badField, badShape, extra, badArgs];
  });
});

describe('createMockClient', () => {
  it('checks each entry of a list against its own endpoint', () => {
    const client = createMockClient({
      initialFixtures: [
        { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: [{ id: 1, title: 'a' }] },
        // @ts-expect-error a list endpoint replies an array
        { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: { id: 1 } },
      ],
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
        // @ts-expect-error completed is a boolean
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, completed: 'yes' } },
        { endpoint: TodoResource.get, args: [{ id: 2 }], response: { status: 404 }, error: true },
        { endpoint: TodoResource.get, args: [{ id: 3 }], response: new Error('boom'), error: true },
        {
          endpoint: TodoResource.partialUpdate,
          response(params, body) {
            expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
            expectTypeOf(body).toEqualTypeOf<{ id?: number; title?: string; completed?: boolean; userId?: number }>();
            return { id: Number(params.id), ...body };
          },
          delay: 10,
        },
        // @ts-expect-error an interceptor's reply must fit too
        { endpoint: TodoResource.get, response: () => ({ id: 'one', title: 1 }) },
      ],
    });
    expectTypeOf(client).toEqualTypeOf<MockDataClient>();
    expectTypeOf(client.controller).toEqualTypeOf<Controller>();
    expectTypeOf(client.allSettled).returns.toEqualTypeOf<Promise<PromiseSettledResult<unknown>[]>>();
  });

  it('types interceptor state (`this`) from the Interceptor annotation', () => {
    const counter: Interceptor<{ calls: number }, typeof TodoResource.get> = {
      endpoint: TodoResource.get,
      response({ id }) {
        expectTypeOf(this).toEqualTypeOf<{ calls: number }>();
        this.calls++;
        return { id: Number(id) };
      },
    };
    createMockClient({ resolverFixtures: [counter], getInitialInterceptorData: () => ({ calls: 0 }) });
  });

  it('mockInitialState gives a State and checks its fixtures', () => {
    expectTypeOf(mockInitialState([{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1 } }])).toEqualTypeOf<State>();
    // @ts-expect-error title is a string
    mockInitialState([{ endpoint: TodoResource.get, args: [{ id: 1 }], response: { title: 1 } }]);
  });
});

describe('fetchResponse interceptors and delayCollapse', () => {
  it('fetchResponse gets the URL and RequestInit, `this` is the state, and its reply is checked against the endpoint', () => {
    const rename: FetchInterceptor<{ calls: number }, typeof TodoResource.partialUpdate> = {
      endpoint: TodoResource.partialUpdate,
      fetchResponse(input, init) {
        expectTypeOf(this).toEqualTypeOf<{ calls: number }>();
        expectTypeOf(input).toEqualTypeOf<string>();
        expectTypeOf(init).toEqualTypeOf<RequestInit>();
        this.calls++;
        return { id: Number(input.split('/').pop()), title: String(init.body) };
      },
      delay: (params, body) => {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
        expectTypeOf(body).toEqualTypeOf<{ id?: number; title?: string; completed?: boolean; userId?: number }>();
        return 10;
      },
      delayCollapse: true,
    };
    const asyncReply: Interceptor<{ calls: number }, typeof TodoResource.get> = {
      endpoint: TodoResource.get,
      async fetchResponse() {
        return { id: this.calls };
      },
    };
    const badReply: FetchInterceptor<object, typeof TodoResource.get> = {
      endpoint: TodoResource.get,
      // @ts-expect-error title is a string
      fetchResponse: () => ({ id: 1, title: 2 }),
    };
    const badResponse: FetchInterceptor<object, typeof TodoResource.get> = {
      endpoint: TodoResource.get,
      // @ts-expect-error the body the server sends, not a Response
      fetchResponse: () => new Response('{}'),
    };
    createMockClient({ resolverFixtures: [rename, asyncReply], getInitialInterceptorData: () => ({ calls: 0 }) });
    void [badReply, badResponse];
  });

  it('inline in resolverFixtures each entry is checked against its own endpoint; delayCollapse is a boolean everywhere', () => {
    createMockClient({
      resolverFixtures: [
        {
          endpoint: TodoResource.getList,
          fetchResponse(input, init) {
            expectTypeOf(input).toEqualTypeOf<string>();
            expectTypeOf(init).toEqualTypeOf<RequestInit>();
            return [{ id: 1, title: new URL(input).searchParams.get('userId') ?? '' }];
          },
          delayCollapse: true,
        },
        // @ts-expect-error a list endpoint replies an array
        { endpoint: TodoResource.getList, fetchResponse: () => ({ id: 1 }) },
        { endpoint: TodoResource.get, response: ({ id }) => ({ id: Number(id) }), delay: ({ id }) => Number(id), delayCollapse: false },
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: () => ({ id: 1 }), delay: 5, delayCollapse: true },
        { endpoint: TodoResource.get, args: [{ id: 2 }], response: { status: 500 }, error: true, delayCollapse: true },
        // @ts-expect-error delayCollapse is a boolean
        { endpoint: TodoResource.get, args: [{ id: 3 }], response: { id: 3 }, delayCollapse: 'yes' },
      ],
    });
  });

  it('a fetchResponse interceptor needs an endpoint that has fetchResponse; a response interceptor does not', () => {
    const plain = new Endpoint(async ({ id }: { id: number }) => ({ id }), { schema: Todo, name: 'plain' });
    const viaResponse: Interceptor<object, typeof plain> = { endpoint: plain, response: ({ id }) => ({ id }) };
    // @ts-expect-error plain has no fetchResponse to replace
    const viaFetch: Interceptor<object, typeof plain> = { endpoint: plain, fetchResponse: () => ({ id: 1 }) };
    void [viaResponse, viaFetch];
  });

  it("data-client's documented examples type-check (with init.body read as a string)", () => {
    const endpoint = new RestEndpoint({ path: '/api/count/increment', method: 'POST', body: undefined });
    const incrementInterceptor: ResponseInterceptor<{ count: number }, typeof endpoint> = {
      endpoint,
      response() {
        return { count: (this.count = this.count + 1) };
      },
      delay: () => 500 + Math.random() * 4500,
    };
    const incrementFetchInterceptor: Interceptor<{ count: number }, typeof endpoint> = {
      endpoint,
      fetchResponse(input, init) {
        return {
          count: (this.count = this.count + 1),
          updatedAt: (JSON.parse(init.body as string) as { updatedAt: string }).updatedAt,
        };
      },
    };
    createMockClient({ resolverFixtures: [incrementInterceptor, incrementFetchInterceptor], getInitialInterceptorData: () => ({ count: 0 }) });
  });
});

describe('render helpers', () => {
  it('renderDataClient returns the testing library result plus controller and allSettled', () => {
    const result = renderDataClient(() => null, {
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1 } },
        // @ts-expect-error title is a string
        { endpoint: TodoResource.get, args: [{ id: 2 }], response: { title: false } },
      ],
    });
    expectTypeOf(result.controller).toEqualTypeOf<Controller>();
    expectTypeOf(result.getByText).toBeFunction();
    expectTypeOf(result.unmount).toEqualTypeOf<() => void>();
    expectTypeOf(result.allSettled).returns.toEqualTypeOf<Promise<PromiseSettledResult<unknown>[]>>();
  });

  it('mountDataClient returns { wrapper, controller, app, cleanup, allSettled }', () => {
    const result = mountDataClient({ render: () => null }, {
      props: { id: 1 },
      resolverFixtures: [
        { endpoint: TodoResource.getList, args: [], response: [] },
        // @ts-expect-error a list endpoint replies an array
        { endpoint: TodoResource.getList, args: [], response: { id: 1 } },
      ],
    });
    expectTypeOf(result.wrapper).toEqualTypeOf<VueWrapper>();
    expectTypeOf(result.controller).toEqualTypeOf<Controller>();
    expectTypeOf(result.app).toEqualTypeOf<App>();
    expectTypeOf(result.cleanup).toEqualTypeOf<() => void>();
    expectTypeOf(result.allSettled).returns.toEqualTypeOf<Promise<PromiseSettledResult<unknown>[]>>();
  });
});
