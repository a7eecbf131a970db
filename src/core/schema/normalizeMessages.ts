/**
 * The messages normalize throws and warns with where data-client 0.18 throws or warns for the
 * same cause (our own wording: one line, subject first). Each names the subject (entity key,
 * schema) and shows the offending value as JSON, cut at `MAX_SHOWN` characters so a huge reply
 * cannot flood a log.
 */

import { schemaName } from './visit.js';

const MAX_SHOWN = 2000;

/** `JSON.stringify(value)` that never throws (a cycle, a BigInt) and is cut when huge. */
export function showJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return cut(text);
}

function cut(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/**
 * An entity whose primary key cannot be computed from the (processed) reply object.
 * `defaultPk`: the class uses the default `pk()` (the `id` field) and the object has no `id`.
 */
export function missingPkMessage(entityKey: string, processed: unknown, defaultPk: boolean): string {
  const hint = defaultPk
    ? "the default pk() reads the 'id' field, which this object lacks; define pk() to read another field"
    : 'pk() returned nothing for it; check the reply (a wrong shape) or pk()';
  return `${entityKey}: reply has no usable primary key (${hint}); got ${showJson(processed)}`;
}

/** An `Invalidate` (a delete) whose reply object has no usable primary key. */
export function invalidateMissingPkMessage(entityKey: string, input: unknown): string {
  return `Invalidate(${entityKey}): cannot invalidate: reply has no usable primary key; got ${showJson(input)}`;
}

/** An `Entity` (with the default `process`) given an array where one object was expected. */
export function entityGivenArrayMessage(className: string, input: readonly unknown[]): string {
  return `${className}: expected an object, got an array (declare the schema as a list, or set static automaticValidation = 'warn' or 'silent' on the class to accept it); first items: ${showJson(input.slice(0, 3))}`;
}

/**
 * A whole reply that is not an object where the schema describes one: nothing at all (a 204), an
 * HTML page (a proxy's login page), a string that parses as JSON (the body was not parsed because
 * its content-type did not say JSON), or another primitive.
 */
export function unexpectedInputMessage(schema: unknown, input: unknown): string {
  const name = schemaName(schema);
  if (input === null || input === undefined) return `${name}: expected an object, got an empty reply; got ${String(input)}`;
  if (typeof input !== 'string') return `${name}: expected an object, got a ${typeof input}; got ${showJson(input)}`;
  const shown = JSON.stringify(cut(input));
  if (/^\s*</.test(input)) return `${name}: expected an object, got text that looks like an HTML page, not the API's reply; got ${shown}`;
  if (parsesToNonString(input)) {
    return `${name}: expected an object, got a string of JSON (the reply's content-type was not JSON, so it was not parsed; see RestEndpoint.parseResponse); got ${shown}`;
  }
  return `${name}: expected an object, got a string; got ${shown}`;
}


function parsesToNonString(input: string): boolean {
  try {
    return typeof JSON.parse(input) !== 'string';
  } catch {
    return false;
  }
}

/** Warned when a polymorphic schema (Union, polymorphic Array / Values) meets a type it does not declare. */
export function unknownSchemaAttributeMessage(attribute: unknown, members: object, value: unknown): string {
  const declared = Object.keys(members)
    .map(k => `"${k}"`)
    .join(', ');
  return `No schema is declared for type ${showJson(attribute)} (declared: ${declared}); the value is kept as it came: ${showJson(value)}`;
}

/** Warned when the store keeps a Union value whose type no member declares (`subject`: the Union). */
export function unlistedUnionTypeMessage(subject: string, attribute: unknown, members: object, value: unknown): string {
  const declared = Object.keys(members)
    .map(k => `"${k}"`)
    .join(', ');
  return `${subject}: no member for type ${showJson(attribute)} (declared: ${declared}); the value is kept as it came: ${showJson(value)}`;
}

/** A class `Entity` / `EntityMixin` cannot take its key from: anonymous, or a minified name. */
export const NAMELESS_ENTITY_MESSAGE = 'This Entity class has no usable name (anonymous or minified): it must define `static key` to name its table';

/** Warned when denormalize meets a value of a polymorphic schema that is no `{ id, schema }` reference and names no declared type. */
export function unresolvedUnionMessage(subject: string, value: unknown): string {
  return `${subject}: cannot tell which member to build from a value that is no reference and names no declared type; it is returned as it is: ${showJson(value)}`;
}

/** Warned when the pure `normalize` writes an entity that lacks a field its class indexes. */
export function indexNotFoundMessage(entityKey: string, field: string, entity: unknown): string {
  return `${entityKey}: indexed field "${field}" is missing from this entity (indexes must name top-level fields), so no index entry was written; got ${showJson(entity)}`;
}
