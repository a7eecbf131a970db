import { describe, expectTypeOf, it } from 'vitest';
import { Entity, Invalidate, Scalar, Values, schema, type ScalarOptions, type ScalarRef } from '../../src/core/index.js';

class Fund extends Entity {
  id = '';
  nav = 0;
}

describe('Scalar types', () => {
  it('takes a lens of the arguments, a key and an optional entity', () => {
    const s = new Scalar({ key: 'ccy', lens: args => (args[0] as { ccy?: string } | undefined)?.ccy, entity: Fund });
    expectTypeOf(s.key).toEqualTypeOf<string>();
    expectTypeOf(s.lensSelector).toEqualTypeOf<(args: readonly unknown[]) => string | undefined>();
    expectTypeOf(s.entityKey).toEqualTypeOf<string | undefined>();
    expectTypeOf(new schema.Scalar({ key: 'k', lens: () => 'x' })).toEqualTypeOf<Scalar>();
    expectTypeOf<ScalarOptions['entity']>().toMatchTypeOf<{ readonly key: string } | undefined>();
    expectTypeOf<ScalarRef>().toEqualTypeOf<readonly [pk: string, field: string, entityKey: string]>();
    // @ts-expect-error the lens gives a string (or undefined), not a number
    new Scalar({ key: 'k', lens: () => 1 });
    // @ts-expect-error a key is required
    new Scalar({ lens: () => 'x' });
  });

  it('Values and Invalidate take an object of members with a schemaAttribute', () => {
    expectTypeOf(new Values({ funds: Fund }, 'type')).toEqualTypeOf<Values<{ funds: typeof Fund }>>();
    expectTypeOf(new Invalidate({ funds: Fund }, (input: Record<string, unknown>) => String(input.type))).toEqualTypeOf<Invalidate<{ funds: typeof Fund }>>();
    // @ts-expect-error the attribute is a field name or a function
    new Values({ funds: Fund }, 3);
  });
});
