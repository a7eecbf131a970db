// Generated entity graphs for the schema and store properties: a pool of entities with fixed
// fields and replies that use them (nested entities, a Union list, a Collection, plain fields),
// and directed graphs of nodes with cycles.
import fc from 'fast-check';
import { Collection, Entity, Union } from '../../src/core/schema/index.js';

export class Author extends Entity {
  id = 0;
  name = '';
  static override key = 'Author';
}
export class Tag extends Entity {
  id = '';
  label = '';
  type = 'tag';
  static override key = 'Tag';
}
export class Post extends Entity {
  id = 0;
  title = '';
  type = 'post';
  author: Author = Author.fromJS();
  tags: Tag[] = [];
  static override key = 'Post';
  static override schema = { author: Author, tags: [Tag] };
}
/** A graph node linking to other nodes: cycles of any length. */
export class Node extends Entity {
  id = '';
  label = '';
  links: Node[] = [];
  static override key = 'Node';
  static override schema: Record<string, unknown> = {};
}
Node.schema = { links: [Node] };

export const Feed = new Union({ post: Post, tag: Tag }, 'type');
export const Page = { posts: new Collection([Post]), feed: [Feed], featured: Post };

const text = fc.string({ unit: 'grapheme', maxLength: 8 });

/** A pool of entities with fixed fields, and a reply that uses them (every occurrence complete). */
export const pageReply = fc
  .record({
    authors: fc.array(text, { minLength: 1, maxLength: 4 }),
    tags: fc.array(text, { maxLength: 4 }),
    posts: fc.array(fc.record({ title: text, author: fc.nat(), tags: fc.uniqueArray(fc.nat(3), { maxLength: 3 }) }), { minLength: 1, maxLength: 5 }),
  })
  .chain(pool =>
    fc.record({
      pool: fc.constant(pool),
      list: fc.uniqueArray(fc.nat(pool.posts.length - 1), { maxLength: pool.posts.length }),
      feed: fc.array(fc.oneof(fc.nat(pool.posts.length - 1).map(i => ['post', i] as const), fc.nat(3).map(i => ['tag', i] as const)), { maxLength: 6 }),
      featured: fc.option(fc.nat(pool.posts.length - 1), { nil: null }),
      total: fc.integer(),
    }),
  )
  .map(({ pool, list, feed, featured, total }) => {
    const tag = (i: number) => ({ id: `t${i}`, label: pool.tags[i]!, type: 'tag' });
    const post = (i: number) => {
      const p = pool.posts[i]!;
      const a = p.author % pool.authors.length;
      return {
        id: 100 + i,
        title: p.title,
        type: 'post',
        author: { id: a + 1, name: pool.authors[a]! },
        tags: p.tags.filter(t => t < pool.tags.length).map(tag),
      };
    };
    return {
      posts: list.map(post),
      feed: feed.filter(([k, i]) => k === 'post' || i < pool.tags.length).map(([k, i]) => (k === 'post' ? post(i) : tag(i))),
      featured: featured === null ? null : post(featured),
      total,
    };
  });

/** A directed graph of 1..7 nodes: labels and links by index (self links and cycles allowed). */
export const graph = fc.integer({ min: 1, max: 7 }).chain(n =>
  fc.array(fc.record({ label: text, links: fc.array(fc.nat(n - 1), { maxLength: 3 }) }), { minLength: n, maxLength: n }),
);

/** The reply for the graph from node 0: the first visit of a node is complete, later ones are its pk. */
export function graphReply(nodes: { label: string; links: number[] }[]): unknown {
  const seen = new Set<number>();
  const visit = (i: number): unknown => {
    if (seen.has(i)) return `n${i}`;
    seen.add(i);
    return { id: `n${i}`, label: nodes[i]!.label, links: nodes[i]!.links.map(visit) };
  };
  return visit(0);
}

/** The graph as linked objects (what denormalize should build), from node 0. */
export function graphObjects(nodes: { label: string; links: number[] }[]): unknown {
  const made = new Map<number, { id: string; label: string; links: unknown[] }>();
  const make = (i: number) => {
    let o = made.get(i);
    if (o) return o;
    made.set(i, (o = { id: `n${i}`, label: nodes[i]!.label, links: [] }));
    for (const j of nodes[i]!.links) o.links.push(make(j));
    return o;
  };
  return make(0);
}

