import { Invalidate } from '../schema/Invalidate.js';
import { isRecord } from '../schema/own.js';

/**
 * What a delete (an endpoint whose schema is `new Invalidate(Entity)`) resolves to: the removed
 * entity as the processed reply describes it (for `resource().delete`, the reply or, when it was
 * empty, the path arguments), built as an instance of its class, as data-client's
 * `controller.fetch` denormalizes it. A reply that is a bare pk is described by the call's
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
