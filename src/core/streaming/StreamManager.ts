import { batch, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Controller } from '../controller/Controller.js';
import { contextOf } from '../controller/ManagerContext.js';
import { CLIENT, type Manager } from '../controller/Manager.js';
import type { Middleware } from '../controller/actions.js';
import { warn } from '../dev/warn.js';
import { backoffDelay } from './backoff.js';
import type { StreamMessage, StreamSource, StreamStatus } from './StreamSource.js';

/**
 * Options of `StreamManager`.
 *
 * @example
 * new StreamManager({
 *   connect: () => new EventSource('/api/events'),
 *   onMessage: (event, controller) => controller.set(Task, JSON.parse(event.data)),
 * });
 */
export interface StreamManagerOptions {
  /** Opens one connection: at start and on every reconnect. */
  readonly connect: () => StreamSource;
  /** Applies one message; messages arriving together share one batch. A throw goes to `onError`. */
  readonly onMessage: (event: StreamMessage, controller: Controller) => unknown;
  /**
   * Runs after every reconnect (not the first open), for what was missed.
   * @default controller => controller.expireAll({ testKey: () => true }) (watched views refetch)
   */
  readonly onReconnect?: (controller: Controller) => unknown;
  /**
   * A throw of `onMessage` or `connect()`.
   * @default a `[rest-signals]` console warning
   */
  readonly onError?: (error: unknown, event: StreamMessage | undefined) => void;
  /**
   * Ms before the first reconnect; doubles each attempt (jittered).
   * @default 500
   */
  readonly initialDelay?: number;
  /**
   * Max ms between attempts.
   * @default 30_000
   */
  readonly maxDelay?: number;
  /**
   * Ms a connection must stay open for the backoff to restart.
   * @default 10_000
   */
  readonly healthyAfter?: number;
  /**
   * Ms messages are collected before applying together (0: end of the current task).
   * @default 16
   */
  readonly batchMs?: number;
}

const expireEverything = (controller: Controller): unknown => controller.expireAll({ testKey: () => true });

function defaultReport(error: unknown, event: StreamMessage | undefined): void {
  if (process.env.NODE_ENV !== 'production') {
    const what = event === undefined ? 'connect() or onReconnect threw' : `onMessage threw for a message (${describe(event.data)})`;
    warn('stream-handler-threw', `StreamManager: ${what}; the stream goes on.`, error);
  }
}

function describe(data: unknown): string {
  const text = typeof data === 'string' ? data : Object.prototype.toString.call(data);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0) || value === Infinity) {
    throw new TypeError(`StreamManager: option ${name} must be a finite number of ms >= 0, got ${String(value)}`);
  }
  return value;
}

/**
 * Keeps one push connection (`EventSource`, `WebSocket`...) open while its client lives, passing
 * messages to `onMessage`; reconnects with jittered backoff, then runs `onReconnect`.
 * Invariant: at most one connection; events of one given up are ignored.
 *
 * @example
 * const stream = new StreamManager({
 *   connect: () => new EventSource('/api/events'),
 *   onMessage: (event, controller) => {
 *     const msg = JSON.parse(String(event.data));
 *     if (msg.type === 'task.updated') return controller.set(Task, { id: msg.task.id }, msg.task);
 *   },
 * });
 * const client = createDataClient({ managers: [stream, ...getDefaultManagers()] });
 * stream.status.value; // 'connecting' | 'open' | 'reconnecting' | 'closed'
 */
export class StreamManager implements Manager {
  [CLIENT]: Controller | undefined;
  readonly #connect: () => StreamSource;
  readonly #onMessage: (event: StreamMessage, controller: Controller) => unknown;
  readonly #onReconnect: (controller: Controller) => unknown;
  readonly #report: (error: unknown, event: StreamMessage | undefined) => void;
  readonly #initialDelay: number;
  readonly #maxDelay: number;
  readonly #healthyAfter: number;
  readonly #batchMs: number;
  readonly #status = signal<StreamStatus>('connecting');
  #controller: Controller | undefined;
  #source: StreamSource | undefined;
  #detach: (() => void) | undefined;
  #attempt = 0;
  #everOpened = false;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #healthyTimer: ReturnType<typeof setTimeout> | undefined;
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #flushQueued = false;
  #queue: StreamMessage[] = [];
  #stopped = false;

  /** The connection state, as a signal. */
  readonly status: ReadonlySignal<StreamStatus> = this.#status;

