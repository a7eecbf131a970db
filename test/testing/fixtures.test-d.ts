import { expectTypeOf } from 'vitest';
import { createMockClient, mockInitialState, type Fixture, type FixtureResponse } from '../../src/test/index.js';
import { TodoResource, Todo } from './resources.js';

type R = FixtureResponse<typeof TodoResource.get>;
type L = FixtureResponse<typeof TodoResource.getList>;
type D = FixtureResponse<typeof TodoResource.delete>;
type P = FixtureResponse<typeof TodoResource.getList.push>;
declare const r: R; declare const l: L; declare const d: D; declare const p: P;
expectTypeOf(r).toEqualTypeOf<{ id?: number; title?: string; completed?: boolean; userId?: number }>();
expectTypeOf(l).toEqualTypeOf<readonly { id?: number; title?: string; completed?: boolean; userId?: number }[]>();
expectTypeOf<null>().toMatchTypeOf<D>();
expectTypeOf(p).toEqualTypeOf<{ id?: number; title?: string; completed?: boolean; userId?: number } | null>();

createMockClient({
  resolverFixtures: [
    { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
    // @ts-expect-error title is a string
    { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 5 } },
    { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: [{ id: 1 }] },
    // @ts-expect-error a list endpoint replies an array
    { endpoint: TodoResource.getList, args: [{ userId: 1 }], response: { id: 1 } },
    {
      endpoint: TodoResource.partialUpdate,
      response(params, body) {
        expectTypeOf(params).toEqualTypeOf<{ id: string | number }>();
        return { id: Number(params.id), ...body };
      },
    },
    { endpoint: TodoResource.get, args: [{ id: 1 }], response: { status: 404 }, error: true },
  ],
});
mockInitialState([
  { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1, title: 'a' } },
  // @ts-expect-error wrong args
  { endpoint: TodoResource.get, args: [{ idx: 1 }], response: { id: 1, title: 'a' } },
]);
const f: Fixture<typeof TodoResource.get> = { endpoint: TodoResource.get, args: [{ id: 1 }], response: { id: 1 } };
void f; void Todo;
