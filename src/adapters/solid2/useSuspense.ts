import type { SourceAccessor } from 'solid-js';
import { createCall } from './call.js';
import { clientFor } from './context.js';
import { suspenseAccessor } from './suspenseAccessor.js';
import type { DataOf, EndpointOf, MaybeEndpointAccessor, SolidArgs } from '../solid/types.js';

/**
 * The data of `endpoint(...args)` as an accessor in Solid 2's async model. On a first load the
 * accessor is not ready: the nearest `<Loading>` shows its fallback until the data is in the store
 * (fetched when missing or stale). After that it never suspends again for the same arguments: a
 * refetch after `invalidate` keeps the last value and `isPending(() => data())` reads true meanwhile;
 * polling and other views' mutations update it in place. A failed fetch is thrown to the nearest
 * `<Errored>`, whose `reset` fetches again. `refresh(data)` refetches through the controller
 * (deduplicated like `controller.fetch`). Arguments may be values or accessors; a switch to
 * arguments whose data is not in the store is a change in flight as Solid 2 sees it (the last value
 * stays with `isPending` true, or `<Loading on={id()}>` shows its fallback). A first argument of
 * `null` means "not yet": the accessor reads `undefined` and fetches nothing.
 *
 * @example
 * function ArticlePage(props: { id: number }) {
 *   const article = useSuspense(ArticleResource.get, () => ({ id: props.id }));
 *   return <h1 class={{ stale: isPending(() => article()) }}>{article().title}</h1>;
 * }
 */
export function useSuspense<E extends MaybeEndpointAccessor>(
  endpoint: E,
  ...args: SolidArgs<Parameters<EndpointOf<E>>>
): SourceAccessor<DataOf<EndpointOf<E>>> {
  const client = clientFor('useSuspense');
  return suspenseAccessor<DataOf<EndpointOf<E>>>(
    createCall(endpoint, args),
    c => client.suspense(c.endpoint, ...c.args),
    c => client.controller.fetch(c.endpoint, ...c.args),
  );
}
