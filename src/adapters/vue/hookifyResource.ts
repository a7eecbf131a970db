import { toValue } from 'vue';
import type { MaybeRefOrGetter } from 'vue';

/**
 * A request init whose `headers` (and other fields) are merged into each request: a value, a ref
 * or a getter (read at request time).
 *
 * @example
 * const init: RequestInitSource = () => ({ headers: { Authorization: `Bearer ${token.value}` } });
 */
export type RequestInitSource = MaybeRefOrGetter<RequestInit>;

interface Extendable {
  extend(options: object): unknown;
}

/**
 * The composables `hookifyResource` makes: `use` + the member's name in PascalCase for each
 * endpoint member, and `useCreate` for `getList.push`.
 *
 * @example
 * const Api: HookResource<typeof ArticleResource> = hookifyResource(ArticleResource, useAuthInit);
 */
export type HookResource<R> = {
  [K in Extract<keyof R, string> as R[K] extends Extendable ? `use${Capitalize<K>}` : never]: () => R[K];
} & (R extends { getList: { push: infer P } } ? { useCreate: () => P } : unknown);

type RequestInitReader = (this: unknown, body?: unknown) => RequestInit | Promise<RequestInit>;

function pascal(name: string): string {
  return name.slice(0, 1).toUpperCase() + name.slice(1);
}

function isExtendable(value: unknown): value is Extendable {
  return typeof value === 'function' && typeof (value as { extend?: unknown }).extend === 'function';
}

/** `extra` over `base`: fields replaced, headers combined with the given ones winning. */
function mergeInit(base: RequestInit, extra: RequestInit): RequestInit {
  const headers = new Headers(base.headers);
  new Headers(extra.headers).forEach((value, name) => headers.set(name, value));
  return { ...base, ...extra, headers };
}

/**
 * The endpoint extended so that each request merges `source`'s init (read at request time, so a
 * ref or getter yields the current token) over the endpoint's own.
 */
function withInit<E extends Extendable>(endpoint: E, source: RequestInitSource): E {
  const own = (endpoint as unknown as { getRequestInit?: RequestInitReader }).getRequestInit;
  if (typeof own !== 'function') {
    throw new TypeError(`hookifyResource: endpoint ${String((endpoint as { name?: unknown }).name)} has no getRequestInit()`);
  }
  return endpoint.extend({
    async getRequestInit(this: unknown, body?: unknown) {
      const base = own.call(this, body);
      const extra = toValue(source);
      return mergeInit(await base, extra);
    },
  }) as E;
}

/**
 * Turns a resource into composables that carry per-component request init, typically an auth
 * header from `inject`: `useGet()`, `useGetList()`, `useUpdate()`, `usePartialUpdate()`,
 * `useDelete()`, one for each member added with `extend`, and `useCreate()` for `getList.push`.
 * Each calls `useInit()` (so it may `inject`) and returns the member extended with that init
 * merged into every request; `useInit` may return a ref or getter to read a changing token at
 * request time. Call them in `setup`, then pass the endpoint to `useSuspense`, `useDLE` or
 * `controller.fetch`.
 *
 * @example
 * const ArticleApi = hookifyResource(ArticleResource, () => {
 *   const token = inject(AuthToken, ref(''));
 *   return () => ({ headers: { 'Access-Token': token.value } });
 * });
 * const ArticleView = defineComponent({
 *   async setup() {
 *     const article = await useSuspense(ArticleApi.useGet(), { id: 1 });
 *     return () => h('h1', article.value.title);
 *   },
 * });
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
