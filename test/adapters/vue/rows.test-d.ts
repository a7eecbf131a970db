// Types of the list composables in Vue: useMembers keeps the list's type, useEntity the row's.
import type { ComputedRef, Ref } from 'vue';
import { describe, expectTypeOf, it } from 'vitest';
import { useEntity, useMembers } from '../../../src/adapters/vue/index.js';
import type { Article } from './fixtures.js';

declare const list: ComputedRef<Article[]>;
declare const maybe: Ref<Article[] | undefined>;
declare const article: Article;

describe('useMembers / useEntity types (Vue)', () => {
  it('keeps the types it is given', () => {
    expectTypeOf(useMembers(list)).toEqualTypeOf<ComputedRef<Article[]>>();
    expectTypeOf(useMembers(maybe)).toEqualTypeOf<ComputedRef<Article[] | undefined>>();
    expectTypeOf(useMembers(() => [article])).toEqualTypeOf<ComputedRef<Article[]>>();
    expectTypeOf(useEntity(article)).toEqualTypeOf<ComputedRef<Article>>();
    expectTypeOf(useEntity(() => article)).toEqualTypeOf<ComputedRef<Article>>();
  });
  it('refuses what is not an entity', () => {
    // @ts-expect-error a plain object has no pk()
    useEntity({ id: 1 });
  });
});
