// Types of the big-list fast path in Solid: useMembers keeps the list's type, useEntity the row's.
import type { Accessor, Resource } from 'solid-js';
import { describe, expectTypeOf, it } from 'vitest';
import { useEntity, useMembers } from '../../../src/adapters/solid/index.js';
import type { Article } from './fixtures.js';

declare const list: Resource<Article[]>;
declare const article: Article;

describe('useMembers / useEntity types (Solid)', () => {
  it('keeps the types it is given', () => {
    expectTypeOf(useMembers(list)).toEqualTypeOf<Accessor<Article[] | undefined>>();
    expectTypeOf(useMembers(() => [article])).toEqualTypeOf<Accessor<Article[]>>();
    expectTypeOf(useEntity(article)).toEqualTypeOf<Accessor<Article>>();
    expectTypeOf(useEntity(() => article)).toEqualTypeOf<Accessor<Article>>();
  });
  it('refuses what is not an entity', () => {
    // @ts-expect-error a plain object has no pk()
    useEntity({ id: 1 });
    // @ts-expect-error useMembers takes an accessor, not an array
    useMembers([article]);
  });
});
