import { defineField } from '../schema/own.js';

/**
 * Copies the own enumerable properties of `source` onto `target` with `defineProperty`, so
 * keys such as `__proto__` stay ordinary keys and an inherited accessor on `target`'s prototype
 * chain never intercepts the copy.
 */
export function copyOwn<T extends object>(target: T, source: object | undefined | null): T {
  if (!source) return target;
  for (const k of Reflect.ownKeys(source)) {
    const d = Object.getOwnPropertyDescriptor(source, k);
    if (!d || !d.enumerable) continue;
    defineField(target, k, 'value' in d ? d.value : (source as Record<PropertyKey, unknown>)[k]);
  }
  return target;
}

/** true for `{}` literals and `Object.create(null)` tables (not class instances, arrays, FormData...): one definition, in `schema/own.ts`. */
export { isPlainObject } from '../schema/own.js';
