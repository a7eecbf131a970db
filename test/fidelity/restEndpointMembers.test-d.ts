// Types of the data-client 0.18 members checked at runtime in restEndpointMembers.test.ts.
import { describe, expectTypeOf, it } from 'vitest';
import { Entity, Invalidate, Union } from '../../src/core/index.js';

class TextPost extends Entity {
  id = '';
  kind = 'text' as const;
  static override key = 'TextPost';
}
class LinkPost extends Entity {
  id = '';
  kind = 'link' as const;
  static override key = 'LinkPost';
}

describe('Invalidate.schema', () => {
  it('is the entity for an entity, and the hoisted member map for a Union', () => {
    expectTypeOf(new Invalidate(TextPost).schema).toEqualTypeOf<typeof TextPost>();
    const members = { text: TextPost, link: LinkPost };
    expectTypeOf(new Invalidate(new Union(members, 'kind')).schema).toEqualTypeOf<typeof members>();
    expectTypeOf(new Invalidate(TextPost).isSingleSchema).toEqualTypeOf<boolean>();
  });
});
