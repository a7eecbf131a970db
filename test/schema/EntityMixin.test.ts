import { describe, expect, it } from 'vitest';
import { EntityMixin, denormalize, normalize, queryKey } from '../../src/core/schema/index.js';
import { MemoryStore } from './memoryStore.js';

class UserData {
  handle = '';
  name = '';
  greet() {
    return `hi ${this.name}`;
  }
}

describe('EntityMixin', () => {
  it('makes a data class an entity with a field pk and indexes', () => {
    const User = EntityMixin(UserData, { key: 'MUser', pk: 'handle', indexes: ['name'] });
    const { result, entities, indexes } = normalize([User], [{ handle: 'ann', name: 'Ann' }]);
    expect(result).toEqual(['ann']);
    expect(indexes.MUser!.name!.Ann).toBe('ann');
    const [ann] = denormalize([User], result, entities) as InstanceType<typeof User>[];
    expect(ann).toBeInstanceOf(UserData);
    expect(ann!.greet()).toBe('hi Ann');
    expect(ann!.pk()).toBe('ann');
  });

  it('accepts a pk function and nested schemas', () => {
    class TeamData {
      org = '';
      slug = '';
      lead: unknown = undefined;
    }
    const Member = EntityMixin(UserData, { key: 'Member', pk: 'handle' });
    const Team = EntityMixin(TeamData, { key: 'Team', pk: v => `${v.org}/${v.slug}`, schema: { lead: Member } });
    const store = new MemoryStore();
    const result = store.write(Team, { org: 'o', slug: 's', lead: { handle: 'h', name: 'H' } });
    expect(result).toBe('o/s');
    expect(queryKey(Team, [{ org: 'o', slug: 's' }], store)).toBe('o/s');
  });

  it('keys by the class name without a key option; an empty key option is refused', () => {
    expect(EntityMixin(UserData, {}).key).toBe('UserData');
    expect(() => EntityMixin(UserData, { key: '' })).toThrow(/key/);
  });
});
