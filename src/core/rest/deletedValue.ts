import { Invalidate } from '../schema/Invalidate.js';
import { isRecord } from '../schema/own.js';
import type { Union } from '../schema/Union.js';

/**
 * What `controller.fetch` of a delete of `X` resolves to: an instance of the entity class (see
 * `deletedValue`); over a Union, one of its members.
 *
 * @example
 * type Removed = DeletedData<typeof Todo>; // Todo
 */
export type DeletedData<X> =
  X extends abstract new (...args: never[]) => infer I ? I
  : X extends Union<infer C> ? { [K in keyof C]: C[K] extends abstract new (...args: never[]) => infer I ? I : never }[keyof C]
  : X extends Record<string, unknown> ? { [K in keyof X]: X[K] extends abstract new (...args: never[]) => infer I ? I : never }[keyof X]
  : unknown;

/**
 * What a delete (an endpoint whose schema is `new Invalidate(Entity)`) resolves to: the removed
 * entity as the processed reply describes it (for `resource().delete`, the reply or, when it was
 * empty, the path arguments), built as an instance of its class, as data-client's
 * `controller.fetch` denormalizes it (a direct call resolves to the processed reply, as there). A reply that is a bare pk is described by the call's
 * first argument (the path parameters hold the pk fields). Over a Union the reply is returned as
 * it is.
 *
 * @example
 * await controller.fetch(TodoResource.delete, { id: 1 }); // Todo { id: 1, ... }
 */
export function deletedValue(schema: unknown, reply: unknown, args: readonly unknown[]): unknown {
  if (!(schema instanceof Invalidate) || !schema.isSingleSchema) return reply;
  const props = isRecord(reply) ? reply : (typeof reply === 'string' || typeof reply === 'number') && isRecord(args[0]) ? args[0] : undefined;
  const entity = schema.schema as { fromJS?: (props: Record<string, unknown>) => unknown };
  return props && typeof entity.fromJS === 'function' ? entity.fromJS(props) : reply;
}
