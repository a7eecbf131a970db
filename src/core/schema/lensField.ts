import type { DenormalizeDelegate, NormalizeDelegate } from './visit.js';

/**
 * A field schema whose value lives outside the entity's row, in a cell per lens (`Scalar`).
 * `Entity` reaches such fields only through this protocol, so an app that never declares one
 * does not bundle `Scalar`.
 */
export interface LensField {
  /** Picks the lens from the endpoint's arguments. */
  readonly lensSelector: (args: readonly unknown[]) => string | undefined;
  /** Stores `value` in its cell and returns the reference the row keeps instead. */
  normalizeField(value: unknown, field: string, entityKey: string, pk: string, d: NormalizeDelegate): unknown;
}

/** Whether a field schema is a `LensField` (duck-typed on both members). */
export function isLensField(s: unknown): s is LensField {
  return typeof s === 'object' && s !== null && typeof (s as LensField).normalizeField === 'function' && typeof (s as LensField).lensSelector === 'function';
}

/** The lens fields of each `Entity.schema` object, found on its first read (a class's schema is not changed once in use). */
const lensFieldsOf = new WeakMap<object, readonly LensField[]>();

/** `Entity.schema` objects without lens fields: their entities are cached under their class (no call to `entityScope`). */
export const lensFree = new WeakSet<object>();

/**
 * One cache scope per entity class and lens selection (see `entityScope`), held weakly: a scope
 * lives while some store's cache holds an entry under it, so lens values seen once (a portfolio
 * per SSR request) do not pile up for the life of the process. A bounded map was rejected: it
 * would renew a scope still in use, and every view of that lens would rebuild.
 */
const scopes = new WeakMap<object, Map<string, WeakRef<object>>>();
const forgetScope = new FinalizationRegistry<{ byLens: Map<string, WeakRef<object>>; lens: string }>(({ byLens, lens }) => {
  if (byLens.get(lens)?.deref() === undefined) byLens.delete(lens);
});

/** The lens fields of `Entity.schema` object `schema` (recording a schema without any in `lensFree`). */
function lensFieldsIn(schema: Record<string, unknown>): readonly LensField[] {
  let fields = lensFieldsOf.get(schema);
  if (!fields) lensFieldsOf.set(schema, (fields = Object.values(schema).filter(isLensField)));
  if (fields.length === 0) lensFree.add(schema);
  return fields;
}

/**
 * What a denormalized entity is cached under: the entity class itself, or, when its schema has
 * lens fields, a stable object per selected lens, so a view of another lens never reuses an
 * instance built with the values of the first.
 */
export function entityScope(entity: object, schema: Record<string, unknown>, d: DenormalizeDelegate): object {
  const fields = lensFieldsIn(schema);
  if (fields.length === 0) return entity;
  const lens = fields.map(s => String(s.lensSelector(d.args))).join('|');
  let byLens = scopes.get(entity);
  if (!byLens) scopes.set(entity, (byLens = new Map()));
  let scope = byLens.get(lens)?.deref();
  if (!scope) {
    byLens.set(lens, new WeakRef((scope = { entity, lens })));
    forgetScope.register(scope, { byLens, lens });
  }
  return scope;
}
