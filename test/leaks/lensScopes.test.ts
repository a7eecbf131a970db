// An entity with lens fields (`Scalar`) caches its denormalized instances under one scope object per
// lens value. A server renders each request with a client of its own and a lens of its own (the
// user's portfolio): once those clients are gone, their lens scopes must go too, while a scope a
// live store's cache still uses keeps its identity (its views keep their instances).
import { describe, expect, it } from 'vitest';
import { createDataClient, Entity, ImmortalGCPolicy, Scalar, resource } from '../../src/core/index.js';
import { entityScope } from '../../src/core/schema/lensField.js';
import type { DenormalizeDelegate } from '../../src/core/schema/visit.js';
import { settledHeap } from './measure.js';

class Holding extends Entity {
  id = '';
  ticker = '';
  units = 0;
  static override key = 'Holding';
}
const byBook = new Scalar({ key: 'book', lens: args => (args[0] as { book?: string } | undefined)?.book, entity: Holding });
Holding.schema = { units: byBook };
const Holdings = resource({ urlPrefix: 'http://api.test', path: '/books/:book/holdings/:id', schema: Holding });

const scopeOf = (book: string) => entityScope(Holding, Holding.schema as Record<string, unknown>, { args: [{ book }] } as unknown as DenormalizeDelegate);

/** One server request: a client, the user's book rendered, the client destroyed. */
async function request(book: string): Promise<WeakRef<object>> {
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  await client.controller.setResponse(Holdings.getList, { book }, [{ id: 'h1', ticker: 'ACME', units: 3 }]);
  const list = client.cache(Holdings.getList, { book });
  const stop = list.subscribe(() => {});
  expect((list.value as Holding[])[0]!.units).toBe(3);
  const scope = new WeakRef(scopeOf(book));
  stop();
  client.destroy();
  return scope;
}

describe('lens scopes', () => {
  it('a lens seen by requests whose clients are gone is not kept for the life of the process', async () => {
    const scopes: WeakRef<object>[] = [];
    for (let i = 0; i < 50; i++) scopes.push(await request(`user-${i}`));
    await settledHeap();
    expect(scopes.filter(s => s.deref() !== undefined)).toHaveLength(0);
  });

  it('a scope a live store still uses keeps its identity, so its views keep their instances', async () => {
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
    await client.controller.setResponse(Holdings.getList, { book: 'kept' }, [{ id: 'h1', ticker: 'ACME', units: 7 }]);
    const list = client.cache(Holdings.getList, { book: 'kept' });
    const stop = list.subscribe(() => {});
    const first = (list.value as Holding[])[0]!;
    await settledHeap();
    await client.controller.setResponse(Holdings.getList, { book: 'other' }, [{ id: 'h1', ticker: 'ACME', units: 1 }]);
    expect((client.cache(Holdings.getList, { book: 'kept' }).value as Holding[])[0]).toBe(first);
    stop();
    client.destroy();
  });
});