  constructor(options: StreamManagerOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('StreamManager: options { connect, onMessage } are required');
    const { connect, onMessage, onReconnect, onError } = options;
    if (typeof connect !== 'function') throw new TypeError(`StreamManager: option connect must be a function, got ${typeof connect}`);
    if (typeof onMessage !== 'function') throw new TypeError(`StreamManager: option onMessage must be a function, got ${typeof onMessage}`);
    if (onReconnect !== undefined && typeof onReconnect !== 'function') {
      throw new TypeError(`StreamManager: option onReconnect must be a function, got ${typeof onReconnect}`);
    }
    this.#connect = connect;
    this.#onMessage = onMessage;
    this.#onReconnect = onReconnect ?? expireEverything;
    this.#report = onError ?? defaultReport;
    this.#initialDelay = positive('initialDelay', options.initialDelay, 500);
    this.#maxDelay = Math.max(this.#initialDelay, positive('maxDelay', options.maxDelay, 30_000));
    this.#healthyAfter = positive('healthyAfter', options.healthyAfter, 10_000);
    this.#batchMs = positive('batchMs', options.batchMs, 16);
  }

  middleware: Middleware = controller => {
    this.#start(controller);
    return next => next;
  };

  #start(controller: Controller): void {
    this.#controller = controller;
    this.#open();
  }

  cleanup(): void {
    this.#stopped = true;
    this.#drop();
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#flushTimer);
    this.#retryTimer = this.#flushTimer = undefined;
    this.#queue = [];
    this.#status.value = 'closed';
  }

  #open(): void {
    this.#retryTimer = undefined;
    if (this.#stopped) return;
    let source: StreamSource;
    try {
      source = this.#connect();
    } catch (error) {
      this.#report(error, undefined);
      this.#scheduleRetry();
      return;
    }
    this.#source = source;
    const onOpen = (): void => {
      if (this.#source !== source) return;
      this.#status.value = 'open';
      clearTimeout(this.#healthyTimer);
      this.#healthyTimer = setTimeout(() => {
        this.#healthyTimer = undefined;
        this.#attempt = 0;
      }, this.#healthyAfter);
      const reconnected = this.#everOpened;
      this.#everOpened = true;
      if (reconnected) this.#safely(() => this.#onReconnect(this.#controller!), undefined);
    };
    const onLost = (): void => {
      if (this.#source !== source) return;
      this.#drop();
      this.#scheduleRetry();
    };
    const onMessage = (event: StreamMessage): void => {
      if (this.#source !== source) return;
      this.#enqueue(event);
    };
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onLost);
    source.addEventListener('close', onLost);
    source.addEventListener('message', onMessage);
    this.#detach = () => {
      source.removeEventListener('open', onOpen);
      source.removeEventListener('error', onLost);
      source.removeEventListener('close', onLost);
      source.removeEventListener('message', onMessage);
    };
  }

  /** No event of the current connection is handled afterwards. */
  #drop(): void {
    const source = this.#source;
    this.#source = undefined;
    this.#detach?.();
    this.#detach = undefined;
    clearTimeout(this.#healthyTimer);
    this.#healthyTimer = undefined;
    if (source === undefined) return;
    try {
      source.close();
    } catch {
      // a transport that fails to close is gone either way
    }
  }

  #scheduleRetry(): void {
    if (this.#stopped) return;
    this.#status.value = this.#everOpened ? 'reconnecting' : 'connecting';
    const delay = backoffDelay(this.#attempt++, this.#initialDelay, this.#maxDelay);
    this.#retryTimer = setTimeout(() => this.#open(), delay);
  }

  #enqueue(event: StreamMessage): void {
    this.#queue.push(event);
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    if (this.#batchMs > 0) this.#flushTimer = setTimeout(() => this.#flush(), this.#batchMs);
    else queueMicrotask(() => this.#flush());
  }

  /** One batch for all queued messages. */
  #flush(): void {
    this.#flushQueued = false;
    this.#flushTimer = undefined;
    const queue = this.#queue;
    this.#queue = [];
    if (this.#stopped || queue.length === 0) return;
    const controller = this.#controller!;
    try {
      batch(() => {
        for (const event of queue) this.#safely(() => this.#onMessage(event, controller), event);
      });
    } catch (error) {
      // a view's own throw (suspense) at batch end is its state, not a failure

      if (!(typeof error === 'object' && error !== null && contextOf(controller).store.viewThrows.has(error))) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  #safely(fn: () => unknown, event: StreamMessage | undefined): void {
    try {
      const result = fn();
      if (isThenable(result)) result.then(undefined, (error: unknown) => this.#report(error, event));
    } catch (error) {
      this.#report(error, event);
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
