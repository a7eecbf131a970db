import type { StoreAction } from '../core/index.js';

/**
 * A store action as plain JSON-serialisable data: its type, the result keys and entities it
 * changed, and the error it recorded. Functions (`testKey`, a layer's `compute`) and the write
 * maps are left out, so it can be logged, shown and sent to an extension as it is.
 *
 * @example
 * inspector.listen(action => console.log(describeAction(action)));
 */
export interface ActionSummary {
  readonly type: StoreAction['type'];
  /** The result keys the action set, invalidated or removed. */
  readonly keys: readonly string[];
  /** Entities written or removed: entity type → pks. */
  readonly entities: Readonly<Record<string, readonly string[]>>;
  /** 'add' / 'remove' for an optimistic layer, with the layer's id. */
  readonly optimistic?: { readonly op: 'add' | 'remove'; readonly id: number };
  /** The message of a recorded error. */
  readonly error?: string;
}

function entityMap(pairs: Iterable<readonly [string, Iterable<string>]>): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [type, pks] of pairs) {
    const list = [...pks];
    if (list.length) Object.defineProperty(out, type, { value: list, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Describes `action` (see `ActionSummary`).
 *
 * @example
 * describeAction({ type: 'invalidate', keys: ['GET /users/1'] }); // { type: 'invalidate', keys: ['GET /users/1'], entities: {} }
 */
export function describeAction(action: StoreAction): ActionSummary {
  switch (action.type) {
    case 'setResponse':
      return {
        type: action.type,
        keys: action.key === undefined ? [] : [action.key],
        entities: entityMap([...action.writes.entities].map(([type, byPk]) => [type, byPk.keys()] as const)),
      };
    case 'setError':
      return { type: action.type, keys: [action.key], entities: {}, error: action.error.message };
    case 'invalidate':
      return { type: action.type, keys: [...action.keys], entities: {} };
    case 'hydrate':
      return {
        type: action.type,
        keys: action.results.map(([key]) => key),
        entities: entityMap([...action.writes.entities].map(([type, byPk]) => [type, byPk.keys()] as const)),
      };
    case 'optimistic':
      return action.op === 'add'
        ? { type: action.type, keys: [], entities: {}, optimistic: { op: 'add', id: action.layer.id } }
        : { type: action.type, keys: [], entities: {}, optimistic: { op: 'remove', id: action.id } };
    case 'gc': {
      const byType = new Map<string, string[]>();
      for (const [type, pk] of action.entities) {
        let list = byType.get(type);
        if (!list) byType.set(type, (list = []));
        list.push(pk);
      }
      return { type: action.type, keys: [...action.results], entities: entityMap(byType) };
    }
    default:
      return { type: action.type, keys: [], entities: {} };
  }
}
