import type { SnapshotInterface } from '../schema/protocol.js';
import { splitArgs } from './callArgs.js';
import { copyOwn } from './copyOwn.js';
import { setPlain } from '../schema/own.js';

/**
 * The optimistic replies `resource({ optimistic: true })` gives its mutations. Each receives the
 * call's arguments as the endpoint received them; `hasBody` endpoints take `(params, body)` or
 * just `(body)`. A FormData body is read as a plain object.
 */

interface BodyAware {
  readonly hasBody: boolean;
}

function plainBody(body: unknown): unknown {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of body.entries()) setPlain(out, k, v);
    return out;
  }
  return body;
}

const merged = (...parts: unknown[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const p of parts) if (p && typeof p === 'object') copyOwn(out, p);
  return out;
};

/**
 * `getList.push` / `getList.unshift`: the body is the created entity.
 *
 * @example
 * const push = getList.push.extend({ getOptimisticResponse: optimisticCreate });
 */
export function optimisticCreate(this: BodyAware, _snapshot: SnapshotInterface, ...args: unknown[]): unknown {
  return plainBody(splitArgs(this, args)[1]);
}

/**
 * `update`: path parameters plus the body.
 *
 * @example
 * const update = base.update.extend({ getOptimisticResponse: optimisticUpdate });
 */
export function optimisticUpdate(this: BodyAware, _snapshot: SnapshotInterface, ...args: unknown[]): unknown {
  const [params, body] = splitArgs(this, args);
  return merged(params, plainBody(body));
}

/**
 * `partialUpdate` / `getList.move`: the stored entity, then the path parameters and the body.
 * Without a stored entity there is nothing to patch: the optimistic layer is skipped
 * (`snapshot.abort` is thrown).
 *
 * @example
 * const patch = base.partialUpdate.extend({ getOptimisticResponse: optimisticPartial(Todo) });
 */
export function optimisticPartial(schema: unknown) {
  return function (this: BodyAware, snapshot: SnapshotInterface, ...args: unknown[]): unknown {
    const [params, body] = splitArgs(this, args);
    const stored = snapshot.get(schema, params);
    if (!stored) throw snapshot.abort;
    return merged(stored, params, plainBody(body));
  };
}

/**
 * `delete`: the path parameters identify the removed entity.
 *
 * @example
 * const del = base.delete.extend({ getOptimisticResponse: optimisticDelete });
 */
export function optimisticDelete(this: BodyAware, _snapshot: SnapshotInterface, ...args: unknown[]): unknown {
  return args[0];
}
