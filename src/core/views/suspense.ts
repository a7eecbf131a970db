import { untracked, type ReadonlySignal } from '@preact/signals-core';
import type { AnyEndpoint, DataOf } from '../controller/Controller.js';
import { isUsable, needsFetch, visibleError } from '../store/readResponse.js';
import { setResponseSource } from '../store/responseSources.js';
import { ExpiryStatus } from '../store/types.js';
import { responseView } from '../store/views.js';
import { keyOf } from '../controller/trailingState.js';
import type { ViewContext } from './ViewContext.js';

/**
 * `client.suspense`: the denormalized data of `endpoint(...args)`; reading it before there is
 * data throws the pending promise (or the error), as data-client's `useSuspense`: missing,
 * invalid or expired data (or error) starts a fetch, and the view waits for it unless it has data
 * it may show meanwhile; a fresh error is thrown.
 */
export function suspenseView<E extends AnyEndpoint>(ctx: ViewContext, endpoint: E, args: readonly unknown[]): ReadonlySignal<DataOf<E>> {
  const { shared, store, gate, wantsFetch, fetch, viewOf, activate } = ctx;
  const key = keyOf(endpoint, args);
  const existing = shared<DataOf<E>>('suspense', endpoint, key);
  if (existing) return existing;
  const resp = responseView(store, endpoint, args, key);
  const thrown = <T>(value: T): T => {
    store.viewThrows.add(value as object);
    return value;
  };
  const read = (): DataOf<E> => {
    const r = resp.value;
    if (key === null) return undefined as DataOf<E>;
    const now = Date.now();
    const usable = isUsable(r, now);
    // a restore is running: it may answer this view without a request
    const g = !r.viewError && !usable ? gate.value : undefined;
    if (g?.restoring) throw thrown(g.restored);
    if (!r.viewError && needsFetch(r, now)) {
      const fetching = untracked(() => wantsFetch(endpoint, args, key, r, now) || store.owners.isInflight(key));
      if (fetching) {
        const pending = untracked(() => fetch(endpoint, args));
        if (!usable || r.expiryStatus !== ExpiryStatus.Valid) throw thrown(pending);
      }
    }
    const error = r.viewError ?? visibleError(r.entry);
    if (error) throw thrown(error);
    if (usable) return r.data as DataOf<E>;
    throw thrown(untracked(() => fetch(endpoint, args)));
  };
  if (key === null) return viewOf('suspense', endpoint, key, read);
  const view = viewOf('suspense', endpoint, key, read, () => activate(endpoint, args, key, () => resp.value));
  // `membersOf` follows this response's membership without watching the view; while it does,
  // the response is still fetched when it needs to be, checked again whenever that membership
  // (or the result) changes, and not on every update of a listed entity
  setResponseSource(view, {
    store,
    schema: endpoint.schema,
    args,
    key,
    watch: track =>
      activate(endpoint, args, key, () => {
        track();
        return untracked(() => resp.value);
      }),
  });
  return view;
}
