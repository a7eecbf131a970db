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
 * @example
 * const staleAt = fetchedAt + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY);
 */
export const DEFAULT_DATA_EXPIRY = 60_000;
/**
 * How long a recorded error is shown instead of retrying, when an endpoint does not say (ms).
 * @example
 * const retryAt = fetchedAt + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY);
 */
export const DEFAULT_ERROR_EXPIRY = 1_000;

/** A write's meta: fresh for the endpoint's data (or error) expiry, else the default. */
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
 * Options of `new NetworkManager(options)`, as data-client's: expiries for endpoints that set none (ms).
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

/** Loaded once; a failed load is forgotten (retried later) and never unhandled: the request reports its own error. */
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
 * The client's network: `fetch` hands a call to its key's `ResultOwner`, whose request leaves
 * through `sendRequest`, the transport.
 *
 * @example
 * createDataClient({ managers: [new NetworkManager({ dataExpiryLength: 5 * 60_000 }), new SubscriptionManager()] });
 */
export class NetworkManager implements Manager {
  readonly [MANAGER_KIND] = 'network';
  /** Set once, by its controller: see `claimManagers`. */
  [CLIENT]: Controller | undefined;
  readonly #defaults: NetworkManagerOptions;
  #closed = false;

  constructor(options: NetworkManagerOptions = {}) {
    this.#defaults = options;
  }

  /** Later fetches reject with an AbortError and no retry is sent. */
  cleanup(): void {
    this.#closed = true;
  }

  replyMeta(endpoint: EndpointInstance, error: boolean, date: number, fetchedAt?: number): ActionMeta {
    return metaOf(endpoint, error, date, fetchedAt, this.#defaults);
  }

  /** Resolves to the denormalized value after commit; never throws synchronously. */
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
 * The transport: sends `request` through `gate` (at once when there is none), retrying as its
 * endpoint asks. A function, not a method, so the request and gate types stay out of the public declarations.
 */
export function sendRequest(request: OwnedRequest, gate: RequestGate | undefined): Promise<unknown> {
  const { endpoint, args, signal } = request;
  // `this.signal` through a view whose prototype is the endpoint: no class derived per call (as `extend({ signal })` would)
  const call = Object.create(endpoint, { signal: { value: signal } }) as EndpointInstance;
  // loaded as it sends, while the network that may fail next is still there
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

/** Rejects at once when the request is aborted. */
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

