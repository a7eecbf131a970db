import { describe, expect, it, vi } from 'vitest';
import { Entity, SchemaError, Union, denormalize, normalize, queryKey } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';

class Photo extends Entity {
  id = 0;
  type = 'photo';
  url = '';
  static override key = 'Photo';
}
class Note extends Entity {
  id = 0;
  type = 'note';
  text = '';
  static override key = 'Note';
}

describe('Union', () => {
  const byField = new Union({ photo: Photo, note: Note }, 'type');
  const byFunction = new Union({ photo: Photo, note: Note }, input => ('url' in input ? 'photo' : 'note'));
  const reply = [
    { id: 1, type: 'photo', url: 'a.png' },
    { id: 1, type: 'note', text: 'hi' },
  ];

  it('normalizes each item to { id, schema } by a string attribute', () => {
    const { result, entities } = normalize([byField], reply);
    expect(result).toEqual([
      { id: '1', schema: 'photo' },
      { id: '1', schema: 'note' },
    ]);
    expect(entities.Photo!['1']).toMatchObject({ url: 'a.png' });
    expect(entities.Note!['1']).toMatchObject({ text: 'hi' });
  });

  it('normalizes by a function attribute', () => {
    const { result } = normalize([byFunction], [{ id: 2, url: 'b' }, { id: 3, text: 't' }]);
    expect(result).toEqual([
      { id: '2', schema: 'photo' },
      { id: '3', schema: 'note' },
    ]);
  });

  it('denormalizes to instances of each member class', () => {
    const { result, entities } = normalize([byField], reply);
    const items = denormalize([byField], result, entities) as Array<Photo | Note>;
    expect(items[0]).toBeInstanceOf(Photo);
    expect(items[1]).toBeInstanceOf(Note);
    expect((items[1] as Note).text).toBe('hi');
  });

  it('the store path keeps a value of an unknown member type as it came, warning with union-type-unlisted', () => {
    const store = new MemoryStore();
    const warn = vi.mocked(console.warn).mockImplementation(() => {});
    expect(() => store.write([byField], [{ id: 1, type: 'video' }], [], 1)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^\[rest-signals\] union-type-unlisted: Union\(Photo;Note\): no member for type "video"/);
    warn.mockClear();
  });

  it('the pure normalize keeps a value of an unknown member type as it is, with data-client\'s warning', () => {
    const warn = vi.mocked(console.warn).mockImplementationOnce(() => {});
    const { result, entities } = normalize([byField], [{ id: 1, type: 'video' }, { id: 2, type: 'photo' }]);
    expect(result).toEqual([{ id: 1, type: 'video' }, { id: '2', schema: 'photo' }]);
    expect(Object.keys(entities)).toEqual(['Photo']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^No schema is declared for type "video" \(declared: "photo", "note"\)/);
    warn.mockClear();
  });

  it('queryKey finds a member by its type field', () => {
    const store = new MemoryStore();
    store.write([byField], reply);
    expect(queryKey(byField, [{ id: 1, type: 'note' }], store)).toEqual({ id: 1, schema: 'note' });
    expect(queryKey(byField, [{ id: 5, type: 'note' }], store)).toBeUndefined();
  });

  it('requires a string or function attribute', () => {
    expect(() => new Union({ photo: Photo }, 5 as never)).toThrow(TypeError);
  });
});
