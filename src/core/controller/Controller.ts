import type { EndpointInstance } from '../rest/EndpointInterface.js';
import type { DenormalizeNullable } from '../schema/types.js';
import type { Invalidate } from '../schema/Invalidate.js';
import type { DeletedData } from '../rest/deletedValue.js';
import { readVisibleResponse, needsFetch, type ResponseState } from '../store/readResponse.js';
import { toWriteSet } from '../store/schemaOps.js';
import { hydrateAction, readCommittedState, type State } from '../store/serialize.js';
import type { Store } from '../store/Store.js';
import type { WriteSet } from '../schema/protocol.js';
import type { ErrorPolicy } from '../store/types.js';
import { batch, signal } from '@preact/signals-core';
import { warn } from '../dev/warn.js';
import type { SetArgs, SetValue } from './setTypes.js';
import { claimManagers, CLIENT, findManager, type Manager } from './Manager.js';
import { setContext, type ManagerContext } from './ManagerContext.js';
import * as T from './actionTypes.js';
import type { ActionTypes, Dispatch, SetAction, SetResponseAction } from './actions.js';
import { isOwn } from '../schema/own.js';
import { metaOf, NetworkManager } from './NetworkManager.js';
import { requestClock } from './requestClock.js';
import { bindOwners } from './ResultOwner.js';
import { errorOf, freezeVisible, lookup, responseState, Snapshot } from './Snapshot.js';
import { SubscriptionManager } from './SubscriptionManager.js';
import { isNullArgs, keyOf, markState, settle, withoutState } from './trailingState.js';

/**
 * Any endpoint the controller can run: a `RestEndpoint`, an `Endpoint`, or your own.
 *
 * @example
 * function refresh(endpoint: AnyEndpoint) { return controller.fetch(endpoint); }
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = EndpointInstance<any, any>;

/** The endpoint's arguments, then one value; optional trailing arguments may be left out. */
type ArgsThen<A extends readonly unknown[], T> =
  | [...A, T]
  | ([] extends A ? [T] : never)
  | (A extends readonly [infer H, unknown?] ? ([H] extends A ? [H, T] : never) : never);

/**
 * The value an endpoint resolves to: what `fetch` and `getResponse(...).data` give for it.
 *
 * @example
 * type U = DataOf<typeof UserResource.get>; // User
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataOf<E> =
  E extends { readonly schema: Invalidate<infer X> } ? DeletedData<X>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  : E extends (...args: any[]) => Promise<infer R> ? R
  : unknown;

/**
 * Options for `invalidateAll` / `expireAll`.
 *
 * @example
 * controller.invalidateAll({ testKey: key => key.startsWith('GET /users') });
 */
export interface KeyTest {
  /** Which result keys (as `endpoint.key(...(args as unknown[]))` built them) are affected. */
  readonly testKey: (key: string) => boolean;
}

/** Throws a TypeError naming `method` unless `endpoint.pollFrequency` is a number > 0 (or, when `optional`, absent). */
export function checkPollFrequency(method: string, endpoint: AnyEndpoint, optional: boolean): void {
  const frequency = endpoint.pollFrequency;
  if ((optional && frequency === undefined) || (typeof frequency === 'number' && frequency > 0)) return;
  throw new TypeError(
    process.env.NODE_ENV !== 'production'
      ? `${method}: endpoint ${endpoint.name} needs option pollFrequency (ms) > 0, got ${String(frequency)}`
      : `${method}: ${endpoint.name} bad-option pollFrequency`,
  );
}

const APPLIED: Promise<void> = Promise.resolve();


/** Binds every method as an own property, so `const { fetch } = useController()` works as in data-client. */
function bindMethods(target: object): void {
  for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || isOwn(target, name)) continue;
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (!d || typeof d.value !== 'function') continue;
      Object.defineProperty(target, name, { value: (d.value as () => unknown).bind(target), writable: true, configurable: true });
    }
  }
}

/**
 * Reads and writes one client's store, by endpoint; reads show pending optimistic updates,
 * `getState()` the committed state. Follows `@data-client/core`'s Controller.
 * @example
 * const { controller } = createDataClient();
 * const user = await controller.fetch(UserResource.get, { id: 1 });
 * controller.getResponse(UserResource.get, { id: 1 }).data === user; // true
 */
export class Controller {
  readonly #store: Store;
  readonly #context: ManagerContext;
  readonly #managers: readonly Manager[];
  /** The managers' middleware chain ending in `#apply`, or `#apply` alone when no app manager has middleware. */
  readonly #dispatch: Dispatch;
  /** No manager of the app has middleware: `fetch` calls the network without a FETCH action. */
  readonly #direct: boolean;

