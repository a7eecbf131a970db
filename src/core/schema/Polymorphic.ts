import { SchemaError } from './SchemaError.js';
import { unknownSchemaAttributeMessage, unlistedUnionTypeMessage, unresolvedUnionMessage } from './normalizeMessages.js';
import { warn } from '../dev/warn.js';
import { getOwn, isOwn, isRecord } from './own.js';
import type { DenormalizeDelegate, NormalizeDelegate, SchemaObject } from './visit.js';

/**
 * Values of an unlisted type the store kept as they came (already warned about when stored), so
 * reading them back prints nothing more. Weak: a value leaves with the result that holds it.
 */
const keptAsTheyCame = new WeakSet<object>();

/**
 * Picks the member type of a reply object: a field name, or a function of the object. The reply
 * is not known to be any member before the callback decides, so its fields are `any` (as in
 * data-client), and `input` is checked bivariantly (a method signature): a callback typed with the
 * members it picks among, `(input: Link | Post) => \`${input.type}s\``, as data-client's docs
 * write it, is accepted, as is an unannotated `input => input.type`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaAttribute = string | { pick(input: Record<string, any>, parent: unknown, key: string): string }['pick'];

/** The member schema a type names, when `members` declares it as its own key. */
export function memberOf<C extends Record<string, SchemaObject>>(members: C, type: unknown): SchemaObject | undefined {
  return typeof type === 'string' && isOwn(members, type) ? members[type] : undefined;
}

/**
 * The item of a polymorphic schema: one of several entity types, chosen per value by
 * `schemaAttribute`, normalized to the reference `{ id, schema }`. `Union` is this plus its
 * lookup (`queryKey`) and public name; the polymorphic `schema.Array`, `Values`, `All` and
 * `Invalidate` build this one, so an app that never imports `Union` does not bundle its class.
 * (data-client shares a `PolymorphicSchema` base the same way.) Its instances are never seen by
 * users except as a `Union`, so `instanceof Polymorphic` tells a Union as `instanceof Union` did.
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

  /**
   * The member name for a reply object. `key` is undefined for the reply itself; a function
   * attribute receives it so, as in data-client (whose type also declares a string).
   */
  typeOf(input: Record<string, unknown>, parent: unknown, key: string | undefined): string {
    const a = this.#attribute;
    return typeof a === 'string' ? String(getOwn(input, a)) : a(input, parent, key as string);
  }

  /**
   * `{ id, schema }` through the member the attribute names. An object whose type no member
   * declares is kept as it came with a development warning, on the store path too (as data-client's
   * polymorphic schemas do: a feed that adds a type does not reject the whole reply). A value that
   * is not an object rejects on the store path (`d.strict`); the pure `normalize` keeps it.
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
    // as in data-client, the reference names the member by asking the attribute again (a
    // function attribute sees two calls per item, as code ported from data-client expects)
    return { id, schema: typeof this.#attribute === 'function' ? this.typeOf(input, parent, key) : type };
  }

  /**
   * A reference `{ id, schema }` denormalizes through its member. A value that is not a
   * reference (as normalize never writes, e.g. one passed to `denormalize` by hand) is
   * returned as it is, or built by the member its fields pick, as in data-client.
   */
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

/**
 * The attribute as the reply object holds it, for development messages (`undefined`, `null`, a
 * number stay so). A module function, not a method, so a production build drops it.
 */
function rawType(attribute: SchemaAttribute, input: Record<string, unknown>, parent: unknown, key: string | undefined): unknown {
  return typeof attribute === 'string' ? getOwn(input, attribute) : attribute(input, parent, key as string);
}
