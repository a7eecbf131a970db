// @vitest-environment jsdom
// The README's first Vue code: `await useSuspense(getList)` and a `v-for` of row components that take
// the entity as a prop and read its fields. The array stays the same while only entities change, each
// row re-renders only when its entity does, the values keep their semantics (`===` for an unchanged
// entity, immutable, `toRaw` gives the store's object), and other readers of the same store view get
// the store's values as they are; an object held outside any render reads the current value; what a
// `watch` of the list follows is pinned. Real components, the loopback server.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { computed, createSSRApp, defineComponent, h, isReactive, markRaw, nextTick, onUpdated, reactive, shallowRef, toRaw, watch } from 'vue';
import { renderToString } from 'vue/server-renderer';
import type { ComputedRef, PropType } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { DataClientPlugin, useCache, useDLE, useSuspense } from '../../../src/adapters/vue/index.js';
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
    expect(() => {
      delete (item as { body?: string }).body;
    }).toThrow(TypeError);
    expect(item.body).toBe('Body 7');
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

  it('a first list makes its objects without asking any entity its pk; an update asks the changed one only', async () => {
    // the cold path of a first render: one `pk()` per class (to learn the fields naming an entity),
    // none per row; a map of the listed pks is needed only once a list was shown before
    const pk = Article.prototype.pk;
    let asked = 0;
    Article.prototype.pk = function (this: Article, ...args: Parameters<typeof pk>) {
      if (this instanceof Article) asked++;
      return pk.apply(this, args);
    };
    try {
      const client = makeClient();
      const { List, seen } = components();
      const { wrapper } = mountSuspended(List, client);
      await until(() => wrapper.findAll('li').length === ROWS);
      expect(seen.list!.value).toHaveLength(ROWS);
      expect(asked).toBeLessThanOrEqual(1);
      asked = 0;
      await client.controller.fetch(api.partialUpdate, { id: 5 }, { title: 'Five' });
      await until(() => wrapper.find('#row-5').text() === 'Five');
      expect(asked).toBe(2);
      wrapper.unmount();
      client.destroy();
    } finally {
      Article.prototype.pk = pk;
    }
  });

  it('an update of one entity looks at the others by identity only: their `pk` is not even read', async () => {
    // the list is presented again on every store update: a pass over all rows that asked each
    // entity whether it is one (`typeof entity.pk`) would cost a property read per row per update
    const client = makeClient();
    const { List, seen } = components();
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    const pk = Article.prototype.pk;
    const own = Object.getOwnPropertyDescriptor(Article.prototype, 'pk');
    const read = new Set<number>();
    Object.defineProperty(Article.prototype, 'pk', {
      configurable: true,
      get(this: Article) {
        if (Object.getPrototypeOf(this) === Article.prototype) read.add(this.id);
        return pk;
      },
    });
    try {
      client.controller.setResponse(api.get, { id: 5 }, { id: 5, title: 'Five, local', body: '' });
      await settle();
      expect(wrapper.find('#row-5').text()).toBe('Five, local');
      expect(seen.list!.value).toHaveLength(ROWS);
      expect([...read]).toEqual([5]);
    } finally {
      if (own) Object.defineProperty(Article.prototype, 'pk', own);
      else delete (Article.prototype as { pk?: unknown }).pk;
    }
    wrapper.unmount();
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

  it('a server render shows the list and subscribes nothing', async () => {
    const client = makeClient();
    const { List } = components();
    const app = createSSRApp(defineComponent({ setup: () => () => h(List) }));
    app.use(DataClientPlugin, { client });
    const html = await renderToString(app);
    expect(html.match(/<li/g)?.length).toBe(ROWS);
    expect(html).toContain('<li id="row-7">Article 7</li>');
    expect(watcherCount(client)).toBe(0);
    client.destroy();
  });

  it('an entity that changed in the same update as the membership shows its new value in the object kept for it', async () => {
    const client = makeClient();
    const { List, rowRenders, seen } = components();
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    const before = seen.list!.value;
    const [one, two] = before;
    // one write of the list: drops 1, changes 2, keeps the rest
    const rows = before.slice(1).map(a => ({ id: a.id, title: a.title, body: a.body }));
    rows[0] = { ...rows[0]!, title: 'Two, changed' };
    client.controller.setResponse(api.getList, rows);
    await settle();
    expect(seen.list!.value).not.toBe(before);
    expect(seen.list!.value[0]).toBe(two);
    expect(two!.title).toBe('Two, changed');
    expect(toRaw(two!)).toBe(client.suspense(api.getList).value[0]);
    expect(seen.list!.value).not.toContain(one);
    expect(wrapper.findAll('li').slice(0, 2).map(li => li.text())).toEqual(['Two, changed', 'Article 3']);
    // an entity alone: its row re-renders, the array stays
    const list = seen.list!.value;
    rowRenders.clear();
    client.controller.setResponse(api.get, { id: 3 }, { id: 3, title: 'Three, changed', body: '' });
    await settle();
    expect(seen.list!.value).toBe(list);
    expect(textOf(wrapper, '#row-3')).toBe('Three, changed');
    expect([...rowRenders]).toEqual([[3, 1]]);
    wrapper.unmount();
    client.destroy();
  });

  it('an object kept outside any render (an event handler) reads the current value after the store changes', async () => {
    const client = makeClient();
    const kept: { first?: Article; list?: ComputedRef<Article[]> } = {};
    const Page = defineComponent({
      async setup() {
        const list = await useSuspense(api.getList);
        // read once in setup, then only by "handlers": no render or computed reads the ref again
        kept.first = list.value[0];
        kept.list = list;
        return () => h('p', { id: 'page' }, 'ready');
      },
    });
    const { wrapper } = mountSuspended(Page, client);
    await until(() => wrapper.find('#page').exists());
    const first = kept.first!;
    expect(first.title).toBe('Article 1');
    client.controller.setResponse(api.get, { id: 1 }, { id: 1, title: 'One, local', body: 'b' });
    await settle();
    expect(first.title).toBe('One, local');
    expect(first.body).toBe('b');
    expect(toRaw(first)).toBe(client.suspense(api.getList).value[0]);
    expect({ ...first }).toEqual({ id: 1, title: 'One, local', body: 'b' });
    // a PATCH reply alike, and the ref read afterwards gives the same objects
    await client.controller.fetch(api.partialUpdate, { id: 1 }, { title: 'One, patched' });
    expect(first.title).toBe('One, patched');
    expect(kept.list!.value[0]).toBe(first);
    wrapper.unmount();
    client.destroy();
  });

  it('watch(list) fires when the membership changes, not when only an entity does; a getter or `deep` follows entities', async () => {
    const client = makeClient();
    const calls = { list: 0, titles: 0, deep: 0, row: 0, rowDeep: 0 };
    const Row = defineComponent({
      props: { article: { type: Article, required: true } },
      setup(props) {
        if (props.article.id === 5) {
          watch(() => props.article, () => calls.row++);
          watch(() => props.article, () => calls.rowDeep++, { deep: true });
        }
        return () => h('li', { id: `row-${props.article.id}` }, props.article.title);
      },
    });
    const List = defineComponent({
      async setup() {
        const list = await useSuspense(api.getList);
        watch(list, () => calls.list++);
        watch(() => list.value.map(a => a.title), () => calls.titles++);
        watch(list, () => calls.deep++, { deep: true });
        return () => h('ul', list.value.map(a => h(Row, { key: a.id, article: a })));
      },
    });
    const { wrapper } = mountSuspended(List, client);
    await until(() => wrapper.findAll('li').length === ROWS);
    client.controller.setResponse(api.get, { id: 5 }, { id: 5, title: 'Five, local', body: '' });
    await settle();
    expect(textOf(wrapper, '#row-5')).toBe('Five, local');
    expect(calls).toEqual({ list: 0, titles: 1, deep: 1, row: 0, rowDeep: 1 });
    await client.controller.fetch(api.getList.push, { title: 'New one', body: '' });
    await until(() => wrapper.findAll('li').length === ROWS + 1);
    await settle();
    expect(calls).toEqual({ list: 1, titles: 2, deep: 2, row: 0, rowDeep: 1 });
    wrapper.unmount();
    client.destroy();
  });
});
