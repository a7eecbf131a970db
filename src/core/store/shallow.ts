/**
 * Equality and structural sharing for normalized and denormalized values. Only plain containers
 * (arrays, and objects whose prototype is `Object.prototype` or null) are compared field by field;
 * anything else (entity instances, dates, class objects) is compared by identity, because an
 * entity the store did not change is already the same object.
 */
import { isPlainObject, setPlain } from '../schema/own.js';

/** Arrays built incrementally from the previous value (see `markShared`). */
const shared = new WeakSet<object>();

/**
 * Marks `list` as already sharing structure with the list it replaces (an incremental list is a
 * copy of its previous value with the changed entries replaced), so `shareStructure` returns it
 * as it is instead of comparing every entry again. Returns `list`.
 *
 * @example
 * const next = markShared(prev.slice());
 */
export function markShared<T extends object>(list: T): T {
  shared.add(list);
  return list;
}


/**
 * True when `a` and `b` are the same value, or plain containers with the same own keys holding
 * identical values (one level deep).
 *
 * @example
 * shallowEqual({ id: '1', name: 'a' }, { id: '1', name: 'a' }); // true
 */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  for (const k of ak) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !Object.is(a[k], b[k])) return false;
  }
  return true;
}

/**
 * Returns `prev` where `next` holds the same content, recursing through plain containers so a
 * container whose members all kept their identity keeps its own identity too. Class instances
 * (denormalized entities) are never entered: they are equal only when identical.
 *
 * @example
 * const a = [{ tag: 'x' }];
 * shareStructure(a, [{ tag: 'x' }]) === a; // true
 */
export function shareStructure<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(prev) || shared.has(next)) return next;
    let same = prev.length === next.length;
    // made only once some member is reused from `prev`: until then every member is `next`'s own
    let out: unknown[] | undefined;
    for (let i = 0; i < next.length; i++) {
      const v = i < prev.length ? shareStructure(prev[i], next[i]) : next[i];
      if (same && !Object.is(v, prev[i])) same = false;
      if (out === undefined && !Object.is(v, next[i])) out = next.slice(0, i);
      if (out !== undefined) out.push(v);
    }
    if (same) return prev as T;
    return (out ?? next) as T;
  }
  if (isPlainObject(next)) {
    if (!isPlainObject(prev)) return next;
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    // made only once some member is reused from `prev`: until then every member is `next`'s own
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const has = Object.prototype.hasOwnProperty.call(prev, k);
      const v = has ? shareStructure(prev[k], next[k]) : next[k];
      if (same && !(has && Object.is(v, prev[k]))) same = false;
      if (out === undefined && !Object.is(v, next[k])) {
        out = Object.create(Object.getPrototypeOf(next)) as Record<string, unknown>;
        for (let j = 0; j < i; j++) setPlain(out, keys[j]!, next[keys[j]!]);
      }
      if (out !== undefined) setPlain(out, k, v);
    }
    if (same) return prev as T;
    return (out ?? next) as T;
  }
  return next;
}
