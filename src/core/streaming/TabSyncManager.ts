import type { Controller } from '../controller/Controller.js';
import { contextOf, type ManagerContext } from '../controller/ManagerContext.js';
import { CLIENT, type Manager } from '../controller/Manager.js';
import type { Middleware } from '../controller/actions.js';
import { warn } from '../dev/warn.js';
import type { Store } from '../store/Store.js';
import type { StoreAction } from '../store/types.js';
import { readTabMessage, receivedWriteSet, toTabMessage } from './tabMessage.js';

/**
 * Options of `TabSyncManager`.
 *
 * @example
 * new TabSyncManager({ channel: 'my-app-store' });
 */
export interface TabSyncManagerOptions {
  /**
   * The `BroadcastChannel` name; tabs using the same name share their writes.
   * @default 'rest-signals'
   */
  readonly channel?: string;
}

/**
 * Shares one tab's committed writes with every other tab of the origin through `BroadcastChannel`:
 * replies, `controller.set`, invalidations and deletes made in one tab are applied in the others
 * as if received there (an entity fetched in one tab shows in the others without a request; an
 * older copy never overwrites a newer one). Optimistic layers, errors and expiry stay in their own
 * tab. Invariants: a write received from another tab is never posted again (no echo loop), and
 * nothing is stored on the channel, so a tab that opens later starts from its own state rather
 * than replaying history. Does nothing where `BroadcastChannel` does not exist.
 *
 * @example
 * const client = createDataClient({ managers: [new TabSyncManager(), ...getDefaultManagers()] });
 */
export class TabSyncManager implements Manager {
  [CLIENT]: Controller | undefined;
  readonly #name: string;
  #channel: BroadcastChannel | undefined;
  #store: Store | undefined;
  #controller: Controller | undefined;
  #write: ManagerContext['write'] | undefined;
  #applying = false;

  constructor({ channel = 'rest-signals' }: TabSyncManagerOptions = {}) {
    if (typeof channel !== 'string' || channel === '') {
      throw new TypeError(`TabSyncManager: option channel must be a non-empty string, got ${JSON.stringify(channel)}`);
    }
    this.#name = channel;
  }

  /** Joins the channel when the client is made; passes every action on. */
  middleware: Middleware = controller => {
    this.#start(controller);
    return next => next;
  };

  #start(controller: Controller): void {
    ({ store: this.#store, write: this.#write } = contextOf(controller));
    this.#controller = controller;
    if (typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(this.#name);
    channel.onmessage = (event: MessageEvent) => this.#receive(event.data);
    this.#channel = channel;
  }

  onAction(action: StoreAction): void {
    const channel = this.#channel;
    if (channel === undefined || this.#store === undefined || this.#applying) return;
    const message = toTabMessage(action);
    if (message === undefined) return;
    try {
      channel.postMessage(message);
    } catch (error) {
      // a value the structured clone cannot copy (a function in a reply) stays in this tab
      if (process.env.NODE_ENV !== 'production') warn('tab-sync-unshareable', `TabSyncManager: a write could not be shared with other tabs (${(error as Error).name}).`, error);
    }
  }

  cleanup(): void {
    this.#channel?.close();
    this.#channel = undefined;
  }

  #receive(data: unknown): void {
    const store = this.#store;
    const message = readTabMessage(data);
    if (store === undefined || message === undefined || this.#channel === undefined) return;
    this.#applying = true;
    try {
      // a logout in another tab ends this tab's session too, through the controller: what is in
      // flight here is aborted, so no reply of the old session lands here or is shared back
      if (message.kind === 'reset') void this.#controller!.resetEntireStore();
      else if (message.kind === 'invalidate') this.#write!({ type: 'invalidate', keys: message.keys });
      else {
        const writes = receivedWriteSet(
          message,
          (key, pk, meta) => (store.entities.meta(key, pk)?.date ?? -Infinity) > meta.date,
          key => store.schemas.get(key),
        );
        this.#write!({ type: 'setResponse', key: message.key ?? undefined, writes, meta: message.meta });
      }
    } finally {
      this.#applying = false;
    }
  }
}
