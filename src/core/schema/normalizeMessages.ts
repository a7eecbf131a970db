/**
 * The messages normalize throws and warns with where data-client 0.18 throws or warns for the
 * same cause, in its wording: logs, documentation searches and tests ported from data-client
 * read the same here. Each names the subject (entity key, schema) and shows the offending value
 * as indented JSON, cut at `MAX_SHOWN` characters so a huge reply cannot flood a log.
 */

const MAX_SHOWN = 2000;

/** `JSON.stringify(value, undefined, 2)` that never throws (a cycle, a BigInt) and is cut when huge. */
export function showJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, undefined, 2) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return cut(text);
}

function cut(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

const MALFORMED = `This is likely due to a malformed response.
  Try inspecting the network response or fetch() return value.
  Or use debugging tools: https://dataclient.io/docs/getting-started/debugging`;

/**
 * An entity whose primary key cannot be computed from the (processed) reply object.
 * `defaultPk`: the class uses the default `pk()` (the `id` field) and the object has no `id`.
 */
export function missingPkMessage(entityKey: string, processed: unknown, defaultPk: boolean): string {
  const why = defaultPk ? "'id' missing but needed for default pk(). Try defining pk() for your Entity." : MALFORMED;
  return `Missing usable primary key when normalizing response.

  ${why}
  Learn more about primary keys: https://dataclient.io/rest/api/Entity#pk

  Entity: ${entityKey}
  Value (processed): ${processed ? showJson(processed) : String(processed)}
`;
}

/** An `Invalidate` (a delete) whose reply object has no usable primary key. */
export function invalidateMissingPkMessage(entityKey: string, input: unknown): string {
  return `Missing usable primary key when normalizing response.

  ${MALFORMED}
  Learn more about schemas: https://dataclient.io/docs/api/schema

  Invalidate(Entity): Invalidate(${entityKey})
  Value (processed): ${input ? showJson(input) : String(input)}
  `;
}

/** An `Entity` (with the default `process`) given an array where one object was expected. */
export function entityGivenArrayMessage(className: string, input: readonly unknown[]): string {
  return `Attempted to initialize ${className} with an array, but named members were expected

This is likely due to a malformed response.
Try inspecting the network response or fetch() return value.
Or use debugging tools: https://dataclient.io/docs/getting-started/debugging
Learn more about schemas: https://dataclient.io/docs/api/schema
If this is a mistake, you can disable this check by setting static automaticValidation = 'silent'

First three members: ${showJson(input.slice(0, 3))}`;
}

/**
 * A whole reply that is not an object where the schema describes one. A string that parses as
 * JSON means the body was not parsed (its content-type did not say JSON).
 */
export function unexpectedInputMessage(schema: unknown, input: unknown): string {
  const shown = cut(String(input));
  if (typeof input === 'string' && parsesToNonString(input)) {
    return `Normalizing a string, but this does match schema.

Parsing this input string as JSON worked. This likely indicates fetch function did not parse
the JSON. By default, this only happens if "content-type" header includes "json".
See https://dataclient.io/rest/api/RestEndpoint#parseResponse for more information

  Schema: ${showJson(schema)}
  Input: "${shown}"`;
  }
  const message = `Unexpected input given to normalize. Expected type to be "object", found "${input === null ? 'null' : typeof input}".

          Schema: ${showJson(schema)}
          Input: "${shown}"`;
  // a proxy's login page or a dev server's index.html served with status 200 for an API route
  return typeof input === 'string' && /^\s*</.test(input) ? `${message}\n\nThe input looks like an HTML page, not the API's reply.` : message;
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
  return `Schema attribute ${showJson(attribute)} is not expected.
Expected one of: ${Object.keys(members)
    .map(k => `"${k}"`)
    .join(', ')}

Value: ${showJson(value)}`;
}

/** The message when an entity class has no name to key its table by (and no `static key`). */
export const NAMELESS_ENTITY_MESSAGE = 'Entity classes without a name must define `static key`\nSee: https://dataclient.io/rest/api/Entity#key';
