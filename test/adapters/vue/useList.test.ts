// @vitest-environment jsdom
// The README's first Vue code: `await useSuspense(getList)` and a `v-for` of row components that take
// the entity as a prop and read its fields. The array stays the same while only entities change, each
// row re-renders only when its entity does, the values keep their semantics (`===` for an unchanged
// entity, immutable, `toRaw` gives the store's object), and other readers of the same store view get
// the store's values as they are. `useList` gives a ref of a store composable back as it is, and maps
// other lists the same way. Real components, the loopback server.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { computed, createSSRApp, defineComponent, h, isReactive, markRaw, nextTick, onUpdated, reactive, shallowRef, toRaw, watch } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { ComputedRef, PropType } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { DataClientPlugin, useCache, useDLE, useList, useSuspense } from '../../../src/adapters/vue/index.js';
import { Article, articleServer, makeClient, mountSuspended, reseed, textOf, until, watcherCount } from './fixtures.js';

const ROWS = 200;
const { server, api, articles } = await articleServer(ROWS);
afterEach(() => reseed(server, articles, ROWS));
afterAll(() => server.close());

function components(wrap: (list: ComputedRef<Article[]>) => ComputedRef<Article[]> = list => list) {
  const rowRenders = new Map<number, number>();
  const seen: { list?: ComputedRef<Article[]>; given?: ComputedRef<Article[]>; listRenders: number; heading?: ComputedRef<number> } = { listRenders: 0 };
  const Row = defineComponent({
    props: { article: { type: Article, required: true } },
    setup(props) {
      onUpdated(() => rowRenders.set(props.article.id, (rowRenders.get(props.article.id) ?? 0) + 1));
      return () => h('li', { id: `row-${props.article.id}` }, props.article.title);
    },
  });
  // a heading computed from the same list, in a component of its own
  const Heading = defineComponent({
    props: { list: { type: Object as PropType<ComputedRef<Article[]>>, required: true } },
    setup(props) {
      const patched = computed(() => props.list.value.filter(a => a.title.endsWith('patched')).length);
      seen.heading = patched;
      return () => h('h1', `${patched.value} patched`);
    },
  });
  const List = defineComponent({
    async setup() {
      onUpdated(() => seen.listRenders++);
      const given = await useSuspense(api.getList);
      const list = wrap(given);
      seen.list = list;
      seen.given = given;
      return () => [h(Heading, { list }), h('ul', list.value.map(article => h(Row, { key: article.id, article })))];
    },
  });
  return { List, rowRenders, seen };
}

async function settle(): Promise<void> {
  await nextTick();
  await flushPromises();
}

