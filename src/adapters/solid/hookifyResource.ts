import { readValue } from './args.js';
import type { MaybeAccessor } from './types.js';
import { hookifyMembers, withRequestInit, type HookResource } from '../../core/index.js';

export type { HookResource };

/**
 * A request init whose `headers` (and other fields) are merged into each request; an accessor is
 * read at request time.
 *
 * @example
 * const init: RequestInitSource = () => ({ headers: { authorization: `Bearer ${token()}` } });
 */
export type RequestInitSource = MaybeAccessor<RequestInit>;

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
  return hookifyMembers(resource, member => {
    const source = useInit();
    return withRequestInit(member, () => readValue(source));
  });
}
