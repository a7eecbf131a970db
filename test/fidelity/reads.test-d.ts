// Typed reads of a data-client 0.18 codebase, third part: every read of the store is typed from
// its definition, the same way in the core and in both adapters (one vocabulary, one type).
import type { Accessor } from 'solid-js';
import { describe, expectTypeOf, it } from 'vitest';
import type { ComputedRef } from 'vue';
import * as solid from '../../src/adapters/solid/index.js';
import * as vue from '../../src/adapters/vue/index.js';
import {
  All,
  Collection,
  createDataClient,
  Entity,
  Query,
  resource,
  schema,
  type DataClient,
  type DataClientOptions,
  type DataOf,
  type EndpointLike,
  type QueryResult,
} from '../../src/core/index.js';

class Article extends Entity {
  id = 0;
  title = '';
}

class User extends Entity {
  id = 0;
  name = '';
}

const ArticleResource = resource({ path: '/articles/:id', schema: Article });
const countArticles = new Query(new All(Article), (articles: Article[]) => articles.length);

describe('the adapters speak the core vocabulary', () => {
  it('their exported shared names are the core types themselves', () => {
    expectTypeOf<vue.DataOf<typeof ArticleResource.get>>().toEqualTypeOf<DataOf<typeof ArticleResource.get>>();
    expectTypeOf<vue.EndpointLike>().toEqualTypeOf<EndpointLike>();
    expectTypeOf<solid.EndpointLike>().toEqualTypeOf<EndpointLike>();
    expectTypeOf<vue.DataClient>().toEqualTypeOf<DataClient>();
    expectTypeOf<vue.DataClientOptions>().toEqualTypeOf<DataClientOptions>();
    expectTypeOf<vue.QueryResult<typeof Article>>().toEqualTypeOf<QueryResult<typeof Article>>();
    expectTypeOf<solid.QueryResult<All<typeof Article>>>().toEqualTypeOf<QueryResult<All<typeof Article>>>();
  });

  it('every resource member is an EndpointLike', () => {
    expectTypeOf(ArticleResource.get).toExtend<EndpointLike>();
    expectTypeOf(ArticleResource.getList).toExtend<EndpointLike>();
    expectTypeOf(ArticleResource.getList.push).toExtend<EndpointLike>();
    expectTypeOf(ArticleResource.delete).toExtend<EndpointLike>();
    // @ts-expect-error a plain async function is not an endpoint (no key, no schema, no name)
    expectTypeOf<() => Promise<Article>>().toExtend<EndpointLike>();
  });
});

