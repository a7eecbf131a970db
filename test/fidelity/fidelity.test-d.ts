// Types a data-client 0.18 codebase relies on: its override signatures, typed reads and the
// members this library adds for fidelity (`create`, `remove`, `paginated`).
import { describe, expectTypeOf, it } from 'vitest';
import {
  All,
  createDataClient,
  Entity,
  EntityMixin,
  Lazy,
  resource,
  RestEndpoint,
  validateRequired,
  type RestGenerics,
} from '../../src/core/index.js';

class Article extends Entity {
  id = 0;
  title = '';
  tags: string[] = [];
}

/** data-client's documented auth override, generic as in its docs. */
class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: HeadersInit): HeadersInit | Promise<HeadersInit> {
    return { ...(headers as Record<string, string>), 'Access-Token': 'token' };
  }
}

/** Every documented override, non-generic. */
class Customized extends RestEndpoint {
  override urlPrefix = 'https://api.test';
  override getHeaders(headers: HeadersInit): Promise<HeadersInit> {
    return Promise.resolve(headers);
  }
  override async getRequestInit(body?: unknown): Promise<RequestInit> {
    return { ...(await super.getRequestInit(body)), credentials: 'include' };
  }
  override fetchResponse(input: string, init: RequestInit): Promise<Response> {
    return super.fetchResponse(input, init);
  }
  override parseResponse(response: Response): Promise<unknown> {
    return super.parseResponse(response);
  }
  override process(value: unknown, ...args: unknown[]): unknown {
    return super.process(value, ...(args as never[]));
  }
  override searchToString(searchParams: Record<string, unknown>): string {
    return super.searchToString(searchParams);
  }
}

describe('override signatures of data-client', () => {
  it('compile in generic and non-generic subclasses, which resource({ Endpoint }) accepts', () => {
    const A = resource({ path: '/articles/:id', schema: Article, Endpoint: AuthdEndpoint });
    const B = resource({ path: '/articles/:id', schema: Article, Endpoint: Customized });
    expectTypeOf(A.get({ id: 1 })).toEqualTypeOf<Promise<Article>>();
    expectTypeOf(B.getList()).toEqualTypeOf<Promise<Article[]>>();
  });
});

describe('members of 0.18', () => {
  const R = resource({ path: '/articles/:id', schema: Article, paginationField: 'cursor' });

  it('create is getList.push; getList.remove takes the list arguments and resolves to the entity', () => {
    expectTypeOf(R.create).toEqualTypeOf(R.getList.push);
    expectTypeOf(R.getList.remove).toBeObject();
  });

  it('paginated(field) requires the cursor besides the list arguments', () => {
    const next = R.getList.paginated('page');
    expectTypeOf(next({ page: 2 })).toEqualTypeOf<Promise<Article[]>>();
  });

  it('validateRequired returns the message or undefined', () => {
    expectTypeOf(validateRequired({}, { id: 0 })).toEqualTypeOf<string | undefined>();
  });

  it('EntityMixin without options gives an extendable entity class', () => {
    class Tag extends EntityMixin(class { id = ''; name = ''; }) {}
    expectTypeOf(Tag.key).toBeString();
    expectTypeOf(new Tag().pk()).toEqualTypeOf<string | number | undefined>();
  });
});

describe('typed reads', () => {
  it('controller.get, snapshot().get and client.query return the denormalized type', () => {
    const client = createDataClient();
    const { controller } = client;
    expectTypeOf(controller.get(Article, { id: 1 })).toEqualTypeOf<Article | undefined>();
    expectTypeOf(controller.get(new All(Article))).toEqualTypeOf<Article[] | undefined>();
    expectTypeOf(controller.snapshot().get(Article, { id: 1 })).toEqualTypeOf<Article | undefined>();
    expectTypeOf(client.query(Article, { id: 1 }).value).toEqualTypeOf<Article | undefined>();
    expectTypeOf(client.query(new Lazy([Article]).query, ['1']).value).toEqualTypeOf<Article[] | undefined>();
  });

  it('destructured controller methods keep their types', () => {
    const { fetch, get } = createDataClient().controller;
    const R = resource({ path: '/articles/:id', schema: Article });
    expectTypeOf(fetch(R.get, { id: 1 })).toEqualTypeOf<Promise<Article>>();
    expectTypeOf(get(Article, { id: 1 })).toEqualTypeOf<Article | undefined>();
  });
});
