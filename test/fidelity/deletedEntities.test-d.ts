// Types of the denormalize members added for data-client 0.18 fidelity.
import { describe, expectTypeOf, it } from 'vitest';
import { DenormalizeCache, Entity, INVALID, type DenormalizeCacheOptions } from '../../src/core/index.js';

class Item extends Entity {
  id = '';
  static override maxEntityDepth = 8;
}

describe('denormalize fidelity types', () => {
  it('DenormalizeCache takes what a deleted entity reads as', () => {
    new DenormalizeCache({ deleted: 'missing' });
    new DenormalizeCache({ deleted: 'INVALID' });
    new DenormalizeCache();
    // @ts-expect-error only 'INVALID' or 'missing'
    new DenormalizeCache({ deleted: 'undefined' });
    expectTypeOf<DenormalizeCacheOptions['deleted']>().toEqualTypeOf<'INVALID' | 'missing' | undefined>();
    expectTypeOf(new DenormalizeCache().invalidPropagates).toEqualTypeOf<boolean>();
  });

  it('createIfValid gives an instance or undefined; maxEntityDepth is a number', () => {
    expectTypeOf(Item.createIfValid({ id: '1' })).toEqualTypeOf<Item | undefined>();
    expectTypeOf(Entity.maxEntityDepth).toEqualTypeOf<number | undefined>();
    expectTypeOf(INVALID).toBeSymbol();
  });
});
