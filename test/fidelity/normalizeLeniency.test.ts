// The pure `normalize` is as lenient as data-client 0.18's (a list schema given an object takes
// its values, a polymorphic type no member declares is kept with a warning, a falsy value where
// an entity goes passes through, `automaticValidation = 'warn'` warns), and its errors carry
// data-client's wording. The store path (replies, `controller.set`) keeps refusing a value of
// the wrong shape, with a SchemaError naming the schema, and writes nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataClient, Entity, EntityMixin, Invalidate, normalize, schema, SchemaError, Union, type DataClient } from '../../src/core/index.js';

class Book extends Entity {
  id = '';
  title = '';
}
class Film extends Entity {
  id = '';
  title = '';
}
const media = new Union({ book: Book, film: Film }, 'kind');

let client: DataClient | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
});

describe('a list schema given an object', () => {
  const shelf = { first: { id: 'b1', title: 'Dune' }, second: { id: 'b2', title: 'Emma' } };

  it('normalize takes its values as the list', () => {
    for (const list of [[Book], new schema.Array(Book), new schema.All(Book)]) {
      const { result, entities } = normalize(list, shelf);
      if (!(list instanceof schema.All)) expect(result).toEqual(['b1', 'b2']);
      expect(Object.keys(entities.Book!)).toEqual(['b1', 'b2']);
    }
  });

  it('the store refuses it and keeps what it had', async () => {
    client = createDataClient();
    await client.controller.set([Book], [{ id: 'b0', title: 'Kept' }]);
    const error = await client.controller.set([Book], shelf as never).then(() => undefined, (e: unknown) => e);
    expect(SchemaError.is(error)).toBe(true);
    expect((error as SchemaError).message).toMatch(/\[Book\]: expected an array/);
    expect(client.controller.get(Book, { id: 'b1' })).toBeUndefined();
    expect(client.controller.get(Book, { id: 'b0' })?.title).toBe('Kept');
  });
});

describe('a polymorphic type no member declares', () => {
  it('normalize keeps the value as it is and warns, naming the type and the declared ones', () => {
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    const { result, entities } = normalize([media], [{ id: 'f1', kind: 'film' }, { id: 'p1', kind: 'podcast' }]);
    expect(result).toEqual([{ id: 'f1', schema: 'film' }, { id: 'p1', kind: 'podcast' }]);
    expect(Object.keys(entities)).toEqual(['Film']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      'No schema is declared for type "podcast" (declared: "book", "film"); the value is kept as it came: {"id":"p1","kind":"podcast"}',
    );
    warn.mockClear();
  });

  it('the store keeps it as it came too, warning with union-type-unlisted, as data-client does', async () => {
    client = createDataClient();
    const warn = vi.mocked(console.warn).mockImplementation(() => {});
    await client.controller.set([media], [{ id: 'p1', kind: 'podcast' }] as never);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/union-type-unlisted: Union\(Book;Film\): no member for type "podcast"/);
    warn.mockClear();
  });

  it('an Invalidate of the Union passes it through in normalize, removing nothing', () => {
    const { result, entities } = normalize(new Invalidate(media), { id: 'p1', kind: 'podcast' });
    expect(result).toEqual({ id: 'p1', kind: 'podcast' });
    expect(entities).toEqual({});
  });
});

describe('values where an entity goes', () => {
  it('normalize passes null, undefined and false through', () => {
    expect(normalize([Book], [null, undefined, false]).result).toEqual([null, undefined, false]);
  });

  it('the store refuses false where an entity goes', async () => {
    client = createDataClient();
    await expect(client.controller.set([Book], [false] as never)).rejects.toThrow(/Book: expected an object or a primary key/);
  });

  it('a custom process reads an array reply; returning undefined for it removes nothing when no pk is named', () => {
    class Level extends Entity {
      price = 0;
      size = 0;
      override pk() {
        return `${this.price}`;
      }
      static override process(input: unknown) {
        const [price, size] = input as [number, number];
        return size === 0 ? undefined : { price, size };
      }
    }
    class Book2 extends Entity {
      id = '';
      static override schema = { bids: [Level] };
    }
    const { entities } = normalize(Book2, { id: 'ob', bids: [[10, 2], [11, 0], [12, 1]] });
    expect(Object.keys(entities.Level!)).toEqual(['10', '12']);
  });
});

