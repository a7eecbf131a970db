import type { Controller, Manager, Middleware, State, StoreAction, StoreInspector } from '../core/index.js';
// not `inspectStore` from the entry: see storeInspector.ts
import { storeInspector as inspectStore } from '../core/controller/storeInspector.js';
import { describeAction, type ActionSummary } from './describeAction.js';

// the core's `CLIENT` (Manager.ts), by its registered name: importing it would make the module a
// shared chunk of every app that loads the devtools lazily
const CLIENT: unique symbol = Symbol.for('rest-signals.client');

/** The part of the Redux DevTools extension's connection this manager uses. */
export interface ReduxDevToolsConnection {
  init(state: unknown): void;
  send(action: { readonly type: string } & Record<string, unknown>, state: unknown): void;
  subscribe(listener: (message: { type: string; payload?: { type?: string } }) => void): (() => void) | void;
  unsubscribe?(): void;
}

/** `window.__REDUX_DEVTOOLS_EXTENSION__`, as far as this manager uses it. */
export interface ReduxDevToolsExtension {
  connect(options: { name?: string; [option: string]: unknown }): ReduxDevToolsConnection;
}

/**
 * Options of `DevToolsManager`.
 *
 * @example
 * new DevToolsManager({ name: 'Todos', maxStateEntries: 200 } satisfies DevToolsManagerOptions);
 */
export interface DevToolsManagerOptions {
  /**
   * The instance name shown in the extension.
   * @default `rest-signals: ${document.title}`
   */
  name?: string;
  /**
   * Above this many entities + results, a summary is sent instead of the whole state.
   * @default 500
   */
  maxStateEntries?: number;
  /**
   * How many actions are kept while the extension's monitor is closed (sent when it opens).
   * @default 100
   */
  maxBuffer?: number;
  /**
   * Send in production builds too.
   * @default false
   */
  enableInProduction?: boolean;
  /**
   * Actions not to log.
   * @default () => false
   */
  skipLogging?: (action: StoreAction) => boolean;
  /**
   * The extension to talk to.
   * @default window.__REDUX_DEVTOOLS_EXTENSION__
   */
  extension?: ReduxDevToolsExtension;
}

/** The state sent when the store is above `maxStateEntries`. */
export interface StateSummary {
  readonly summary: true;
  /** Entity counts per type. */
  readonly entities: Readonly<Record<string, number>>;
  readonly results: number;
  readonly optimistic: readonly string[];
  /** What the action changed (absent for the initial state). */
  readonly changed?: ActionSummary | undefined;
}

type Sent = readonly [action: { readonly type: string } & Record<string, unknown>, state: unknown];

function extensionOnWindow(): ReduxDevToolsExtension | undefined {
  const ext = (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: ReduxDevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__;
  return ext && typeof ext.connect === 'function' ? ext : undefined;
}

/**
 * Logs every store action and the state after it to the Redux DevTools extension, as
 * `@data-client/core`'s `DevToolsManager` does. Does nothing without the extension or in production.
 *
 * @example
 * import { DevToolsManager } from 'rest-signals/devtools';
 * const client = createDataClient({ managers: [...getDefaultManagers(), new DevToolsManager()] });
 */
export class DevToolsManager implements Manager {
  [CLIENT]: Controller | undefined;
  readonly #options: DevToolsManagerOptions;
  #connection: ReduxDevToolsConnection | undefined;
  #inspector: StoreInspector | undefined;
  #controller: Controller | undefined;
  #started = false;
  #buffer: Sent[] = [];
  #unsubscribe: (() => void) | undefined;

  constructor(options: DevToolsManagerOptions = {}) {
    this.#options = options;
  }

  /** True once connected to an extension (once its client is made, when one is present and allowed). */
  get connected(): boolean {
    return this.#connection !== undefined;
  }

  /** Connects to the extension when the client is made; passes every action on. */
  middleware: Middleware = controller => {
    this.#start(controller);
    return next => next;
  };

  #start(controller: Controller): void {
    if (process.env.NODE_ENV === 'production' && !this.#options.enableInProduction) return;
    const ext = this.#options.extension ?? extensionOnWindow();
    if (!ext) return;
    this.#controller = controller;
    this.#inspector = inspectStore(controller);
    const title = (globalThis as { document?: { title?: string } }).document?.title ?? '';
    const connection = ext.connect({ name: this.#options.name ?? `rest-signals: ${title}`, features: { pause: true, export: true, dispatch: false, jump: false } });
    this.#connection = connection;
    connection.init(this.#state(undefined));
    const off = connection.subscribe(message => {
      if (message.type === 'START') {
        this.#started = true;
        const queued = this.#buffer;
        this.#buffer = [];
        for (const [action, state] of queued) connection.send(action, state);
      } else if (message.type === 'STOP') {
        this.#started = false;
      } else if (message.type === 'DISPATCH' && message.payload?.type === 'RESET') {
        void this.#controller?.resetEntireStore();
      }
    });
    this.#unsubscribe = typeof off === 'function' ? off : () => connection.unsubscribe?.();
  }

  onAction(action: StoreAction): void {
    const connection = this.#connection;
    if (!connection || this.#options.skipLogging?.(action)) return;
    const summary = describeAction(action);
    const sent: Sent = [{ ...summary }, this.#state(summary)];
    if (this.#started) {
      connection.send(sent[0], sent[1]);
      return;
    }
    const max = this.#options.maxBuffer ?? 100;
    this.#buffer.push(sent);
    if (this.#buffer.length > max) this.#buffer.splice(0, this.#buffer.length - max);
  }

  cleanup(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#connection = undefined;
    this.#buffer = [];
  }

  #state(changed: ActionSummary | undefined): (State & { optimistic: string[] }) | StateSummary {
    const inspector = this.#inspector!;
    const optimistic = inspector.optimistic().map(o => o.name);
    const entities = inspector.entities();
    const results = inspector.results().length;
    if (entities.length + results <= (this.#options.maxStateEntries ?? 500)) {
      return { ...this.#controller!.getState(), optimistic };
    }
    const counts: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const e of entities) Object.defineProperty(counts, e.type, { value: (counts[e.type] ?? 0) + 1, enumerable: true, writable: true, configurable: true });
    return { summary: true, entities: counts, results, optimistic, changed };
  }
}
