import { isRecord } from './own.js';
import { memberOf, Polymorphic } from './Polymorphic.js';
import type { QueryDelegate, SchemaObject } from './visit.js';

export type { SchemaAttribute } from './Polymorphic.js';

/**
 * One of several entity types, chosen per item by `schemaAttribute` (a field name such as
 * `'type'`, or a function). The normalized form is `{ id, schema }` where `schema` is the
 * member name, so lists can mix types.
 *
 * @example
 * const Feed = new Union({ post: Post, link: Link }, 'type');
 * normalize([Feed], [{ id: 1, type: 'post' }]).result; // [{ id: '1', schema: 'post' }]
 */
export class Union<Choices extends Record<string, SchemaObject> = Record<string, SchemaObject>> extends Polymorphic<Choices> {
  static {
    // the class name data-client gives this schema (its snapshots and error output show it)
    Object.defineProperty(this, 'name', { value: 'UnionSchema' });
  }

  /**
   * `{ id, schema }` for `args[0]`: through the member its attribute names, or, when `args[0]`
   * names none (no type field), the first member that finds an entity for it.
   */
  queryKey(args: readonly unknown[], d: QueryDelegate): unknown {
    const first = args[0];
    if (!isRecord(first)) return undefined;
    const type = this.typeOf(first, undefined, '');
    const member = memberOf(this.schema, type);
    if (member) {
      const id = member.queryKey?.(args, d);
      return id === undefined ? undefined : { id, schema: type };
    }
    for (const name of Object.keys(this.schema)) {
      const id = this.schema[name]!.queryKey?.(args, d);
      if (id !== undefined) return { id, schema: name };
    }
    return undefined;
  }
}
