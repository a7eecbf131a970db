import { getOwn, isRecord } from './own.js';

/** Which argument keys do not filter a collection: names, a RegExp, or a test. */
export type NonFilterArgumentKeys = readonly string[] | RegExp | ((key: string) => boolean);

/** Given endpoint arguments, tests whether a stored collection (its parsed args key) should receive the change. */
export type CollectionFilterFactory = (...args: readonly unknown[]) => (collectionKey: Record<string, string>) => boolean;

/**
 * The canonical pk of a collection: primitives become strings and keys are sorted, so
 * `{ b: 1, a: true }` and `{ a: 'true', b: '1' }` name the same collection.
 *
 * @example
 * collectionPk({ userId: 1, done: false }); // '{"done":"false","userId":"1"}'
 */
export function collectionPk(argsObject: Record<string, unknown>): string {
  const keys = Object.keys(argsObject).sort();
  const parts: string[] = [];
  for (const k of keys) {
    let v = argsObject[k];
    if (v === undefined) continue;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') v = String(v);
    parts.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/** A test from any `nonFilterArgumentKeys` form. */
export function nonFilterTest(keys: NonFilterArgumentKeys | undefined): (key: string) => boolean {
  if (keys === undefined) return key => key.startsWith('order');
  if (typeof keys === 'function') return keys;
  if (keys instanceof RegExp) return key => { keys.lastIndex = 0; return keys.test(key); };
  if (Array.isArray(keys)) return key => keys.includes(key);
  throw new TypeError(
    process.env.NODE_ENV !== 'production' ? 'Collection: nonFilterArgumentKeys must be a string[], a RegExp or a function' : 'Collection: bad-option nonFilterArgumentKeys',
  );
}

/**
 * The default collection matching: every filtering key of the stored collection must equal
 * (as a string) the same key in the first or second argument (params, then body).
 */
export function makeCollectionFilter(keys: NonFilterArgumentKeys | undefined | ((key: string) => boolean)): CollectionFilterFactory {
  const ignored = nonFilterTest(keys);
  return (...args) => {
    const a = isRecord(args[0]) ? args[0] : undefined;
    const b = isRecord(args[1]) ? args[1] : undefined;
    return collectionKey =>
      Object.keys(collectionKey).every(key => {
        if (ignored(key)) return true;
        const want = collectionKey[key];
        return (a !== undefined && `${getOwn(a, key)}` === want) || (b !== undefined && `${getOwn(b, key)}` === want);
      });
  };
}
