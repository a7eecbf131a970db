import { ArraySchema } from '../schema/ArraySchema.js';
import { Collection } from '../schema/Collection.js';
import { Entity } from '../schema/Entity.js';
import { isRecord } from '../schema/own.js';
import type { ResponseSource } from './responseSources.js';

/**
 * Tracked reads that change exactly when a list's membership may change, for one schema shape.
 * `input` is the normalized value at this place of the result.
 */
type Plan = (input: unknown, src: ResponseSource) => void;

/** An entity class whose `denormalize` is Entity's own: it drops out of a list only when its row (or a nested row) is missing or invalid. */
function isPlainEntity(schema: unknown): schema is typeof Entity {
  return typeof schema === 'function' && (schema as typeof Entity).denormalize === Entity.denormalize && typeof (schema as typeof Entity).key === 'string';
}

/**
 * Adds the entity (and Collection) keys reachable from `schema` to `into`; false when a schema on
 * the way is none of: an entity with Entity's own `denormalize`, a list of one, a Collection, a
 * plain object of those.
 */
function entityKeys(schema: unknown, into: Set<string>, seen: Set<unknown>): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  if (isPlainEntity(schema)) {
    into.add(schema.key);
    for (const field of Object.keys(schema.schema)) {
      const f = schema.schema[field];
      // a value constructor (`Date`) or a plain field reads no entity
      if (typeof f === 'function' && !isPlainEntity(f) && !('denormalize' in f)) continue;
      if (!entityKeys(f, into, seen)) return false;
    }
    return true;
  }
  if (Array.isArray(schema)) return schema.length === 1 && entityKeys(schema[0], into, seen);
  if (schema instanceof ArraySchema) return entityKeys(schema.schema, into, seen);
  if (schema instanceof Collection) {
    into.add(schema.key);
    return entityKeys(schema.schema, into, seen);
  }
  if (isRecord(schema) && Object.getPrototypeOf(schema) === Object.prototype) {
    for (const field of Object.keys(schema)) if (!entityKeys(schema[field], into, seen)) return false;
    return true;
  }
  return false;
}

/** The plan of a list of `item`: its entries drop out only when a row of these keys vanishes. */
function listPlan(item: unknown): Plan | undefined {
  const keys = new Set<string>();
  if (!isPlainEntity(item) || !entityKeys(item, keys, new Set())) return undefined;
  const all = [...keys];
  return (_input, src) => {
    for (const k of all) src.store.entities.trackMembership(k);
  };
}

/**
 * How the membership of a response of `schema` is followed, or undefined when it may depend on
 * entity fields (then `membersOf` follows the whole response). Supported: a list of entities
 * (`[Item]`, `schema.Array(Item)`), a `Collection` of one, and plain objects of those (a page
 * `{ results, cursor }`: its other fields are stored in the result itself).
 */
export function membershipPlan(schema: unknown): Plan | undefined {
  if (Array.isArray(schema)) return schema.length === 1 ? listPlan(schema[0]) : undefined;
  if (schema instanceof ArraySchema) return listPlan(schema.schema);
  if (schema instanceof Collection) {
    const c = schema as Collection & { readonly mode: string };
    if (c.mode !== 'fetch' || c.denormalize !== Collection.prototype.denormalize || !(c.schema instanceof ArraySchema)) return undefined;
    const items = listPlan(c.schema.schema);
    if (!items) return undefined;
    return (input, src) => {
      // the stored list itself (fetched, pushed, removed, moved), and the one the arguments name
      // when the result holds none yet (`queryKey`)
      if (typeof input === 'string') src.store.entities.track(c.key, input);
      src.store.entities.track(c.key, c.pk(undefined, undefined, '', src.args));
      items(input, src);
    };
  }
  if (isRecord(schema) && Object.getPrototypeOf(schema) === Object.prototype) {
    const fields: [string, Plan][] = [];
    for (const field of Object.keys(schema)) {
      const plan = membershipPlan(schema[field]);
      if (!plan) return undefined;
      fields.push([field, plan]);
    }
    return (input, src) => {
      for (const [field, plan] of fields) plan(isRecord(input) && Object.prototype.hasOwnProperty.call(input, field) ? input[field] : undefined, src);
    };
  }
  return undefined;
}

/**
 * The tracked reads of `src`'s membership: the store's epoch, the result cell, and what
 * `membershipPlan` names; undefined when the schema is not supported. Also returns the keys the
 * GC must keep while the membership is watched (its rows are not tracked one by one).
 */
export function membershipReads(src: ResponseSource): { read(): void; keys: readonly string[] } | undefined {
  const plan = membershipPlan(src.schema);
  if (!plan) return undefined;
  const keys = new Set<string>();
  entityKeys(src.schema, keys, new Set());
  return {
    read() {
      void src.store.epoch.value;
      const entry = src.store.result(src.key, true);
      plan(entry?.hasData ? entry.data : undefined, src);
    },
    keys: [...keys],
  };
}