describe('lookups (controller.get, client.query, useQuery) give one type', () => {
  it('an Entity by primary key', () => {
    const client = createDataClient();
    expectTypeOf(client.controller.get(Article, { id: 1 })).toEqualTypeOf<Article | undefined>();
    expectTypeOf(client.query(Article, { id: 1 }).value).toEqualTypeOf<Article | undefined>();
    expectTypeOf(solid.useQuery(Article, { id: 1 })).toEqualTypeOf<Accessor<Article | undefined>>();
    expectTypeOf(vue.useQuery(Article, { id: 1 })).toEqualTypeOf<ComputedRef<Article | undefined>>();
  });

  it('new All(Entity) and schema.All', () => {
    const client = createDataClient();
    expectTypeOf(client.controller.get(new All(Article))).toEqualTypeOf<Article[] | undefined>();
    expectTypeOf(client.query(new All(Article)).value).toEqualTypeOf<Article[] | undefined>();
    expectTypeOf(client.query(new schema.All(User)).value).toEqualTypeOf<User[] | undefined>();
    expectTypeOf(solid.useQuery(new All(Article))).toEqualTypeOf<Accessor<Article[] | undefined>>();
    expectTypeOf(vue.useQuery(new All(Article))).toEqualTypeOf<ComputedRef<Article[] | undefined>>();
    expectTypeOf(vue.useQuery(() => new All(Article))).toEqualTypeOf<ComputedRef<Article[] | undefined>>();
  });

  it('a Query gives what its process returns', () => {
    const client = createDataClient();
    expectTypeOf(client.controller.get(countArticles)).toEqualTypeOf<number | undefined>();
    expectTypeOf(client.query(countArticles).value).toEqualTypeOf<number | undefined>();
    expectTypeOf(solid.useQuery(countArticles)).toEqualTypeOf<Accessor<number | undefined>>();
    expectTypeOf(vue.useQuery(countArticles)).toEqualTypeOf<ComputedRef<number | undefined>>();
  });

  it('a Collection read with useCache / client.cache gives the list', () => {
    const client = createDataClient();
    const Listed = resource({ path: '/articles/:id', schema: Article });
    expectTypeOf(Listed.getList.schema).toExtend<Collection>();
    expectTypeOf(client.cache(Listed.getList).value).toEqualTypeOf<Article[] | undefined>();
    expectTypeOf(vue.useCache(Listed.getList)).toEqualTypeOf<ComputedRef<Article[] | undefined>>();
    expectTypeOf(solid.useCache(Listed.getList)).toEqualTypeOf<Accessor<Article[] | undefined>>();
  });

  it('no lookup is unknown or any', () => {
    const client = createDataClient();
    expectTypeOf(client.query(new All(Article)).value).not.toBeUnknown();
    expectTypeOf(client.query(new All(Article)).value).not.toBeAny();
    expectTypeOf(vue.useQuery(new All(Article)).value).not.toBeUnknown();
    expectTypeOf(solid.useQuery(new All(Article))()).not.toBeAny();
  });
});

describe('destructured controller methods keep their types', () => {
  it('from the client, and from both adapters\' useController', () => {
    const { fetch, fetchIfStale, invalidate, invalidateAll, expireAll, get, getResponse, getError, setResponse, resetEntireStore } =
      createDataClient().controller;
    expectTypeOf(fetch(ArticleResource.get, { id: 1 })).toEqualTypeOf<Promise<Article>>();
    expectTypeOf(fetch(ArticleResource.getList)).toEqualTypeOf<Promise<Article[]>>();
    expectTypeOf(fetchIfStale(ArticleResource.get, { id: 1 })).toEqualTypeOf<Promise<Article>>();
    expectTypeOf(invalidate(ArticleResource.get, { id: 1 })).toEqualTypeOf<Promise<void>>();
    expectTypeOf(invalidateAll).parameter(0).toEqualTypeOf<{ readonly testKey: (key: string) => boolean }>();
    expectTypeOf(expireAll).parameter(0).toEqualTypeOf<{ readonly testKey: (key: string) => boolean }>();
    expectTypeOf(get(new All(Article))).toEqualTypeOf<Article[] | undefined>();
    expectTypeOf(getResponse(ArticleResource.get, { id: 1 }).data).toEqualTypeOf<Article | undefined>();
    expectTypeOf(getError(ArticleResource.get, { id: 1 })).not.toBeAny();
    expectTypeOf(resetEntireStore).returns.not.toBeAny();
    void setResponse(ArticleResource.get, { id: 1 }, { id: 1, title: 'a' });
    // @ts-expect-error the path parameter is required
    void fetch(ArticleResource.get, {});

    const fromSolid = solid.useController();
    const { fetch: solidFetch, invalidate: solidInvalidate } = fromSolid;
    expectTypeOf(solidFetch(ArticleResource.get, { id: 1 })).toEqualTypeOf<Promise<Article>>();
    expectTypeOf(solidInvalidate).toEqualTypeOf(invalidate);
    const { fetch: vueFetch, get: vueGet } = vue.useController();
    expectTypeOf(vueFetch(ArticleResource.getList)).toEqualTypeOf<Promise<Article[]>>();
    expectTypeOf(vueGet(Article, { id: 1 })).toEqualTypeOf<Article | undefined>();
  });
});