describe('an entity given an array', () => {
  class Row extends Entity {
    id = '';
  }

  it('throws, naming the class and showing the first members', () => {
    const error = (() => {
      try {
        normalize(Row, [{ id: 'a' }]);
      } catch (e) {
        return e as SchemaError;
      }
    })();
    expect(error).toBeInstanceOf(SchemaError);
    expect(error!.schemaKey).toBe('Row');
    expect(error!.message).toMatch(/^Row: expected an object, got an array \(declare the schema as a list/);
    expect(error!.message).toMatch(/first items: \[\{"id":"a"\}\]$/);
  });

  it("automaticValidation = 'warn' warns and goes on; 'silent' goes on", () => {
    class Pair extends Entity {
      static override automaticValidation: 'warn' | 'silent' | undefined = 'warn';
      override pk() {
        return `${String((this as unknown as Record<string, unknown>)[0])}`;
      }
    }
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    expect(normalize(Pair, ['x', 'y']).result).toBe('x');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^Pair: expected an object, got an array/);
    class Quiet extends Pair {
      static override automaticValidation: 'warn' | 'silent' | undefined = 'silent';
    }
    expect(normalize(Quiet, ['z']).result).toBe('z');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockClear();
  });

  it('an EntityMixin class has no such check, as in data-client: the array is copied by index', () => {
    const Cell = EntityMixin(class Cell { id = ''; }, { pk: () => 'only' });
    expect(normalize(Cell, [{ id: 'a' }]).entities.Cell!.only).toEqual({ 0: { id: 'a' } });
  });
});

describe('error messages: one line, subject first, the value shown', () => {
  it('a missing primary key says why, names the entity and shows the processed value', () => {
    class Tag extends Entity {
      id = '';
    }
    expect(() => normalize(Tag, { label: 'x' })).toThrow(
      `Tag: reply has no usable primary key (the default pk() reads the 'id' field, which this object lacks; define pk() to read another field); got {"label":"x"}`,
    );
    class Slug extends Entity {
      slug = '';
      override pk() {
        return this.slug;
      }
    }
    expect(() => normalize(Slug, {})).toThrow(/^Slug: reply has no usable primary key \(pk\(\) returned nothing for it; .*\); got \{\}$/);
  });

  it('a string reply says whether it parses as JSON, and shows the schema', () => {
    expect(() => normalize([Book], '[{"id":"b1"}]')).toThrow(/^\[Book\]: expected an object, got a string of JSON \(the reply's content-type was not JSON[^)]*\); got "\[\{\\"id\\":\\"b1\\"\}\]"$/);
    expect(() => normalize({ data: Book }, 'oops')).toThrow(/^object: expected an object, got a string; got "oops"$/);
  });

  it('validate() refusing a value throws its own message from normalize', () => {
    class Priced extends Entity {
      id = '';
      static override validate(v: Record<string, unknown>) {
        return typeof v.price === 'number' ? undefined : 'price must be a number';
      }
    }
    expect(() => normalize(Priced, { id: '1', price: 'x' })).toThrow(/^price must be a number$/);
  });

  it('an Invalidate reply without a primary key names the Invalidate and shows the value', () => {
    expect(() => normalize(new Invalidate(Book), { title: 'x' })).toThrow('Invalidate(Book): cannot invalidate: reply has no usable primary key; got {"title":"x"}');
  });

  it('a nameless entity class asks for static key', () => {
    const Nameless = EntityMixin(class {});
    expect(() => Nameless.key).toThrow(/no usable name \(anonymous or minified\): it must define `static key`/);
  });

  it('a SchemaError carries status 400, as data-client sets on a reply that does not fit', () => {
    try {
      normalize(Book, {});
      expect.unreachable();
    } catch (e) {
      expect((e as SchemaError).status).toBe(400);
    }
  });
});
