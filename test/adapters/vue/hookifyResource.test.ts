// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, inject, provide, ref } from 'vue';
import type { InjectionKey, Ref } from 'vue';
import { hookifyResource, useController, useSuspense } from '../../../src/adapters/vue/index.js';
import { articleServer, makeClient, mountSuspended, mountWith, reseed, textOf, until } from './fixtures.js';

const { server, api, articles } = await articleServer(3);
afterAll(() => server.close());
beforeEach(() => reseed(server, articles));

const Token: InjectionKey<Ref<string>> = Symbol('token');
const ArticleApi = hookifyResource(api, () => {
  const token = inject(Token, ref('none'));
  return () => ({ headers: { 'access-token': token.value } });
});

describe('hookifyResource', () => {
  it('makes use + PascalCase for each member and useCreate for getList.push', () => {
    for (const name of ['useGet', 'useGetList', 'useUpdate', 'usePartialUpdate', 'useDelete', 'useCreate']) {
      expect(typeof (ArticleApi as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('merges the injected request init into reads made through useSuspense', async () => {
    const client = makeClient();
    const token = ref('t-1');
    const Page = defineComponent({
      async setup() {
        const article = await useSuspense(ArticleApi.useGet(), { id: 1 });
        return () => h('h1', article.value.title);
      },
    });
    const Provider = defineComponent({
      setup() {
        provide(Token, token);
        return () => h(Page);
      },
    });
    const { wrapper } = mountSuspended(Provider, client);
    await until(() => textOf(wrapper, 'h1') === 'Article 1');
    expect(server.lastRequest?.headers['access-token']).toBe('t-1');
    wrapper.unmount();
  });

  it('reads the init at request time and carries it into mutations and useCreate', async () => {
    const client = makeClient();
    const token = ref('old');
    let update!: () => Promise<unknown>;
    let create!: () => Promise<unknown>;
    const Child = defineComponent({
      setup() {
        const ctrl = useController();
        const partial = ArticleApi.usePartialUpdate();
        const push = ArticleApi.useCreate();
        update = () => ctrl.fetch(partial, { id: 2 }, { title: 'With token' });
        create = () => ctrl.fetch(push, { title: 'New', body: '' });
        return () => h('p');
      },
    });
    const wrapper = mountWith(
      defineComponent({
        setup() {
          provide(Token, token);
          return () => h(Child);
        },
      }),
      client,
    );
    token.value = 'new';
    await update();
    expect(server.lastRequest?.method).toBe('PATCH');
    expect(server.lastRequest?.headers['access-token']).toBe('new');
    expect(server.lastRequest?.headers['content-type']).toMatch(/json/);
    await create();
    expect(server.lastRequest?.method).toBe('POST');
    expect(server.lastRequest?.path).toBe('/articles');
    expect(server.lastRequest?.headers['access-token']).toBe('new');
    wrapper.unmount();
  });
});
