import type { AnyEndpoint as EndpointInstance } from './Controller.js';
import { toWriteSet } from '../store/schemaOps.js';
import type { Store } from '../store/Store.js';
import type { OptimisticLayer } from '../store/types.js';
import { warn } from '../dev/warn.js';
import { requestClock } from './requestClock.js';
import { Snapshot } from './Snapshot.js';

let layerSeq = 0;

/**
 * The optimistic layer of one mutation: `endpoint.getOptimisticResponse` recomputed from the state
 * beneath it each time the store replays its layers. `snapshot.abort` skips the layer quietly; any
 * other error also skips it, and is reported once per layer through `onError` (the request still
 * goes out: only its preview failed).
 *
 * @example
 * const layer = optimisticLayer(store, TodoResource.update, [{ id: 1 }, { title: 'x' }], date, expiresAt, report);
 * store.dispatch({ type: 'optimistic', op: 'add', layer });
 */
export function optimisticLayer(
  store: Store,
  endpoint: EndpointInstance,
  args: readonly unknown[],
  date: number,
  expiresAt: number,
  onError: (error: Error) => void,
): OptimisticLayer {
  let reported = false;
  return {
    id: ++layerSeq,
    compute: beneath => {
      const snapshot = new Snapshot(store, beneath, date);
      try {
        const response = endpoint.getOptimisticResponse!(snapshot, ...args);
        // a layer sits on top of whatever is beneath it, however recent: merged as the newest write
        return toWriteSet(endpoint.schema, response, args, beneath, { date: requestClock(), fetchedAt: date, expiresAt }, true);
      } catch (error) {
        if (error === snapshot.abort) return null;
        if (!reported) {
          reported = true;
          const err = error instanceof Error ? error : new Error(String(error));
          if (process.env.NODE_ENV !== 'production') {
            warn('optimistic-response-threw', `${endpoint.name}: getOptimisticResponse threw ${err.name}: ${err.message}; the update shows when the server replies`);
          }
          onError(err);
        }
        return null;
      }
    },
  };
}