  /** @internal `createDataClient` builds the Controller over its store; the store's types stay out of the declarations. */
  constructor(store: Store, managers: readonly Manager[], initialState?: State) {
    bindMethods(this);
    this.#store = store;
    if (initialState !== undefined) store.dispatch(hydrateAction(store, initialState));
    const network = findManager<NetworkManager>(managers, 'network') ?? new NetworkManager();
    const subscriptions = findManager<SubscriptionManager>(managers, 'subscriptions') ?? new SubscriptionManager();
    // a list without them still fetches and polls: they go last, as in data-client's defaults
    const all: readonly Manager[] = (this.#managers = [...managers, ...[network, subscriptions].filter(m => !managers.includes(m))]);
    claimManagers(all, this);
    const context: ManagerContext = (this.#context = {
      controller: this,
      store,
      owners: store.owners,
      gate: signal(undefined),
      network,
      subscriptions,
      write: action => store.dispatch(action),
      listen: fn => store.listen(fn),
    });
    bindOwners(store.owners, context);
    setContext(this, context);
    const apply: Dispatch = action => {
      try {
        this.#apply(action);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return APPLIED;
    };
    // redux's applyMiddleware order; the built-ins' middleware only start them, so they need no chain
    const chain = all.map(m => m.middleware ?? m.getMiddleware?.()).filter(m => m !== undefined).map(m => m(this));
    this.#dispatch = all.some(m => (m.middleware || m.getMiddleware) && !(CLIENT in m)) ? chain.reduceRight<Dispatch>((next, wrap) => wrap(next), apply) : apply;
    this.#direct = this.#dispatch === apply;
    // every store write pays for the listeners: only managers with `onAction` listen
    for (const m of all) if (m.onAction) store.listen(action => m.onAction!(action, this));
    const state = all.some(m => m.init) ? this.getState() : undefined;
    for (const m of all) m.init?.(state!);
  }

  /** Stops every manager and aborts what is in flight (called by `client.destroy()`). */
  cleanup(): void {
    for (const m of this.#managers) m.cleanup?.();
    this.#context.owners.abortAll();
    this.#context.gate.peek()?.cleanup();
  }

  /**
   * Sends `action` through the managers' middleware to the store, as data-client's `dispatch`;
   * resolves once it is applied or consumed.
   *
   * @example
   * await controller.dispatch({ type: actionTypes.INVALIDATE, key: UserResource.get.key({ id: 1 }) });
   */
  dispatch(action: ActionTypes): Promise<void> {
    return settle(() => this.#dispatch(action));
  }

  #apply(action: ActionTypes): void {
    const { store, owners, network, subscriptions } = this.#context;
    switch (action.type) {
      case T.SET_RESPONSE:
        return this.#setResponse(action);
      case T.FETCH:
        network.fetch(action.endpoint, action.args).then(action.meta.resolve, action.meta.reject);
        return;
      case T.SUBSCRIBE:
      case T.UNSUBSCRIBE: {
        const frequency = action.endpoint.pollFrequency;
        if (typeof frequency === 'number') subscriptions[action.type === T.SUBSCRIBE ? 'subscribe' : 'unsubscribe'](action.endpoint, action.args, frequency);
        return;
      }
      case T.SET:
        return this.#set(action);
      case T.INVALIDATE:
        return store.dispatch({ type: 'invalidate', keys: [action.key] });
      case T.INVALIDATEALL:
      case T.EXPIREALL: {
        const invalidate = action.type === T.INVALIDATEALL;
        const keys = this.#keysWhere(invalidate ? 'invalidateAll' : 'expireAll', action.testKey);
        if (keys.length) store.dispatch({ type: invalidate ? 'invalidate' : 'expireAll', keys });
        return;
      }
      case T.RESET:
        owners.abortAll();
        return store.dispatch({ type: 'reset', date: action.date });
      case T.GC:
        return store.dispatch({ type: 'gc', entities: action.entities, results: action.endpoints, indexes: action.indexes });
      // an optimistic layer is added by the request that shows it
      default:
    }
  }

  /** Ends `request` (loading, optimistic layer) in the same batch as its write; a misfit reply becomes the key's error and is rethrown. */
  #setResponse(action: SetResponseAction): void {
    const { endpoint, args, meta, key } = action;
    const store = this.#store;
    const owner = store.owners.get(key);
    // the dispatch of a request's outcome carries that request's own `args`
    const request = owner?.requests.find(r => r.args === args && r.endpoint === endpoint);
    let error: Error | undefined;
    let writes: WriteSet | undefined;
    if (action.error) error = action.response;
    else {
      try {
        writes = toWriteSet(endpoint.schema, action.response, args, store.committed, meta);
      } catch (thrown) {
        error = thrown as Error;
      }
    }
    let errorPolicy: ErrorPolicy | undefined;
    if (error) {
      try {
        errorPolicy = endpoint.errorPolicy?.(error) ?? undefined;
      } catch (thrown) {
        if (process.env.NODE_ENV !== 'production') warn('error-policy-threw', `${endpoint.name}: errorPolicy threw ${String(thrown)}; the error has no policy`);
      }
    }
    const removeLayer = request?.layer;
    batch(() => {
      if (writes) store.dispatch({ type: 'setResponse', key: endpoint.sideEffect ? undefined : key, writes, meta, removeLayer });
      // an error's expiry is the endpoint's error expiry, whatever the reply's would have been
      else store.dispatch({ type: 'setError', key, error: error!, errorPolicy, meta: metaOf(endpoint, true, meta.date, meta.fetchedAt), removeLayer });
      if (request) owner!.remove(request);
    });
    if (writes && request) request.result = writes.result;
    if (!action.error && error) throw error;
  }

  /** Dated when called, so replies order against it; a misfit throws and writes nothing. */
  #set({ schema, args, value, meta }: SetAction): void {
    if (schema === undefined || schema === null) throw new TypeError(process.env.NODE_ENV !== 'production' ? 'controller.set: a schema is required, got ' + String(schema) : 'controller.set: no-schema');
    const store = this.#store;
    let data = value;
    if (typeof value === 'function') {
      const current = lookup(store, store.committed, schema, args);
      if (current === undefined) return;
      data = (value as (previous: unknown) => unknown)(current);
    }
    store.dispatch({ type: 'setResponse', key: undefined, writes: toWriteSet(schema, data, args, store.committed, meta), meta });
  }

