import { describe, expect, it } from 'vitest';
import {
  Entity,
  SchemaError,
  Scalar,
  Values,
  denormalize,
  normalize,
  normalizeToWriteSet,
  queryKey,
  schema,
} from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';
import { denormalizeReader } from '../../src/core/schema/denormalize.js';

class Holding extends Entity {
  id = '';
  ticker = '';
  weight = 0;
  units = 0;
  static override key = 'Holding';
}
const byBook = new Scalar({ key: 'book', lens: args => (args[0] as { book?: string } | undefined)?.book, entity: Holding });
Holding.schema = { weight: byBook, units: byBook };

const meta = (t: number) => ({ date: t, fetchedAt: t, expiresAt: Infinity });

describe('Scalar', () => {
  it('is exported under its own name and in the schema namespace', () => {
    expect(schema.Scalar).toBe(Scalar);
    expect(byBook.key).toBe('Scalar(book)');
    expect(byBook.entityKey).toBe('Holding');
  });

  it('keeps lens fields in one cell per row and lens; the row keeps references', () => {
    const out = normalize([Holding], [{ id: 'h1', ticker: 'ACME', weight: 0, units: 12 }], [{ book: 'north' }]);
    expect(out.entities.Holding!.h1).toEqual({ id: 'h1', ticker: 'ACME', weight: ['h1', 'weight', 'Holding'], units: ['h1', 'units', 'Holding'] });
    // a falsy value (0) is a value like any other
    expect(out.entities['Scalar(book)']!['Holding|h1|north']).toEqual({ weight: 0, units: 12 });
  });

  it('shows the cell of the lens the arguments select; a second lens lands in its own cell', () => {
    const north = normalize([Holding], [{ id: 'h1', ticker: 'ACME', weight: 0.25, units: 12 }], [{ book: 'north' }]);
    const both = normalize([Holding], [{ id: 'h1', ticker: 'ACME', weight: 0.75, units: 40 }], [{ book: 'south' }], north);
    expect(Object.keys(both.entities['Scalar(book)']!)).toEqual(['Holding|h1|north', 'Holding|h1|south']);
    const [n] = denormalize([Holding], north.result, both.entities, [{ book: 'north' }]) as Holding[];
    const [s] = denormalize([Holding], north.result, both.entities, [{ book: 'south' }]) as Holding[];
    expect([n!.weight, n!.units, s!.weight, s!.units]).toEqual([0.25, 12, 0.75, 40]);
    expect(s!.ticker).toBe('ACME');
    // no lens in the arguments: the lens fields are unknown, the rest is there
    const [none] = denormalize([Holding], north.result, both.entities, [{}]) as Holding[];
    expect(none!.weight).toBeUndefined();
    expect(none!.ticker).toBe('ACME');
  });

  it('fetches columns alone through schema.Values or a list, keyed by the map key or the item pk', () => {
    const rows = normalize([Holding], [{ id: 'h1', ticker: 'ACME', weight: 0.25, units: 12 }], [{ book: 'north' }]);
    const cols = normalize(new Values(byBook), { h1: { units: 7 } }, [{ book: 'west' }], rows);
    expect(cols.result).toEqual({ h1: 'Holding|h1|west' });
    expect(cols.entities.Holding!.h1).toEqual(rows.entities.Holding!.h1);
    const list = normalize([byBook], [{ id: 'h1', units: 9 }], [{ book: 'east' }], cols);
    expect(list.result).toEqual(['Holding|h1|east']);
    const [east] = denormalize([Holding], rows.result, list.entities, [{ book: 'east' }]) as Holding[];
    expect(east!.units).toBe(9);
    // as a whole schema, the lookup finds the cells of the current lens
    const store = new MemoryStore();
    store.commit(normalizeToWriteSet([byBook], [{ id: 'h1', units: 9 }, { id: 'h2', units: 1 }], [{ book: 'east' }], store, meta(1)));
    expect(queryKey(byBook, [{ book: 'east' }], store)).toEqual(['Holding|h1|east', 'Holding|h2|east']);
    expect(queryKey(byBook, [{ book: 'nowhere' }], store)).toBeUndefined();
  });

  it('a newer cell wins over an older one, whatever order they arrive in', () => {
    const store = new MemoryStore();
    store.commit(normalizeToWriteSet(new Values(byBook), { h1: { units: 2 } }, [{ book: 'n' }], store, meta(20)));
    store.commit(normalizeToWriteSet(new Values(byBook), { h1: { units: 1, weight: 0.5 } }, [{ book: 'n' }], store, meta(10)));
    expect(store.getEntity('Scalar(book)', 'Holding|h1|n')).toEqual({ units: 2, weight: 0.5 });
  });

  it('refuses what it cannot key, naming itself, and writes nothing', () => {
    expect(() => normalize([Holding], [{ id: 'h1', units: 1 }], [{}])).toThrow(/Scalar\(book\).*lens returned undefined/);
    expect(() => normalize([byBook], [{ units: 1 }], [{ book: 'n' }])).toThrow(SchemaError);
    const unbound = new Scalar({ key: 'loose', lens: () => 'x' });
    expect(() => normalize(new Values(unbound), { h1: { units: 1 } })).toThrow(/Scalar\(loose\).*"entity" option/);
    expect(() => new Scalar({ key: '', lens: () => 'x' })).toThrow(TypeError);
  });

  it('a raw value stored before the field became a Scalar is shown as it is', () => {
    const entities = { Holding: { h1: { id: 'h1', ticker: 'ACME', weight: 0.5, units: 3 } } };
    const [h] = denormalize([Holding], ['h1'], entities, [{ book: 'n' }]) as Holding[];
    expect([h!.weight, h!.units]).toEqual([0.5, 3]);
  });
});
