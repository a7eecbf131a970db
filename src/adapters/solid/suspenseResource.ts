import { createResource, createSignal } from 'solid-js';
import type { Resource } from 'solid-js';
import { isServer } from 'solid-js/web';
import { readOutcome, watchStoreSignal } from './bridge.js';
import type { Outcome, ReadableSignal } from './bridge.js';

interface Gate {
  readonly promise: Promise<unknown>;
  readonly resolve: (value: unknown) => void;
}

function openGate(): Gate {
  let resolve!: (value: unknown) => void;
  const promise = new Promise<unknown>(r => (resolve = r));
  return { promise, resolve };
}

/**
 * A Solid `Resource` over a suspense-style store signal (reading it throws a promise while the
 * data is missing, or the error).
 *
 * The resource is used for loads only: its first load, and a switch to arguments whose data is
 * not in the store yet. It then suspends on a gate promise that this primitive resolves when the
 * store signal yields. Every later value of the same arguments (refetch, polling, a mutation
 * elsewhere) goes in through `mutate`, and errors through a signal of their own, so a background
 * update never puts the resource back in `pending` and never shows a `<Suspense>` fallback again.
 * While the same arguments go back to pending (a refetch after invalidation) the last value stays.
 * The resource itself never rejects: reading the returned accessor throws the error, which reaches
 * the nearest `<ErrorBoundary>`.
 *
 * On the server (`isServer`) nothing is watched: the fetcher reads the store signal once and, when
 * it is pending, waits for that promise and reads again, so `renderToStringAsync` awaits the data.
 *
 * @example
 * const article = suspenseResource(() => readArgs(args), a => client.suspense(endpoint, ...a));
 */
export function suspenseResource<R, T>(
  resolve: () => R | null,
  build: (resolved: R) => ReadableSignal,
): Resource<T> {
  if (isServer) return serverResource(resolve, build);

  const [failure, setFailure] = createSignal<{ readonly error: unknown } | undefined>(undefined);
  let latest: Outcome | null = null;
  let gate: Gate | undefined;
  let actions: { mutate(value: unknown): void; refetch(): void } | undefined;

  const settle = (value: unknown) => {
    const open = gate;
    gate = undefined;
    if (open) open.resolve(value);
    else actions?.mutate(value);
  };

  watchStoreSignal(resolve, build, (outcome, fresh) => {
    latest = outcome;
    if (actions === undefined) return; // the first outcome is answered by the fetcher below
    if (outcome === null) {
      setFailure(undefined);
      settle(undefined);
    } else if (outcome.status === 'value') {
      setFailure(undefined);
      settle(outcome.value);
    } else if (outcome.status === 'error') {
      setFailure({ error: outcome.error });
      settle(undefined);
    } else if (fresh && gate === undefined) {
      // New arguments without data: a load, so the resource suspends on a new gate.
      setFailure(undefined);
      actions.refetch();
    }
  });

  const [resource, { mutate, refetch }] = createResource<unknown>(() => {
    const outcome = latest;
    if (outcome === null) return undefined;
    if (outcome.status === 'value') return outcome.value;
    if (outcome.status === 'error') {
      setFailure({ error: outcome.error });
      return undefined;
    }
    gate ??= openGate();
    return gate.promise;
  });
  actions = { mutate: value => mutate(() => value), refetch: () => void refetch() };

  const read = () => {
    const failed = failure();
    if (failed !== undefined) throw failed.error;
    return resource();
  };
  Object.defineProperties(read, {
    state: { get: () => (failure() !== undefined ? 'errored' : resource.state) },
    loading: { get: () => resource.loading },
    error: { get: () => failure()?.error },
    latest: {
      get: () => {
        const failed = failure();
        if (failed !== undefined) throw failed.error;
        return resource.latest;
      },
    },
  });
  return read as Resource<T>;
}

function serverResource<R, T>(resolve: () => R | null, build: (resolved: R) => ReadableSignal): Resource<T> {
  const resolved = resolve();
  const [resource] = createResource<unknown>(async () => {
    if (resolved === null) return undefined;
    const signal = build(resolved);
    for (;;) {
      const outcome = readOutcome(signal);
      if (outcome.status === 'value') return outcome.value;
      if (outcome.status === 'error') throw outcome.error;
      await Promise.resolve(outcome.promise).then(undefined, () => undefined);
    }
  });
  return resource as Resource<T>;
}
