// Checks that nothing added a property to the built-in prototypes.
import { expect } from 'vitest';

const PROTOS: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];

/** The own keys of each built-in prototype, to compare after the test. */
export function protoKeys(): Record<string, string[]> {
  return Object.fromEntries(PROTOS.map(([name, p]) => [name, Reflect.ownKeys(p).map(String).sort()]));
}

/** No built-in prototype gained a key, and a fresh object sees no `polluted` property. */
export function expectNoPollution(before: Record<string, string[]>): void {
  expect(protoKeys()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}
