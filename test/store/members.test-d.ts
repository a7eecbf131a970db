// Types of membersOf / sameMembers: the signal keeps the source's type.
import type { ReadonlySignal } from '@preact/signals-core';
import { describe, expectTypeOf, it } from 'vitest';
import { membersOf, sameMembers } from '../../src/core/index.js';

declare const list: ReadonlySignal<{ id: number }[] | undefined>;

describe('membersOf types', () => {
  it('keeps the source type', () => {
    expectTypeOf(membersOf(list)).toEqualTypeOf<ReadonlySignal<{ id: number }[] | undefined>>();
    expectTypeOf(sameMembers).returns.toEqualTypeOf<boolean>();
    // @ts-expect-error membersOf takes a signal, not an array
    membersOf([1, 2]);
  });
});