  /**
   * Resolves, once committed, to the denormalized value; identical GETs in flight share one
   * request. Rejects with the error (recorded for `getError`); an abort writes nothing.
   */
  fetch<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E>): Promise<DataOf<E>> {
    if (this.#direct) return this.#context.network.fetch(endpoint, args) as Promise<DataOf<E>>;
    let resolve!: (value?: unknown) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const meta = { fetchedAt: Date.now(), resolve, reject, promise };
    settle(() => this.#dispatch({ type: T.FETCH, endpoint, args, key: endpoint.key(...(args as unknown[])), meta })).catch(reject);
    return promise as Promise<DataOf<E>>;
  }

  /** Fetches only when the data is missing, invalid or stale; otherwise resolves to the data shown. */
  fetchIfStale<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E>): Promise<DataOf<E>> {
    return settle(() => {
      if (isNullArgs(args as unknown[])) return undefined as DataOf<E>;
      const res = readVisibleResponse(this.#store, endpoint, args as unknown[], endpoint.key(...(args as unknown[])));
      if (!needsFetch(res, Date.now())) return res.data as DataOf<E>;
      return this.fetch(endpoint, ...args);
    });
  }

  /** Marks the result invalid: no longer shown; a watching view refetches. */
  invalidate<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E>): Promise<void> {
    return settle(() => (isNullArgs(args) ? undefined : this.#dispatch({ type: T.INVALIDATE, key: endpoint.key(...(args as unknown[])) })));
  }

  /** Every `testKey` call runs before any write, so one that throws changes nothing. */
  #keysWhere(method: string, testKey: unknown): string[] {
    if (typeof testKey !== 'function') throw new TypeError(process.env.NODE_ENV !== 'production' ? `${method}: option testKey must be a function` : `${method}: bad-option testKey`);
    const keys: string[] = [];
    this.#store.forEachResult(key => {
      if ((testKey as (key: string) => boolean)(key)) keys.push(key);
    });
    return keys;
  }

  /** Invalidates every result whose key passes `testKey`. */
  invalidateAll({ testKey }: KeyTest): Promise<void> {
    return this.dispatch({ type: T.INVALIDATEALL, testKey });
  }

  /** Marks every result whose key passes `testKey` stale: still shown, refetched by the next view. */
  expireAll({ testKey }: KeyTest): Promise<void> {
    return this.dispatch({ type: T.EXPIREALL, testKey });
  }

  /**
   * Aborts every request (paused mutations included) and empties the store; a reply to any
   * request started before now is dropped, whatever its source.
   */
  resetEntireStore(): Promise<void> {
    return this.dispatch({ type: T.RESET, date: requestClock() });
  }

  /** Stores `response` as if fetched now; a misfit rejects and is recorded for `getError`. */
  setResponse<E extends AnyEndpoint>(endpoint: E, ...rest: ArgsThen<Parameters<E>, unknown>): Promise<void> {
    return settle(() => this.#dispatch(this.#responseAction(endpoint, rest, false)));
  }

  #responseAction(endpoint: AnyEndpoint, rest: readonly unknown[], error: boolean): SetResponseAction {
    const args = rest.slice(0, -1);
    const meta = metaOf(endpoint, error, requestClock());
    const key = endpoint.key(...args);
    return { type: T.SET_RESPONSE, endpoint, args, key, meta, response: rest[rest.length - 1], ...(error && { error: true }) } as SetResponseAction;
  }

  /**
   * Writes `value` (or `value(current)`) for a queryable schema as if just received: no fetch, no
   * result cell changes. Dated now, so an earlier request's reply never overwrites it; optimistic
   * layers replay on top. A misfit rejects with a `SchemaError` and writes nothing.
   * @example
   * await controller.set(Task, { id: 5 }, { id: 5, title: 'x' });
   * await controller.set(Task, { id: 5 }, task => ({ ...task, done: true }));
   */
  set<S>(schema: S, ...rest: readonly [...args: SetArgs<NoInfer<S>>, value: SetValue<NoInfer<S>>]): Promise<void> {
    return this.dispatch({ type: T.SET, schema, args: rest.slice(0, -1), value: rest[rest.length - 1], meta: metaOf({}, false, requestClock()) });
  }

  /** Records `error` for `endpoint(...args)`, as if its request had failed now. */
  setError<E extends AnyEndpoint>(endpoint: E, ...rest: ArgsThen<Parameters<E>, Error>): Promise<void> {
    return settle(() => this.#dispatch(this.#responseAction(endpoint, rest, true)));
  }

  /** Polls `endpoint(...args)` every `pollFrequency` ms until as many `unsubscribe` calls came. */
  subscribe<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E>): Promise<void> {
    return settle(() => {
      if (isNullArgs(args as unknown[])) return;
      checkPollFrequency('subscribe', endpoint, false);
      return this.#dispatch({ type: T.SUBSCRIBE, endpoint, args, key: endpoint.key(...(args as unknown[])) });
    });
  }

  /** Removes one `subscribe` of `endpoint(...args)`; polling stops when the last one leaves. */
  unsubscribe<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E>): Promise<void> {
    return settle(() => {
      if (isNullArgs(args as unknown[]) || endpoint.pollFrequency === undefined) return;
      return this.#dispatch({ type: T.UNSUBSCRIBE, endpoint, args, key: endpoint.key(...(args as unknown[])) });
    });
  }

  /** The denormalized data of `endpoint(...args)` with its expiry, pending optimistic updates included. */
  getResponse<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E> | [null] | [...Parameters<E>, State]): ResponseState<DataOf<E> | undefined> {
    args = withoutState(args);
    return responseState(readVisibleResponse(this.#store, endpoint, args as unknown[], keyOf(endpoint, args))) as ResponseState<DataOf<E> | undefined>;
  }

  /** The error recorded for `endpoint(...args)` (a 'soft' error is hidden while data is shown). */
  getError<E extends AnyEndpoint>(endpoint: E, ...args: Parameters<E> | [null] | [...Parameters<E>, State]): Error | undefined {
    return errorOf(this.#store, endpoint, withoutState(args));
  }

  /** Looks a schema up by its arguments alone (entity by pk or index, `All`, `Query`). */
  get<S>(queryable: S, ...args: readonly unknown[]): DenormalizeNullable<S> {
    args = withoutState(args);
    if (isNullArgs(args as unknown[])) return undefined as DenormalizeNullable<S>;
    return lookup(this.#store, this.#store.visible, queryable, args) as DenormalizeNullable<S>;
  }

  /** An immutable view of what users see now, captured once. */
  snapshot(): Snapshot {
    return new Snapshot(this.#store, this.#store.visible, Date.now(), freezeVisible(this.#store));
  }

  /** The committed state (no pending optimistic updates) as plain JSON-serialisable data. */
  getState(): State {
    return markState(readCommittedState(this.#store));
  }
}
