import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { denormalize, normalize } from '../../src/core/schema/index.js';
import { Post, User } from './fixtures.js';

const userArb = fc.record({ id: fc.integer({ min: 1, max: 20 }), name: fc.string({ maxLength: 8 }) });
const postArb = fc.record({
  id: fc.integer({ min: 1, max: 20 }),
  title: fc.string({ maxLength: 8 }),
  author: userArb,
});

describe('normalize → denormalize round trip (property)', () => {
  it('every entity shows the fields of its last copy in the reply, merged over earlier copies', () => {
    fc.assert(
      fc.property(fc.array(postArb, { maxLength: 30 }), posts => {
        const { result, entities } = normalize([Post], posts);
        const out = denormalize([Post], result, entities) as Post[];
        expect(out).toHaveLength(posts.length);
        const lastUser = new Map<number, string>();
        const lastPost = new Map<number, string>();
        for (const p of posts) {
          lastPost.set(p.id, p.title);
          lastUser.set(p.author.id, p.author.name);
        }
        out.forEach((p, i) => {
          expect(p).toBeInstanceOf(Post);
          expect(p.id).toBe(posts[i]!.id);
          expect(p.title).toBe(lastPost.get(p.id));
          expect(p.author).toBeInstanceOf(User);
          // a post's author is the one of the post's last copy
          const lastCopy = posts.filter(q => q.id === p.id).at(-1)!;
          expect(p.author.id).toBe(lastCopy.author.id);
          expect(p.author.name).toBe(lastUser.get(p.author.id));
        });
        // one object per entity
        for (const a of out) for (const b of out) if (a.id === b.id) expect(a).toBe(b);
      }),
      { numRuns: 200 },
    );
  });
});
