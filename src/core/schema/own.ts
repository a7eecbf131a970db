/**
 * Own-property helpers for untrusted data. A reply field named `__proto__`, `constructor` or
 * `prototype` is an ordinary field: it is always defined as an own data property, never set
 * through assignment (which would invoke the `__proto__` setter and change a prototype).
 */

/** For hot loops (`hasOwn.call(o, key)`): one call per check instead of two. */
export const hasOwn = Object.prototype.hasOwnProperty;

/** Defines `key` on `target` as an own, writable, enumerable, configurable data property holding `value` (no setter runs). */
export function defineField(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Own data property `key`: assigned only when that provably creates/updates one, else defined. */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key !== '__proto__' && hasOwn.call(target, key)) {
    const d = Object.getOwnPropertyDescriptor(target, key)!;
    if (d.writable) {
      (target as Record<string, unknown>)[key] = value;
      return;
    }
  }
  defineField(target, key, value);
}

/** As `setOwn`, for a fresh plain object (prototype `Object.prototype` or null, no accessors but `__proto__`). */
export function setPlain(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') defineField(target, key, value);
  else target[key] = value;
}

/** True for an object made by a literal or `Object.create(null)` (prototype `Object.prototype` or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Reads an own property only (inherited members such as `constructor` read as undefined). */
export function getOwn(source: object, key: string): unknown {
  return hasOwn.call(source, key) ? (source as Record<string, unknown>)[key] : undefined;
}

/** True when `source` has `key` as its own property. */
export function isOwn(source: object, key: string): boolean {
  return hasOwn.call(source, key);
}

/** A shallow copy; spread defines fields, so `__proto__` stays an ordinary field. */
export function copyOwn(source: object): Record<string, unknown> {
  return { ...source } as Record<string, unknown>;
}

/** True for a non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A lookup table without a prototype, so any string is an ordinary key. */
export function table<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** An own data property on a fresh instance: no setter runs, no prototype changes. */
export function setField(target: object, key: PropertyKey, value: unknown): void {
  if (key !== '__proto__' && (hasOwn.call(target, key) || !(key in target))) (target as Record<PropertyKey, unknown>)[key] = value;
  else defineField(target, key, value);
}

/** Copies own enumerable fields onto a fresh instance as data properties: one `Object.assign` unless a key is a hazard. */
export function assignFields(target: object, source: object): void {
  const hazards = assignHazards(Object.getPrototypeOf(target) as object | null);
  for (let i = 0; i < hazards.length; i++) {
    if (hasOwn.call(source, hazards[i]!)) {
      for (const key of Reflect.ownKeys(source)) {
        if (isEnumerable.call(source, key)) setField(target, key, (source as Record<PropertyKey, unknown>)[key]);
      }
      return;
    }
  }
  Object.assign(target, source);
}

const isEnumerable = Object.prototype.propertyIsEnumerable;
const hazardsByProto = new WeakMap<object, readonly PropertyKey[]>();
const PROTO_ONLY: readonly PropertyKey[] = ['__proto__'];

/**
 * Keys not to assign on instances of `proto`: `__proto__`, accessors, read-only. Cached per
 * prototype; `__proto__` is always one, so no prototype is replaced through this path.
 */
function assignHazards(proto: object | null): readonly PropertyKey[] {
  if (proto === null) return PROTO_ONLY;
  let hazards = hazardsByProto.get(proto);
  if (hazards) return hazards;
  const found = new Set<PropertyKey>(PROTO_ONLY);
  for (let p: object | null = proto; p !== null; p = Object.getPrototypeOf(p) as object | null) {
    for (const key of Reflect.ownKeys(p)) {
      const d = Object.getOwnPropertyDescriptor(p, key)!;
      if (d.get || d.set || d.writable === false) found.add(key);
    }
  }
  hazards = [...found];
  hazardsByProto.set(proto, hazards);
  return hazards;
}

/**
 * Whether two argument lists are the same for a memo: the same list, or the same length with
 * each pair `same` (identity unless told otherwise).
 *
 * @example
 * sameArgs([{ id: 1 }], [{ id: 1 }]); // false: not the same objects
 */
export function sameArgs(a: readonly unknown[], b: readonly unknown[], same: (x: unknown, y: unknown) => boolean = Object.is): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
  return true;
}
