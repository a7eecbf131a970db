// Types of a data-client 0.18 codebase, second part: declared bodies, optional search parameters
// on `push`, `fetch(delete)`, `extend({ path })` and the adapters' reads of a `resource`.
import type { Accessor, Resource as SolidResource } from 'solid-js';
import { describe, expectTypeOf, it } from 'vitest';
import type { ComputedRef } from 'vue';
import { computed, ref } from 'vue';
import { useCache as useSolidCache, useSuspense as useSolidSuspense } from '../../src/adapters/solid/index.js';
import { useCache as useVueCache, useSuspense as useVueSuspense } from '../../src/adapters/vue/index.js';
import { createDataClient, Entity, resource } from '../../src/core/index.js';

class Todo extends Entity {
  id = 0;
  title = '';
  done = false;
}

interface TodoBody {
  title: string;
  done: boolean;
}

const Declared = resource({ path: '/todos/:id', schema: Todo, body: {} as TodoBody });
const Undeclared = resource({ path: '/todos/:id', schema: Todo });

describe('a declared body type', () => {
  it('update requires it whole', () => {
    expectTypeOf(Declared.update).parameter(1).toEqualTypeOf<TodoBody>();
    void Declared.update({ id: 1 }, { title: 'a', done: true });
    // @ts-expect-error `done` is missing
    void Declared.update({ id: 1 }, { title: 'a' });
    // @ts-expect-error `title` has the wrong type
    void Declared.update({ id: 1 }, { title: 1, done: true });
  });

  it('partialUpdate takes a Partial of it', () => {
    expectTypeOf(Declared.partialUpdate).parameter(1).toEqualTypeOf<Partial<TodoBody>>();
    void Declared.partialUpdate({ id: 1 }, { done: true });
    void Declared.partialUpdate({ id: 1 }, {});
    // @ts-expect-error `done` is a boolean
    void Declared.partialUpdate({ id: 1 }, { done: 'yes' });
  });

  it('getList.push and create take it', () => {
    expectTypeOf(Declared.getList.push).parameter(0).toEqualTypeOf<TodoBody>();
    expectTypeOf(Declared.getList.push({ title: 'a', done: false })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(Declared.create({ title: 'a', done: false })).toEqualTypeOf<Promise<Todo>>();
    // @ts-expect-error `done` is missing
    void Declared.getList.push({ title: 'a' });
  });

  it('without a declared body, a partial entity or FormData is accepted', () => {
    void Undeclared.update({ id: 1 }, { title: 'a' });
    void Undeclared.update({ id: 1 }, new FormData());
    void Undeclared.partialUpdate({ id: 1 }, { done: true });
    void Undeclared.partialUpdate({ id: 1 }, new FormData());
    void Undeclared.getList.push({ title: 'a' });
    void Undeclared.getList.push(new FormData());
    // @ts-expect-error `done` is a boolean on the entity
    void Undeclared.partialUpdate({ id: 1 }, { done: 'yes' });
  });
});

describe('getList.push with optional searchParams', () => {
  const Filtered = resource({
    path: '/todos/:id',
    schema: Todo,
    searchParams: {} as { userId?: number; done?: boolean },
  });
  const Required = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId: number } });

  it('may leave them out when all are optional', () => {
    expectTypeOf(Filtered.getList.push({ title: 'a' })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(Filtered.getList.push({ userId: 1 }, { title: 'a' })).toEqualTypeOf<Promise<Todo>>();
    expectTypeOf(Filtered.getList.unshift({ title: 'a' })).toEqualTypeOf<Promise<Todo>>();
  });

  it('still requires them when one is required', () => {
    expectTypeOf(Required.getList.push({ userId: 1 }, { title: 'a' })).toEqualTypeOf<Promise<Todo>>();
    // @ts-expect-error `userId` is required
    void Required.getList.push({ title: 'a' });
  });
});

describe('controller.fetch(delete)', () => {
  it('resolves to a typed value', () => {
    const { controller } = createDataClient();
    const deleted = controller.fetch(Undeclared.delete, { id: 1 });
    expectTypeOf(deleted).not.toBeUnknown();
    expectTypeOf(deleted).not.toBeAny();
    // the removed entity, built from the reply (or the path arguments), as data-client's fetch gives it
    expectTypeOf(deleted).resolves.toEqualTypeOf<Todo>();
    // a direct call resolves to the processed reply, as in data-client
    expectTypeOf(Undeclared.delete({ id: 1 })).resolves.toEqualTypeOf<
      string | number | { id: string | number } | Partial<{ id: number; title: string; done: boolean }>
    >();
  });
});

describe('extend({ path })', () => {
  it('retypes the parameters from the new path', () => {
    const byOwner = Undeclared.get.extend({ path: '/users/:userId/todos/:todoId' });
    expectTypeOf(byOwner).parameter(0).toEqualTypeOf<{ userId: string | number; todoId: string | number }>();
    expectTypeOf(byOwner({ userId: 1, todoId: 2 })).toEqualTypeOf<Promise<Todo>>();
    // @ts-expect-error `todoId` of the new path is required
    void byOwner({ userId: 1 });
    // @ts-expect-error `id` belongs only to the old path
    void byOwner({ userId: 1, todoId: 2, id: 3 });
  });

  it('retypes a resource member extended by name', () => {
    const R = Undeclared.extend('byOwner', { path: '/users/:userId/todos/:todoId' });
    expectTypeOf(R.byOwner({ userId: 1, todoId: 2 })).toEqualTypeOf<Promise<Todo>>();
    // @ts-expect-error `id` belongs only to the old path
    void R.byOwner({ id: 3 });
  });
});

describe('adapters', () => {
  it('Vue useSuspense given a computed or a ref returns a ref of the data', async () => {
    const id = ref(1);
    const params = computed(() => ({ id: id.value }));
    expectTypeOf(await useVueSuspense(Undeclared.get, params)).toEqualTypeOf<ComputedRef<Todo>>();
    expectTypeOf(await useVueSuspense(Undeclared.get, ref({ id: 1 }))).toEqualTypeOf<ComputedRef<Todo>>();
    expectTypeOf(await useVueSuspense(Undeclared.get, () => ({ id: id.value }))).toEqualTypeOf<ComputedRef<Todo>>();
    expectTypeOf(await useVueSuspense(Undeclared.getList)).toEqualTypeOf<ComputedRef<Todo[]>>();
  });

  it('Vue useSuspense keeps `| undefined` where the arguments may be null ("not yet")', async () => {
    const maybe = ref<{ id: number } | null>(null);
    expectTypeOf(await useVueSuspense(Undeclared.get, maybe)).toEqualTypeOf<ComputedRef<Todo | undefined>>();
    expectTypeOf(await useVueSuspense(Undeclared.get, null)).toEqualTypeOf<ComputedRef<Todo | undefined>>();
  });

  it('useCache(getList) returns the denormalized list in both adapters', () => {
    expectTypeOf(useVueCache(Undeclared.getList)).toEqualTypeOf<ComputedRef<Todo[] | undefined>>();
    expectTypeOf(useSolidCache(Undeclared.getList)).toEqualTypeOf<Accessor<Todo[] | undefined>>();
    expectTypeOf(useSolidSuspense(Undeclared.getList)).toEqualTypeOf<SolidResource<Todo[]>>();
  });
});
