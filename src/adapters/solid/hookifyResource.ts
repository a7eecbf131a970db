import { readValue } from './args.js';
import type { MaybeAccessor } from './types.js';

/**
 * A request init whose `headers` (and other fields) are merged into each request; an accessor is
 * read at request time.
 *
 * @example
 * const init: RequestInitSource = () => ({ headers: { authorization: `Bearer ${token()}` } });
 */
export type RequestInitSource = MaybeAccessor<RequestInit>;

interface Extendable {
  extend(options: object): unknown;
}

/** A member that can carry request init: an endpoint with `extend` and `getRequestInit`. */
type Hookable = Extendable & { getRequestInit?: unknown };

/**
 * The primitives `hookifyResource` makes: `use` + the member's name in PascalCase for each
 * endpoint member, and `useCreate` for `getList.push`.
 *
 * @example
 * const ArticleApi: HookResource<typeof ArticleResource> = hookifyResource(ArticleResource, useAuthInit);
 */
export type HookResource<R> = {
  [K in Extract<keyof R, string> as R[K] extends Extendable ? `use${Capitalize<K>}` : never]: () => R[K];
} & (R extends { getList: { push: infer P } } ? { useCreate: () => P } : unknown);

function pascal(name: string): string {
  return name.slice(0, 1).toUpperCase() + name.slice(1);
}

function isExtendable(value: unknown): value is Hookable {
  return typeof value === 'function' && typeof (value as { extend?: unknown }).extend === 'function';
}

function mergeInit(base: RequestInit, extra: RequestInit): RequestInit {
  const headers = new Headers(base.headers);
  new Headers(extra.headers).forEach((value, name) => headers.set(name, value));
  return { ...base, ...extra, headers };
}

/**
 * The endpoint extended so that each request merges `source`'s init (read at request time when it
 * is an accessor) over the endpoint's own: headers are combined, the given ones winning.
 */
function withInit<E extends Hookable>(endpoint: E, source: RequestInitSource): E {
  const base = endpoint as unknown as { getRequestInit(this: unknown, body?: unknown): RequestInit | Promise<RequestInit> };
  return endpoint.extend({
    async getRequestInit(this: unknown, body?: unknown) {
      const own = base.getRequestInit.call(this, body);
      const extra = readValue(source);
      return mergeInit(await own, extra);
    },
  }) as E;
}

/**
 * Turns a resource into primitives that carry per-component request init, typically an auth
 * header from context: `useGet()`, `useGetList()`, `useUpdate()`, `usePartialUpdate()`,
 * `useDelete()`, one for each member added with `extend`, and `useCreate()` for `getList.push`.
 * Each calls `useInit()` (so it may use `useContext`) and returns the member extended with that
 * init merged into every request; `useInit` may return an accessor to read a changing token at
 * request time. Call them during component setup, then pass the endpoint to `useSuspense`,
 * `useDLE` or `controller.fetch`.
 *
 * @example
 * const AuthContext = createContext('');
 * const ArticleApi = hookifyResource(ArticleResource, () => {
 *   const token = useContext(AuthContext);
 *   return { headers: { 'Access-Token': token } };
 * });
 * function ArticleView(props: { id: number }) {
 *   const article = useSuspense(ArticleApi.useGet(), () => ({ id: props.id }));
 *   const update = ArticleApi.useUpdate();
 *   const ctrl = useController();
 *   return <button onClick={() => ctrl.fetch(update, { id: props.id }, { title: 'x' })}>{article()?.title}</button>;
 * }
 */
export function hookifyResource<R extends object>(resource: R, useInit: () => RequestInitSource): HookResource<R> {
  const hooks: Record<string, () => unknown> = Object.create(null);
  for (const name of Object.keys(resource)) {
    const member = (resource as Record<string, unknown>)[name];
    if (isExtendable(member)) hooks[`use${pascal(name)}`] = () => withInit(member, useInit());
  }
  const push = (resource as { getList?: { push?: unknown } }).getList?.push;
  if (isExtendable(push)) hooks.useCreate = () => withInit(push, useInit());
  return hooks as HookResource<R>;
}
