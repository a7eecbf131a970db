// Entities without `static key` are keyed by their class name, as data-client keys them.
import { describe, expect, it } from 'vitest';
import { Collection, Entity, EntityMixin, Invalidate, normalize, schema, Union } from '../../src/core/index.js';

describe('an Entity without static key', () => {
  it('is keyed by its class name; each subclass by its own name; an explicit key still wins', () => {
    class Article extends Entity {
      id = 0;
      title = '';
    }
    class FeaturedArticle extends Article {}
    class Named extends Entity {
      id = 0;
      static override key = 'CustomName';
    }
    expect(Article.key).toBe('Article');
    expect(FeaturedArticle.key).toBe('FeaturedArticle');
    expect(Named.key).toBe('CustomName');
    expect(normalize(Article, { id: 1, title: 'x' }).entities).toEqual({ Article: { 1: { id: 1, title: 'x' } } });
  });

  it('can be given a key later by assignment, which changes only that class', () => {
    class Post extends Entity {
      id = 0;
    }
    class Other extends Entity {
      id = 0;
    }
    Post.key = 'BlogPost';
    expect(Post.key).toBe('BlogPost');
    expect(Other.key).toBe('Other');
  });

  it('refuses an empty or minified-looking name with an error saying to set static key', () => {
    const Anonymous = (() => class extends Entity {})();
    Object.defineProperty(Anonymous, 'name', { value: '' });
    expect(() => Anonymous.key).toThrow(/must define `static key`/);
    const minified = { e: class extends Entity {} }.e;
    expect(minified.name).toBe('e');
    expect(() => minified.key).toThrow(/"e".*set `static key`/);
    expect(() => normalize(minified, { id: 1 })).toThrow(/static key/);
    // short but conventional class names are fine
    class ID extends Entity {
      id = 0;
    }
    expect(ID.key).toBe('ID');
  });
});

describe('EntityMixin without options', () => {
  it('keys by the subclass static key, else its name, else the base name; pk defaults to id', () => {
    class PersonData {
      id = '';
      name = '';
    }
    class Person extends EntityMixin(PersonData) {}
    class Keyed extends EntityMixin(PersonData) {
      static override key = 'Human';
    }
    const Direct = EntityMixin(PersonData);
    expect(Person.key).toBe('Person');
    expect(Keyed.key).toBe('Human');
    expect(Direct.key).toBe('PersonData');
    expect(normalize(Person, { id: 'p1', name: 'Ann' })).toMatchObject({ result: 'p1', entities: { Person: { p1: { id: 'p1', name: 'Ann' } } } });
  });

  it('keeps the key a base class already declares, and is also schema.EntityMixin', () => {
    class Stored {
      static key = 'StoredThing';
      id = 0;
    }
    expect(EntityMixin(Stored).key).toBe('StoredThing');
    expect(schema.EntityMixin).toBe(EntityMixin);
    class Thing extends schema.EntityMixin(class { id = 0; }) {}
    expect(Thing.key).toBe('Thing');
  });
});

describe('schemas built over keyless classes', () => {
  class Cat extends Entity {
    id = 0;
    readonly type = 'cat';
  }
  class Dog extends Entity {
    id = 0;
    readonly type = 'dog';
  }

  it('Collection, Invalidate and Union use the class-name keys', () => {
    const cats = new Collection([Cat]);
    expect(cats.key).toBe('[Cat]');
    const gone = normalize(new Invalidate(Cat), { id: 3 });
    expect(Object.keys(gone.entities)).toEqual(['Cat']);
    const pet = new Union({ cat: Cat, dog: Dog }, 'type');
    const out = normalize([pet], [{ id: 1, type: 'cat' }, { id: 2, type: 'dog' }]);
    expect(Object.keys(out.entities).sort()).toEqual(['Cat', 'Dog']);
    const pets = new Collection([pet]);
    expect(pets.key).toBe('[Cat;Dog]');
  });
});
