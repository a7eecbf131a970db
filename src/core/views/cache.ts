import type { ReadonlySignal } from '@preact/signals-core';
import type { AnyEndpoint, DataOf } from '../controller/Controller.js';
import type { DenormalizeNullable } from '../schema/types.js';
import { setResponseSource } from '../store/responseSources.js';
import { queryReader, responseReader } from '../store/views.js';
import { keyOf } from '../controller/trailingState.js';
import type { ViewContext } from './ViewContext.js';

/** `client.cache`: the denormalized data of `endpoint(...args)` or undefined; never fetches. */
export function cacheView<E extends AnyEndpoint>(ctx: ViewContext, endpoint: E, args: readonly unknown[]): ReadonlySignal<DataOf<E> | undefined> {
  const { shared, store, viewOf } = ctx;
  const key = keyOf(endpoint, args);
  const existing = shared<DataOf<E> | undefined>('cache', endpoint, key);
  if (existing) return existing;
  // nothing but this view reads the response: computed inline, without a computed of its own
  const read = responseReader(store, endpoint, args, key);
  const view = viewOf('cache', endpoint, key, () => {
    const r = read();
    if (r.viewError) {
      store.viewThrows.add(r.viewError);
      throw r.viewError;
    }
    return r.data as DataOf<E> | undefined;
  });
  // what `membersOf` needs to follow this response's membership without watching the view
  if (key !== null) setResponseSource(view, { store, schema: endpoint.schema, args, key });
  return view;
}

/** `client.query`: an entity-table lookup (`Query`, `All`, `Entity` by pk or index); never fetches. */
export function queryView<S>(ctx: ViewContext, queryable: S, args: readonly unknown[]): ReadonlySignal<DenormalizeNullable<S>> {
  return ctx.viewOf('query', null, null, queryReader(ctx.store, queryable, args)) as ReadonlySignal<DenormalizeNullable<S>>;
}
