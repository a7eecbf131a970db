import { createResource, createSignal } from 'solid-js';
import type { Resource } from 'solid-js';
import { isServer } from 'solid-js/web';
import { readOutcome, registerWatch, watchStoreSignal } from './bridge.js';
import type { Outcome, ReadableSignal } from './bridge.js';

interface Gate {
  readonly promise: Promise<true>;
  readonly resolve: (value: true) => void;
}

function openGate(): Gate {
  let resolve!: (value: true) => void;
  const promise = new Promise<true>(r => (resolve = r));
  return { promise, resolve };
}

/**
 * A Solid `Resource` over a suspense-style store signal (reading it throws a promise while the
 * data is missing, or the error).
 *
 * The data lives in a Solid signal fed by the store subscription; an inner `createResource` is
 * only a gate for `<Suspense>`. It loads on the first read of arguments whose data is not in the
 * store yet, and on a switch to such arguments, waiting on a promise this primitive resolves when
 * the store yields. Every later value of the same arguments (refetch, polling, a mutation
 * elsewhere) only writes the data signal, and errors go to a signal of their own, so a background
 * update never puts the gate back in `pending` and never shows a `<Suspense>` fallback again.
 * While the same arguments go back to pending (a refetch after invalidation) the last value
 * stays. The gate never rejects: reading the returned accessor throws the error, which reaches the
 * nearest `<ErrorBoundary>`. The gate's own value is a constant, so what Solid serializes for
 * hydration is never the data (the client hydrates the store from `getState()` instead).
 *
 * On the server (`isServer`) nothing is watched: the gate reads the store signal and, while it is
 * pending, waits for that promise and reads again, so `renderToStringAsync` awaits the data.
 *
 * @example
 * const article = suspenseResource(() => readCall(endpoint, args), ([e, a]) => client.suspense(e, ...a));
 */
export function suspenseResource<R, T>(
  resolve: () => R | null,
  build: (resolved: R) => ReadableSignal,
): Resource<T> {
  if (isServer) return serverResource(resolve, build);

  const [data, setData] = createSignal<unknown>(undefined);
  const [failure, setFailure] = createSignal<{ readonly error: unknown } | undefined>(undefined);
  let latest: Outcome | null = null;
  let gate: Gate | undefined;
  let load: (() => void) | undefined;

  const openGateIfPending = (): true | Promise<true> => {
    if (latest?.status !== 'pending') return true;
    gate ??= openGate();
    return gate.promise;
  };
  const settle = () => {
    const open = gate;
    gate = undefined;
    open?.resolve(true);
  };

  const watch = watchStoreSignal(resolve, build, (outcome, fresh) => {
    latest = outcome;
    if (outcome === null || outcome.status === 'value') {
      // "not yet" (null) shows no data, like a value of undefined
      setFailure(undefined);
      setData(() => outcome?.value);
      settle();
    } else if (outcome.status === 'error') {
      setFailure({ error: outcome.error });
      settle();
    } else if (fresh && gate === undefined && load !== undefined) {
      // New arguments without data: a load, so the gate suspends again.
      setFailure(undefined);
      load();
    }
  });

  const [loaded, { refetch }] = createResource<true>(openGateIfPending);
  load = () => void refetch();

  const read = () => {
    const failed = failure();
    if (failed !== undefined) throw failed.error;
    loaded();
    return data();
  };
  registerWatch(read, watch);
  Object.defineProperties(read, {
    state: { get: () => (failure() !== undefined ? 'errored' : loaded.state) },
    loading: { get: () => loaded.loading },
    error: { get: () => failure()?.error },
    latest: {
      get: () => {
        const failed = failure();
        if (failed !== undefined) throw failed.error;
        return data();
      },
    },
  });
  return read as Resource<T>;
}

function serverResource<R, T>(resolve: () => R | null, build: (resolved: R) => ReadableSignal): Resource<T> {
  const resolved = resolve();
  const signal = resolved === null ? null : build(resolved);
  const [loaded] = createResource<true>(async (): Promise<true> => {
    for (let outcome = signal && readOutcome(signal); outcome?.status === 'pending'; outcome = readOutcome(signal!)) {
      await Promise.resolve(outcome.promise).then(undefined, () => undefined);
    }
    return true;
  });
  const read = () => {
    loaded();
    if (signal === null) return undefined;
    const outcome = readOutcome(signal);
    if (outcome.status === 'error') throw outcome.error;
    return outcome.status === 'value' ? outcome.value : undefined;
  };
  Object.defineProperties(read, {
    state: { get: () => loaded.state },
    loading: { get: () => loaded.loading },
    error: { get: () => (signal && readOutcome(signal).status === 'error' ? (readOutcome(signal) as { error: unknown }).error : undefined) },
    latest: { get: read },
  });
  return read as Resource<T>;
}
