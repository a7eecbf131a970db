// Types of the denormalize members added for data-client 0.18 fidelity.
import { describe, expectTypeOf, it } from 'vitest';
import { Entity, INVALID } from '../../src/core/index.js';

class Item extends Entity {
  id = '';
  static override maxEntityDepth = 8;
}

describe('denormalize fidelity types', () => {
  it('createIfValid gives an instance or undefined; maxEntityDepth is a number', () => {
    expectTypeOf(Item.createIfValid({ id: '1' })).toEqualTypeOf<Item | undefined>();
    expectTypeOf(Entity.maxEntityDepth).toEqualTypeOf<number | undefined>();
    expectTypeOf(INVALID).toBeSymbol();
  });
});