describe('the list of useSuspense, rows taking the entity as a prop (Vue)', () => {
  it('an entity update re-renders its row only: same array, the list component not at all, `===` for the others', async () => {
    const client = makeClient();
    const { List, rowRenders, seen } = components();
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    const before = seen.list!.value;
    const [first, fiftieth] = [before[0]!, before[49]!];
    // what every other reader of the same store view gets: the store's values, a new array per change
    const view = client.suspense(api.getList);
    const viewBefore = view.value;
    expect(viewBefore[49]).toBe(toRaw(fiftieth));

    await client.controller.fetch(api.partialUpdate, { id: 50 }, { title: 'Fifty, patched' });
    await settle();
    expect(textOf(wrapper, '#row-50')).toBe('Fifty, patched');
    expect([...rowRenders]).toEqual([[50, 1]]);
    expect(seen.listRenders).toBe(0);
    expect(seen.list!.value).toBe(before);
    expect(seen.list!.value[0]).toBe(first);
    expect(seen.list!.value[49]).toBe(fiftieth);
    expect(toRaw(fiftieth).title).toBe('Fifty, patched');
    expect(view.value).not.toBe(viewBefore);
    expect(view.value[49]).toBe(toRaw(fiftieth));
    expect(toRaw(view.value[0]!)).toBe(view.value[0]);
    expect(view.value[0]).toBe(toRaw(first));
    // a heading computed from the same list follows the update
    expect(seen.heading!.value).toBe(1);
    expect(wrapper.find('h1').text()).toBe('1 patched');

    client.controller.setResponse(api.get, { id: 51 }, { id: 51, title: 'Fifty-one, local', body: '' });
    await settle();
    expect(textOf(wrapper, '#row-51')).toBe('Fifty-one, local');
    expect([...rowRenders]).toEqual([[50, 1], [51, 1]]);
    expect(seen.listRenders).toBe(0);

    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('useList gives the ref of useSuspense back as it is: no second subscription', async () => {
    const client = makeClient();
    const { List, rowRenders, seen } = components(useList);
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    expect(seen.list).toBe(seen.given);
    expect(watcherCount(client)).toBe(1);
    await client.controller.fetch(api.partialUpdate, { id: 9 }, { title: 'Nine, patched' });
    await settle();
    expect(textOf(wrapper, '#row-9')).toBe('Nine, patched');
    expect([...rowRenders]).toEqual([[9, 1]]);
    expect(seen.listRenders).toBe(0);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('each composable shows the list on its own; useDLE and the store keep the store values', async () => {
    const client = makeClient();
    const seen: { a?: ComputedRef<Article[]>; b?: ComputedRef<Article[]>; dle?: ComputedRef<Article[] | undefined> } = {};
    const Both = defineComponent({
      async setup() {
        const dle = useDLE(api.getList);
        seen.dle = dle.data;
        const [a, b] = await Promise.all([useSuspense(api.getList), useSuspense(api.getList)]);
        seen.a = a;
        seen.b = b;
        return () => h('p', { id: 'both' }, `${a.value.length} ${b.value.length}`);
      },
    });
    const { wrapper } = mountSuspended(Both, client);
    await until(() => wrapper.find('#both').exists());
    const [a, b] = [seen.a!.value, seen.b!.value];
    expect(a).not.toBe(b);
    expect(a[3]).not.toBe(b[3]);
    expect(toRaw(a[3]!)).toBe(toRaw(b[3]!));
    await until(() => seen.dle!.value !== undefined);
    const dleBefore = seen.dle!.value!;
    expect(dleBefore[3]).toBe(toRaw(a[3]!));
    client.controller.setResponse(api.get, { id: 4 }, { id: 4, title: 'Four, local', body: '' });
    await settle();
    expect(seen.a!.value).toBe(a);
    expect(b[3]!.title).toBe('Four, local');
    expect(seen.dle!.value).not.toBe(dleBefore);
    expect(seen.dle!.value![3]).toBe(toRaw(a[3]!));
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('keeps the values users rely on: instances of the class, immutable, `toRaw` is the store snapshot', async () => {
    const client = makeClient();
    const { List, seen } = components();
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    const item = seen.list!.value[6]!;
    expect(item).toBeInstanceOf(Article);
    expect(item.pk()).toBe(7);
    expect({ ...item }).toEqual({ id: 7, title: 'Article 7', body: 'Body 7' });
    expect(JSON.parse(JSON.stringify(item))).toEqual({ id: 7, title: 'Article 7', body: 'Body 7' });
    expect(() => {
      (item as { title: string }).title = 'written';
    }).toThrow(TypeError);
    expect(isReactive(item)).toBe(false);
    expect(reactive({ item }).item).toBe(item); // never wrapped deeply
    expect(markRaw(item)).toBe(item);
    expect(item.title).toBe('Article 7');

    const snapshot = toRaw(item);
    expect(snapshot).not.toBe(item);
    expect(snapshot).toBeInstanceOf(Article);
    client.controller.setResponse(api.get, { id: 7 }, { id: 7, title: 'Seven, local', body: '' });
    await settle();
    expect(item.title).toBe('Seven, local');
    expect(snapshot.title).toBe('Article 7'); // the store's values stay immutable
    expect(toRaw(item)).not.toBe(snapshot);
    expect(toRaw(item).title).toBe('Seven, local');

    wrapper.unmount();
    client.destroy();
  });

  it('membership changes give a new array and keep the objects of the entities still listed', async () => {
    const client = makeClient();
    const { List, seen } = components();
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    const before = seen.list!.value;
    const tenth = before[9]!;
    await client.controller.fetch(api.getList.push, { title: 'New one', body: '' });
    await until(() => wrapper.findAll('li').length === ROWS + 1);
    expect(seen.list!.value).not.toBe(before);
    expect(seen.list!.value[9]).toBe(tenth);
    expect(seen.listRenders).toBeGreaterThan(0);
    await client.controller.fetch(api.delete, { id: 3 });
    await until(() => wrapper.findAll('li').length === ROWS);
    const ids = wrapper.findAll('li').map(li => li.attributes('id'));
    expect(ids).not.toContain('row-3');
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.list!.value[8]).toBe(tenth);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('a deep watch and a watch of one field follow an entity update; useCache alike', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    const calls = { deep: 0, field: 0 };
    const List = defineComponent({
      setup() {
        const list = useCache(api.getList);
        watch(list, () => calls.deep++, { deep: true, flush: 'sync' });
        watch(() => list.value?.[4]?.title, () => calls.field++, { flush: 'sync' });
        return () => h('ul', (list.value ?? []).map(a => h('li', { key: a.id }, a.title)));
      },
    });
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    client.controller.setResponse(api.get, { id: 5 }, { id: 5, title: 'Five, local', body: '' });
    await settle();
    expect(calls).toEqual({ deep: 1, field: 1 });
    client.controller.setResponse(api.get, { id: 6 }, { id: 6, title: 'Six, local', body: '' });
    await settle();
    expect(calls).toEqual({ deep: 2, field: 1 });
    wrapper.unmount();
    client.destroy();
  });

  it('over a getter, maps each array it gives: same array and objects while only entities change', async () => {
    const client = makeClient();
    await client.controller.fetch(api.getList);
    let renders = 0;
    const seenList: { list?: ComputedRef<Article[] | undefined> } = {};
    const List = defineComponent({
      setup() {
        const given = useCache(api.getList);
        const list = useList(() => given.value);
        seenList.list = list;
        onUpdated(() => renders++);
        return () => h('ul', (list.value ?? []).map(a => h(Row, { key: a.id, article: a })));
      },
    });
    const Row = defineComponent({
      props: { article: { type: Article, required: true } },
      setup: props => () => h('li', { id: `row-${props.article.id}` }, props.article.title),
    });
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    const before = seenList.list!.value!;
    client.controller.setResponse(api.get, { id: 8 }, { id: 8, title: 'Eight, local', body: '' });
    await settle();
    expect(textOf(wrapper, '#row-8')).toBe('Eight, local');
    expect(seenList.list!.value).toBe(before);
    expect(renders).toBe(0);
    wrapper.unmount();
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('a server render shows the list and subscribes nothing', async () => {
    const client = makeClient();
    const { List } = components(useList);
    const app = createSSRApp(defineComponent({ setup: () => () => h(List) }));
    app.use(DataClientPlugin, { client });
    const html = await renderToString(app);
    expect(html.match(/<li/g)?.length).toBe(ROWS);
    expect(html).toContain('<li id="row-7">Article 7</li>');
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('an entity that changed in the same update as the membership shows its new value in the object kept for it', async () => {
    const v = (id: number, title: string) => Article.fromJS({ id, title, body: '' });
    const source = shallowRef<Article[]>([v(1, 'One'), v(2, 'Two')]);
    const renders = new Map<number, number>();
    const Row = defineComponent({
      props: { article: { type: Article, required: true } },
      setup(props) {
        onUpdated(() => renders.set(props.article.id, (renders.get(props.article.id) ?? 0) + 1));
        return () => h('li', { id: `row-${props.article.id}` }, props.article.title);
      },
    });
    const seenList: { list?: ComputedRef<Article[]> } = {};
    const List = defineComponent({
      setup() {
        const list = useList(source);
        seenList.list = list;
        return () => h('ul', list.value.map(a => h(Row, { key: a.id, article: a })));
      },
    });
    const { wrapper } = mountSuspended(List, makeClient());
    await until(() => wrapper.findAll('li').length === 2);
    const [one, two] = seenList.list!.value;
    // the same update drops 1, changes 2 and adds 3
    source.value = [v(2, 'Two, changed'), v(3, 'Three')];
    await settle();
    expect(seenList.list!.value[0]).toBe(two);
    expect(two!.title).toBe('Two, changed');
    expect(toRaw(two!)).toBe(source.value[0]);
    expect(seenList.list!.value).not.toContain(one);
    expect(wrapper.findAll('li').map(li => li.text())).toEqual(['Two, changed', 'Three']);
    // an entity alone: its row re-renders, the array stays
    const list = seenList.list!.value;
    source.value = [source.value[0]!, v(3, 'Three, changed')];
    await settle();
    expect(seenList.list!.value).toBe(list);
    expect(textOf(wrapper, '#row-3')).toBe('Three, changed');
    expect(renders.get(3)).toBe(1);
    wrapper.unmount();
  });
});
