import type { EndpointInstance } from '../rest/EndpointInterface.js';
import type * as T from './actionTypes.js';
import type { Controller } from './Controller.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEndpoint = EndpointInstance<any, any>;

/**
 * When a write happened and how long it stays fresh (ms since the epoch), as in `@data-client/core`.
 * @example
 * const meta: ActionMeta = { date: Date.now(), fetchedAt: Date.now(), expiresAt: Date.now() + 60_000 };
 */
export interface ActionMeta {
  readonly fetchedAt: number;
  readonly date: number;
  readonly expiresAt: number;
}

interface EndpointAction<Type extends string, E extends AnyEndpoint> {
  readonly type: Type;
  readonly endpoint: E;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly args: readonly any[];
  readonly key: string;
}

/**
 * `controller.fetch(endpoint, ...args)`, awaited through `meta.promise`. `NetworkManager` consumes
 * it; a manager before it may answer with `meta.resolve` / `meta.reject` (a mock, say).
 * @example
 * if (action.type === actionTypes.FETCH) console.log('GET', action.key);
 */
export interface FetchAction<E extends AnyEndpoint = AnyEndpoint> extends EndpointAction<typeof T.FETCH, E> {
  readonly args: readonly unknown[];
  readonly meta: {
    readonly fetchedAt: number;
    readonly resolve: (value?: unknown) => void;
    readonly reject: (reason?: unknown) => void;
    readonly promise: Promise<unknown>;
  };
}

interface SetResponseBase<E extends AnyEndpoint> extends EndpointAction<typeof T.SET_RESPONSE, E> {
  readonly meta: ActionMeta;
}

/**
 * A reply (network or `setResponse`), or with `error: true` an error, about to be written.
 * @example
 * if (action.type === actionTypes.SET_RESPONSE && !action.error) log(action.endpoint.name, action.response);
 */
export type SetResponseAction<E extends AnyEndpoint = AnyEndpoint> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  | (SetResponseBase<E> & { readonly response: any; readonly error?: false })
  | (SetResponseBase<E> & { readonly response: Error; readonly error: true });

/**
 * `controller.set(schema, ...args, value)`.
 * @example
 * if (action.type === actionTypes.SET) console.log(action.args);
 */
export interface SetAction {
  readonly type: typeof T.SET;
  readonly schema: unknown;
  readonly args: readonly unknown[];
  readonly meta: ActionMeta;
  readonly value: unknown;
}

/**
 * An optimistic update of a mutation in flight (`getOptimisticResponse`), shown until its reply.
 * @example
 * if (action.type === actionTypes.OPTIMISTIC) console.log('guessing', action.endpoint.name);
 */
export interface OptimisticAction<E extends AnyEndpoint = AnyEndpoint> extends EndpointAction<typeof T.OPTIMISTIC, E> {
  readonly args: readonly unknown[];
  readonly meta: ActionMeta;
  readonly error?: false;
}

/**
 * `controller.subscribe` / `unsubscribe`, consumed by `SubscriptionManager` (polling) or by a
 * manager before it that serves the endpoint another way (a socket).
 * @example
 * if (action.type === actionTypes.SUBSCRIBE) channel.join(action.key);
 */
export type SubscribeAction<E extends AnyEndpoint = AnyEndpoint> = EndpointAction<typeof T.SUBSCRIBE, E>;

/** @see SubscribeAction */
export type UnsubscribeAction<E extends AnyEndpoint = AnyEndpoint> = EndpointAction<typeof T.UNSUBSCRIBE, E>;

/** `controller.invalidate(endpoint, ...args)`. */
export interface InvalidateAction {
  readonly type: typeof T.INVALIDATE;
  readonly key: string;
}

interface KeyTestAction<Type extends string> {
  readonly type: Type;
  readonly testKey: (key: string) => boolean;
}

/** `controller.invalidateAll({ testKey })`. */
export type InvalidateAllAction = KeyTestAction<typeof T.INVALIDATEALL>;

/** `controller.expireAll({ testKey })`. */
export type ExpireAllAction = KeyTestAction<typeof T.EXPIREALL>;

/** `controller.resetEntireStore()`: `date` is when the session's data ended. */
export interface ResetAction {
  readonly type: typeof T.RESET;
  readonly date: number;
}

/** Unwatched data released by the GC policy. */
export interface GCAction {
  readonly type: typeof T.GC;
  readonly entities: readonly (readonly [key: string, pk: string])[];
  readonly endpoints: readonly string[];
  /** rest-signals: also drop the index cells no watched view reads and that index no entity. */
  readonly indexes?: boolean;
}

/**
 * Every action a manager's middleware sees, `@data-client/core` 0.18's shapes.
 * @example
 * function describe(action: ActionTypes): string { return action.type; }
 */
export type ActionTypes =
  | FetchAction
  | OptimisticAction
  | SetAction
  | SetResponseAction
  | SubscribeAction
  | UnsubscribeAction
  | InvalidateAction
  | InvalidateAllAction
  | ExpireAllAction
  | ResetAction
  | GCAction;

/**
 * Passes an action on; resolves once the store has applied it (or the manager that consumed it is done).
 * @example
 * const passOn: Dispatch = action => next(action);
 */
export type Dispatch<Actions = ActionTypes> = (action: Actions) => Promise<void>;

/**
 * A manager's hook into the control flow, as in `@data-client/core`: it wraps `next` (the managers
 * after it, then the store); not calling `next` consumes the action.
 * @example
 * const log: Middleware = controller => next => async action => {
 *   await next(action);
 *   console.log(action.type, controller.getState());
 * };
 */
export type Middleware<Actions = ActionTypes> = (controller: Controller) => (next: Dispatch<Actions>) => Dispatch<Actions>;

/**
 * What a manager's middleware is given (the controller), by data-client's name.
 * @example
 * function logState(api: MiddlewareAPI) { console.log(api.getState()); }
 */
export type MiddlewareAPI = Controller;
