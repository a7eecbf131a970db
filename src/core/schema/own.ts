/**
 * Own-property helpers for untrusted data. A reply field named `__proto__`, `constructor` or
 * `prototype` is an ordinary field: it is always defined as an own data property, never set
 * through assignment (which would invoke the `__proto__` setter and change a prototype).
 */

const hasOwn = Object.prototype.hasOwnProperty;

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
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** As `setOwn`, for a fresh plain object (prototype `Object.prototype` or null, no accessors but `__proto__`). */
export function setPlain(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Reads an own property only (inherited members such as `constructor` read as undefined). */
export function getOwn(source: object, key: string): unknown {
  return hasOwn.call(source, key) ? (source as Record<string, unknown>)[key] : undefined;
}

/** True when `source` has `key` as its own property. */
export function isOwn(source: object, key: string): boolean {
  return hasOwn.call(source, key);
}

/** A shallow copy of the own enumerable fields of `source` into a plain object. */
export function copyOwn(source: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) setPlain(out, key, (source as Record<string, unknown>)[key]);
  return out;
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
 * Sets a field on a freshly constructed instance: its own fields (class field defaults) are
 * writable data properties and are assigned; any other key is defined, so an inherited
 * accessor or `__proto__` is never invoked.
 */
export function setField(target: object, key: string, value: unknown): void {
  if (key !== '__proto__' && hasOwn.call(target, key)) (target as Record<string, unknown>)[key] = value;
  else Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
