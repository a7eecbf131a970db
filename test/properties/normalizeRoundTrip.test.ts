// Properties of the schema layer: denormalize(normalize(x)) gives x back for generated nested
// entity graphs (Unions, Collections, shared entities, cycles), and normalizing what denormalize
// produced writes the same tables again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { denormalize, normalize } from '../../src/core/schema/index.js';
import { graph, graphObjects, graphReply, Node, Page, pageReply } from './graphs.js';

const SEED = 0x5eed;
const RUNS = 2000;

describe('normalize / denormalize round trip', () => {
  it('nested entities, a Union list, a Collection and plain fields come back unchanged', () => {
    fc.assert(
      fc.property(pageReply, reply => {
        const { result, entities } = normalize(Page, reply);
        expect(denormalize(Page, result, entities)).toEqual(reply);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('normalizing the denormalized value again writes the same tables and result', () => {
    fc.assert(
      fc.property(pageReply, reply => {
        const first = normalize(Page, reply);
        const again = normalize(Page, denormalize(Page, first.result, first.entities));
        expect(again.result).toEqual(first.result);
        expect(again.entities).toEqual(first.entities);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('cyclic graphs denormalize to the linked objects, each node one object', () => {
    fc.assert(
      fc.property(graph, nodes => {
        const { result, entities } = normalize(Node, graphReply(nodes));
        const out = denormalize(Node, result, entities) as Node;
        expect(out).toEqual(graphObjects(nodes));
        // a node reached twice is the same object
        const byId = new Map<string, unknown>();
        const walk = (n: Node) => {
          const prev = byId.get(n.id);
          if (prev) return expect(prev).toBe(n);
          byId.set(n.id, n);
          n.links.forEach(walk);
        };
        walk(out);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('normalizing a denormalized cyclic graph again writes the same tables', () => {
    fc.assert(
      fc.property(graph, nodes => {
        const first = normalize(Node, graphReply(nodes));
        const again = normalize(Node, denormalize(Node, first.result, first.entities));
        expect(again.result).toEqual(first.result);
        expect(again.entities).toEqual(first.entities);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
