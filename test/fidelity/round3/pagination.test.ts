// Pagination as data-client 0.18 does it: a page is stored under its list's result (the arguments
// without the cursor), so the list shows the page reply's other members (`link`, `nextPage`) and
// "load more" asks for the next page; `controller.fetch(getList.getPage, ...)` resolves to the page.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Collection, createDataClient, Entity, RestEndpoint, type DataClient, type RestGenerics } from '../../../src/core/index.js';
import { createTestServer, reply, type TestServer } from '../../server/createTestServer.js';

class Article extends Entity {
  id = 0;
  title = '';
}

const ARTICLES = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, title: `A${i + 1}` }));
const pageOf = (page: number) => ARTICLES.slice((page - 1) * 2, page * 2);

let server: TestServer;
let client: DataClient;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => {
  server.clear();
  client = createDataClient();
  return () => client.destroy();
});
afterAll(() => server.close());

/** A list endpoint whose reply carries the next page's number in the body. */
function bodyCursorList() {
  server.route('GET', '/articles', req => {
    const page = Number(req.query.get('page') ?? 1);
    return { results: pageOf(page), nextPage: page < 3 ? String(page + 1) : '' };
  });
  return new RestEndpoint({
    urlPrefix: server.url,
    path: '/articles',
    searchParams: {} as { page?: string },
    schema: { results: new Collection([Article]), nextPage: '' },
    paginationField: 'page',
    name: 'articles',
  });
}

/** A list endpoint reading the next page from a Link header, as data-client's GitHub example does. */
class LinkListEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override async parseResponse(response: Response) {
    const results = await response.json();
    const next = /<[^>]*[?&]page=(\d+)[^>]*>;\s*rel="next"/.exec(response.headers.get('link') ?? '');
    return { results, link: next ? next[1]! : '' };
  }
}

describe('getList.getPage advances the list', () => {
  it("the list's result shows the page reply's nextPage and the items of both pages", async () => {
    const getList = bodyCursorList();
    const first = await client.controller.fetch(getList);
    expect(first.nextPage).toBe('2');
    await client.controller.fetch(getList.getPage, { page: first.nextPage });
    const list = client.controller.getResponse(getList).data;
    expect(list?.results.map(a => a.id)).toEqual([1, 2, 3, 4]);
    expect(list?.nextPage).toBe('3');
  });

  it('a Link-header app requests page 3 after page 2, not page 2 again', async () => {
    server.route('GET', '/issues', req => {
      const page = Number(req.query.get('page') ?? 1);
      const link = page < 3 ? `<${server.url}/issues?page=${page + 1}>; rel="next"` : '';
      return reply(200, pageOf(page), link ? { link } : {});
    });
    const getList = new LinkListEndpoint({ urlPrefix: server.url, path: '/issues', searchParams: {} as { page?: string }, schema: { results: new Collection([Article]), link: '' }, paginationField: 'page' });
    await client.controller.fetch(getList);
    // "load more", as the example app writes it: the page named by the list's current link
    for (let i = 0; i < 2; i++) {
      const { link } = client.controller.getResponse(getList).data!;
      await client.controller.fetch(getList.getPage, { page: link });
    }
    expect(server.requests.map(r => r.url)).toEqual(['/issues', '/issues?page=2', '/issues?page=3']);
    const list = client.controller.getResponse(getList).data;
    expect(list?.results.map(a => a.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list?.link).toBe('');
  });
});

describe('controller.fetch(getList.getPage)', () => {
  it('resolves to the page it fetched, not the whole list', async () => {
    const getList = bodyCursorList();
    await client.controller.fetch(getList);
    const page = await client.controller.fetch(getList.getPage, { page: '2' });
    expect(page.results.map(a => a.id)).toEqual([3, 4]);
    expect(page.results[0]).toBeInstanceOf(Article);
    expect(page.nextPage).toBe('3');
  });

  it('for a plain list schema too', async () => {
    server.resource('/posts', ARTICLES, { pageField: 'page', pageSize: 2 });
    const getList = new RestEndpoint({ urlPrefix: server.url, path: '/posts', searchParams: {} as { page?: number }, schema: new Collection([Article]), paginationField: 'page' });
    await client.controller.fetch(getList);
    const page = await client.controller.fetch(getList.getPage, { page: 3 });
    expect(page.map(a => a.id)).toEqual([5, 6]);
  });
});

describe('"load more" while the list itself is refetched', () => {
  // The page shares its list's key (its reply is the list's result) but is another request: it is
  // sent, not joined to the list's request in flight (which would resolve it with page 1).
  it('sends the page and resolves to it; the list ends with both pages', async () => {
    const getList = bodyCursorList();
    await client.controller.fetch(getList);
    // the refetch of the list is held by the server while "load more" runs
    const release = server.next.hold();
    const refetch = client.controller.fetch(getList);
    await release.arrived;
    const page = await client.controller.fetch(getList.getPage, { page: '2' });
    expect(page.results.map(a => a.id)).toEqual([3, 4]);
    expect(server.requests.map(r => r.url)).toEqual(['/articles', '/articles', '/articles?page=2']);
    await release();
    await refetch;
    const list = client.controller.getResponse(getList).data;
    // the list's reply (sent before the page) does not take page 2 away again
    expect(list?.results.map(a => a.id)).toEqual([1, 2, 3, 4]);
    expect(list?.nextPage).toBe('3');
  });

  it('the same page asked twice while in flight is one request; another page is another', async () => {
    const getList = bodyCursorList();
    await client.controller.fetch(getList);
    const release = server.next.hold();
    const twice = [client.controller.fetch(getList.getPage, { page: '2' }), client.controller.fetch(getList.getPage, { page: '2' })];
    await release.arrived;
    const third = client.controller.fetch(getList.getPage, { page: '3' });
    await third;
    await release();
    const [a, b] = await Promise.all(twice);
    expect(a.results.map(x => x.id)).toEqual([3, 4]);
    expect(b).toEqual(a);
    expect(server.requests.map(r => r.url)).toEqual(['/articles', '/articles?page=2', '/articles?page=3']);
  });

  it('a view refetching the list joins the list request, not a page in flight', async () => {
    const getList = bodyCursorList();
    await client.controller.fetch(getList);
    const release = server.next.hold();
    const page = client.controller.fetch(getList.getPage, { page: '2' });
    await release.arrived;
    // two refetches of the list while the page is held: one request, separate from the page's
    const [one, two] = await Promise.all([client.controller.fetch(getList), client.controller.fetch(getList)]);
    expect(one).toBe(two);
    expect(server.requests.map(r => r.url)).toEqual(['/articles', '/articles?page=2', '/articles']);
    await release();
    expect((await page).results.map(a => a.id)).toEqual([3, 4]);
  });
});
