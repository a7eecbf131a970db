/**
 * Own-property helpers for untrusted data. A reply field named `__proto__`, `constructor` or
 * `prototype` is an ordinary field: it is always defined as an own data property, never set
 * through assignment (which would invoke the `__proto__` setter and change a prototype).
 */

/** `Object.prototype.hasOwnProperty`, for hot loops to call directly (`hasOwn.call(o, key)`): one call per check instead of two through `isOwn`. */
export const hasOwn = Object.prototype.hasOwnProperty;

/** Defines `key` on `target` as an own, writable, enumerable, configurable data property holding `value` (no setter runs). */
export function defineField(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Makes `key` an own, writable, enumerable data property of `target` holding `value`. Plain
 * assignment is used only when it provably creates or updates an own data property (an own
 * writable field); otherwise (`__proto__`, or an inherited accessor on a class instance) the
 * property is defined.
 */
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

/**
 * A shallow copy of the own enumerable fields of `source` into a plain object. Spread defines
 * each field (it never assigns), so a `__proto__` field is copied as an ordinary own field.
 */
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

/**
 * Sets a field on a freshly constructed instance as an own data property. Plain assignment
 * when it provably creates or updates one (an own field, or a key nothing on the prototype
 * chain defines); otherwise (`__proto__`, an inherited accessor, method or read-only field)
 * the property is defined, so no setter runs and no prototype changes.
 */
export function setField(target: object, key: PropertyKey, value: unknown): void {
  if (key !== '__proto__' && (hasOwn.call(target, key) || !(key in target))) (target as Record<PropertyKey, unknown>)[key] = value;
  else defineField(target, key, value);
}

/**
 * Copies every own enumerable field of `source` (string and symbol keys, as `Object.assign`)
 * onto a freshly constructed instance `target`, each as an own data property. Fast path: one
 * `Object.assign`, taken only when `source` has none of the instance's assignment hazards
 * (`__proto__`, accessors and read-only keys of its prototype chain; see `assignHazards`):
 * then every assignment creates or updates an own data property, exactly what defining it
 * would do. Otherwise each field goes through `setField`.
 */
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
 * The keys plain assignment must not be used for on instances with prototype `proto`:
 * `__proto__` and every accessor or read-only property on the chain. Computed once per
 * prototype (entity classes are not given new accessors once in use; if one were, only a
 * setter of that name could run for a field of that name: `__proto__` is always a hazard,
 * so no prototype can ever be replaced through this path).
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
