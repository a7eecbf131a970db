/**
 * The framework-free half of `hookifyResource` (the Solid and Vue adapters add only how a
 * component reads its init): one hook per endpoint member of a resource, and endpoints that merge
 * a request init supplied at request time over their own.
 */

interface Extendable {
  extend(options: object): unknown;
}

type RequestInitReader = (this: unknown, body?: unknown) => RequestInit | Promise<RequestInit>;

/**
 * The hooks `hookifyResource` makes: `use` + the member's name in PascalCase for each endpoint
 * member, and `useCreate` for `getList.push`.
 *
 * @example
 * const ArticleApi: HookResource<typeof ArticleResource> = hookifyResource(ArticleResource, useAuthInit);
 * const get = ArticleApi.useGet(); // ArticleResource.get with the init merged in
 */
export type HookResource<R> = {
  [K in Extract<keyof R, string> as R[K] extends Extendable ? `use${Capitalize<K>}` : never]: () => R[K];
} & (R extends { getList: { push: infer P } } ? { useCreate: () => P } : unknown);

function isExtendable(value: unknown): value is Extendable {
  return typeof value === 'function' && typeof (value as { extend?: unknown }).extend === 'function';
}

/**
 * `endpoint` extended so that every request merges `readInit()` (called at request time, so it
 * can return the current token) over the endpoint's own `getRequestInit`: fields are replaced,
 * headers combined with the given ones winning.
 *
 * @example
 * const authed = withRequestInit(ArticleResource.get, () => ({ headers: { authorization: `Bearer ${token}` } }));
 * await ctrl.fetch(authed, { id: 1 });
 */
export function withRequestInit<E extends Extendable>(endpoint: E, readInit: () => RequestInit): E {
  const own = (endpoint as unknown as { getRequestInit?: RequestInitReader }).getRequestInit;
  if (typeof own !== 'function') {
    throw new TypeError(`withRequestInit: endpoint ${String((endpoint as { name?: unknown }).name)} has no getRequestInit()`);
  }
  return endpoint.extend({
    async getRequestInit(this: unknown, body?: unknown) {
      const base = own.call(this, body);
      const extra = readInit();
      const merged = await base;
      const headers = new Headers(merged.headers);
      new Headers(extra.headers).forEach((value, name) => headers.set(name, value));
      return { ...merged, ...extra, headers };
    },
  }) as E;
}

/**
 * One hook per endpoint member of `resource` (and `useCreate` for `getList.push`); each hook
 * returns `toHooked(member)`. The adapters' `hookifyResource` are this with `toHooked` calling
 * the component's `useInit()` and `withRequestInit`.
 *
 * @example
 * const hooks = hookifyMembers(ArticleResource, member => withRequestInit(member, () => init));
 * hooks.useGet(); hooks.useCreate();
 */
export function hookifyMembers<R extends object>(resource: R, toHooked: <E extends Extendable>(member: E) => E): HookResource<R> {
  const hooks: Record<string, () => unknown> = Object.create(null);
  for (const name of Object.keys(resource)) {
    const member = (resource as Record<string, unknown>)[name];
    if (isExtendable(member)) hooks[`use${name.slice(0, 1).toUpperCase()}${name.slice(1)}`] = () => toHooked(member);
  }
  const push = (resource as { getList?: { push?: unknown } }).getList?.push;
  if (isExtendable(push)) hooks.useCreate = () => toHooked(push);
  return hooks as HookResource<R>;
}
