import { describe, expectTypeOf, it } from 'vitest';
import { Entity, resource } from '../../src/core/index.js';

class Card extends Entity {
  id = '';
  title = '';
  static override key = 'Card';
}
const Cards = resource({ path: '/cards/:id', schema: Card });

describe('endpoint.bind', () => {
  it('takes the endpoint arguments and gives an endpoint called with none', () => {
    const getOne = Cards.get.bind(undefined, { id: '1' });
    expectTypeOf(getOne()).resolves.toEqualTypeOf<Card>();
    expectTypeOf(getOne.key()).toEqualTypeOf<string>();
    expectTypeOf(getOne.schema).toEqualTypeOf<typeof Card>();
    // @ts-expect-error -- the arguments are fixed
    void getOne({ id: '2' });
    // @ts-expect-error -- the bound arguments are the endpoint's
    void Cards.get.bind(undefined, { nope: 1 });
  });
});
