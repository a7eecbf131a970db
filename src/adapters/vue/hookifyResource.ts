import { toValue } from 'vue';
import type { MaybeRefOrGetter } from 'vue';
import { hookifyMembers, withRequestInit, type HookResource } from '../../core/index.js';

export type { HookResource };

/**
 * A request init whose `headers` (and other fields) are merged into each request: a value, a ref
 * or a getter (read at request time).
 *
 * @example
 * const init: RequestInitSource = () => ({ headers: { Authorization: `Bearer ${token.value}` } });
 */
export type RequestInitSource = MaybeRefOrGetter<RequestInit>;

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
  return hookifyMembers(resource, member => {
    const source = useInit();
    return withRequestInit(member, () => toValue(source));
  });
}
