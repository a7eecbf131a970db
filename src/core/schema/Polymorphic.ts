import { SchemaError } from './SchemaError.js';
import { unknownSchemaAttributeMessage, unlistedUnionTypeMessage, unresolvedUnionMessage } from './normalizeMessages.js';
import { warn } from '../dev/warn.js';
import { getOwn, isOwn, isRecord } from './own.js';
import type { DenormalizeDelegate, NormalizeDelegate, SchemaObject } from './visit.js';

/** Values of an unlisted type already warned about when stored, so reading them prints nothing more. */
const keptAsTheyCame = new WeakSet<object>();

/**
 * Picks the member type of a reply object: a field name, or a function of it. `input` is `any` and
 * bivariant (as in data-client), so `(input: Link | Post) => ...` is accepted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaAttribute = string | { pick(input: Record<string, any>, parent: unknown, key: string): string }['pick'];

/** The member schema a type names, when `members` declares it as its own key. */
export function memberOf<C extends Record<string, SchemaObject>>(members: C, type: unknown): SchemaObject | undefined {
  return typeof type === 'string' && isOwn(members, type) ? members[type] : undefined;
}

/**
 * One of several entity types chosen by `schemaAttribute`, normalized to `{ id, schema }`. Apart
 * from `Union`, so an app not importing `Union` does not bundle it (as data-client's `PolymorphicSchema`).
 */
export class Polymorphic<Choices extends Record<string, SchemaObject> = Record<string, SchemaObject>> {
  readonly schema: Choices;
  readonly #attribute: SchemaAttribute;

  constructor(schemas: Choices, schemaAttribute: SchemaAttribute) {
    if (typeof schemaAttribute !== 'string' && typeof schemaAttribute !== 'function') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? `Union: schemaAttribute must be a field name or a function; got ${typeof schemaAttribute}` : 'Union: bad-option schemaAttribute');
    }
    this.schema = schemas;
    this.#attribute = schemaAttribute;
  }

  /** The member keys joined, for naming Collections of a Union. */
  schemaKey(): string {
    return Object.values(this.schema)
      .map(s => String((s as { key?: unknown }).key))
      .join(';');
  }

  /** The member name for a reply object; `key` is undefined for the reply itself, as in data-client. */
  typeOf(input: Record<string, unknown>, parent: unknown, key: string | undefined): string {
    const a = this.#attribute;
    return typeof a === 'string' ? String(getOwn(input, a)) : a(input, parent, key as string);
  }

  /**
   * `{ id, schema }` through the named member. An unknown type is kept with a warning (as
   * data-client: a feed adding a type does not reject the reply); a non-object rejects when strict.
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, d: NormalizeDelegate): unknown {
    if (!isRecord(input)) {
      if (!d.strict) return input;
      throw new SchemaError(`Union(${this.schemaKey()})`, 'expected an object', input);
    }
    const type = this.typeOf(input, parent, key);
    const member = memberOf(this.schema, type);
    if (!member) {
      if (d.strict) {
        keptAsTheyCame.add(input);
        if (process.env.NODE_ENV !== 'production') warn('union-type-unlisted', unlistedUnionTypeMessage(`Union(${this.schemaKey()})`, rawType(this.#attribute, input, parent, key), this.schema, input));
      } else if (process.env.NODE_ENV !== 'production') {
        warn('schema-attribute-unknown', unknownSchemaAttributeMessage(rawType(this.#attribute, input, parent, key), this.schema, input));
      }
      return input;
    }
    const id = member.normalize(input, parent, key, d);
    if (id === undefined || id === null) return id;
    // asks the attribute again, as data-client (a function attribute sees two calls per item)
    return { id, schema: typeof this.#attribute === 'function' ? this.typeOf(input, parent, key) : type };
  }

  /** A reference denormalizes through its member; any other value passes or is built by its member, as in data-client. */
  denormalize(input: unknown, d: DenormalizeDelegate): unknown {
    if (!isRecord(input) || !getOwn(input, 'schema')) {
      const inferred = isRecord(input) ? memberOf(this.schema, this.typeOf(input, undefined, undefined)) : undefined;
      if (inferred) return d.unvisit(inferred, input);
      if (isRecord(input) && keptAsTheyCame.has(input)) return input;
      // a development warning, as in data-client: a value no member can be told for is returned as it is
      if (process.env.NODE_ENV !== 'production' && input) {
        warn('schema-member-unresolved', unresolvedUnionMessage(`Union(${this.schemaKey()})`, input));
      }
      return input;
    }
    const member = memberOf(this.schema, getOwn(input, 'schema'));
    return member ? d.unvisit(member, getOwn(input, 'id')) : undefined;
  }
}

/** For development messages; a module function so production drops it. */
function rawType(attribute: SchemaAttribute, input: Record<string, unknown>, parent: unknown, key: string | undefined): unknown {
  return typeof attribute === 'string' ? getOwn(input, attribute) : attribute(input, parent, key as string);
}
