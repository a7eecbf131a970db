import type { AnyEndpoint as EndpointInstance, Controller } from './Controller.js';
import { contextOf } from './ManagerContext.js';
import type { OwnedRequest } from './ResultOwner.js';
import { CLIENT, MANAGER_KIND, type Manager } from './Manager.js';
import type { ActionMeta } from './actions.js';
import type { RequestGate } from './RequestGate.js';
import { toError } from './Snapshot.js';
import { requestClock } from './requestClock.js';
import { settle } from './trailingState.js';

/**
 * How long data stays fresh when an endpoint does not say (ms), as in `@data-client/core`.
 *
 * @example
 * const staleAt = fetchedAt + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
 */
export const DEFAULT_DATA_EXPIRY = 60_000;
/**
 * How long a recorded error stays fresh when an endpoint does not say (ms): until then views show
 * it instead of retrying.
 *
 * @example
 * const retryAt = fetchedAt + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY);
 */
export const DEFAULT_ERROR_EXPIRY = 1_000;

/**
 * The meta of a write dated `date` and received at `fetchedAt`: it stays fresh for the endpoint's
 * data expiry, or for an error its error expiry (the defaults above when it sets none).
 */
export function metaOf(
  endpoint: Pick<EndpointInstance, 'dataExpiryLength' | 'errorExpiryLength'>,
  error: boolean,
  date: number,
  fetchedAt = Date.now(),
  defaults: NetworkManagerOptions = {},
): ActionMeta {
  const expiry = error ? (endpoint.errorExpiryLength ?? defaults.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY) : (endpoint.dataExpiryLength ?? defaults.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
  return { date, fetchedAt, expiresAt: fetchedAt + expiry };
}

/**
 * Options of `new NetworkManager(options)`, as data-client's: how long a fetched reply (or error)
 * stays fresh when its endpoint does not say (ms).
 *
 * @example
 * new NetworkManager({ dataExpiryLength: 60 * 60 * 1000 });
 */
export interface NetworkManagerOptions {
  /** @default DEFAULT_DATA_EXPIRY (60 s) */
  readonly dataExpiryLength?: number;
  /** @default DEFAULT_ERROR_EXPIRY (1 s) */
  readonly errorExpiryLength?: number;
}

let loadingRetry: Promise<typeof import('./retry.js')> | undefined;

/**
 * The retry policy module, loaded once. A load that fails is forgotten (the next endpoint that
 * retries asks again), and never reported unhandled: the request that needed it reports its own error.
 */
function retryPolicy(): Promise<typeof import('./retry.js')> {
  if (!loadingRetry) {
    loadingRetry = import('./retry.js');
    loadingRetry.catch(() => {
      loadingRetry = undefined;
    });
  }
  return loadingRetry;
}

/**
 * The client's network: `fetch` hands a call to its key's `ResultOwner` (which deduplicates, applies
 * the reply and records errors), whose request leaves through `sendRequest`, the transport. The
 * options give a reply's expiry when its endpoint sets none.
 *
 * @example
 * createDataClient({ managers: [new NetworkManager({ dataExpiryLength: 5 * 60_000 }), new SubscriptionManager()] });
 */
export class NetworkManager implements Manager {
  readonly [MANAGER_KIND] = 'network';
  /** The client it serves (set once, by its controller: see `claimManagers`). */
  [CLIENT]: Controller | undefined;
  /** The expiries of a fetched reply whose endpoint sets none. */
  readonly #defaults: NetworkManagerOptions;
  #closed = false;

  constructor(options: NetworkManagerOptions = {}) {
    this.#defaults = options;
  }

  /** Later fetches reject with an AbortError, and no retry is sent (the client is gone: it aborts what is in flight). */
  cleanup(): void {
    this.#closed = true;
  }

  /** The meta of a reply (or error) of `endpoint` dated `date`: its expiry, else this manager's, else the default. */
  replyMeta(endpoint: EndpointInstance, error: boolean, date: number, fetchedAt?: number): ActionMeta {
    return metaOf(endpoint, error, date, fetchedAt, this.#defaults);
  }

  /**
   * Performs `endpoint(...args)` through its key's owner; resolves to the denormalized value after
   * commit. Never throws synchronously: a malformed call (a missing path parameter) rejects.
   */
  fetch(endpoint: EndpointInstance, args: readonly unknown[]): Promise<unknown> {
    // before its client is made, `contextOf` says it needs one
    return settle(() =>
      this.#closed ? Promise.reject(new DOMException(`${endpoint.name}: the data client was destroyed`, 'AbortError')) : contextOf(this[CLIENT]!).owners.ensure(endpoint.key(...args)).fetch(endpoint, args),
    );
  }
}

/** Why `signal` aborted: its reason, or an AbortError when it gave none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * The transport: sends `request` through `gate` (at once when there is none), retrying as its endpoint asks; resolves to the
 * reply. A function, not a method, so the request and gate types stay out of the public declarations.
 */
export function sendRequest(request: OwnedRequest, gate: RequestGate | undefined): Promise<unknown> {
  const { endpoint, args, signal } = request;
  // the request sees its signal as `this.signal` through a view whose prototype is the endpoint:
  // no endpoint class is derived per call (as `extend({ signal })` would)
  const call = Object.create(endpoint, { signal: { value: signal } }) as EndpointInstance;
  // asked for as it sends, while the network that may fail next is still there to load it
  const policy = endpoint.retry === undefined || endpoint.retry === false ? undefined : retryPolicy();
  const go = async (): Promise<unknown> => {
    for (let failures = 0; ; ) {
      // dated as it leaves: a request sent later always carries a later date
      request.date = requestClock();
      try {
        return await call.fetch(...args);
      } catch (error) {
        failures++;
        const err = toError(error);
        // a destroyed client aborts every request, so `signal` covers it
        if (signal.aborted || isAbort(error) || policy === undefined) throw error;
        // a policy that could not load (offline before it ever did): the request fails with its own error
        const retry = await policy.catch(() => undefined);
        if (!retry?.shouldRetry(endpoint, failures, err)) throw error;
        await backoff(request, retry.retryDelayOf(endpoint, failures - 1, err));
      }
    }
  };
  return gate ? gate.send(!!endpoint.sideEffect, endpoint, args, signal, go) : go();
}

/** Waits `ms` before the next attempt; rejects at once when the request is aborted. */
function backoff(request: OwnedRequest, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const { signal } = request;
    const onAbort = (): void => {
      clearTimeout(request.timer);
      request.timer = undefined;
      reject(abortReason(signal));
    };
    if (signal.aborted) return onAbort();
    request.timer = setTimeout(() => {
      request.timer = undefined;
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether `error` is an abort (`AbortError`), not a failure. */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

