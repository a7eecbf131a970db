import { describe, expectTypeOf, it } from 'vitest';
import {
  All,
  Collection,
  Entity,
  EntityMixin,
  Invalidate,
  Query,
  Union,
  Values,
  schema,
  type Denormalize,
  type DenormalizeNullable,
  type Normalize,
  type Schema,
} from '../../src/core/schema/index.js';

class User extends Entity {
  id = 0;
  name = '';
  static override key = 'User';
}
class Post extends Entity {
  id = 0;
  author = User.fromJS();
  createdAt = new Date(0);
  static override key = 'Post';
  static override schema = { author: User, createdAt: Date };
}

describe('Denormalize', () => {
  it('an Entity class gives its instance type', () => {
    expectTypeOf<Denormalize<typeof User>>().toEqualTypeOf<User>();
    expectTypeOf<Denormalize<typeof Post>>().toEqualTypeOf<Post>();
  });

  it('[E] and schema.Array give E[]', () => {
    expectTypeOf<Denormalize<[typeof User]>>().toEqualTypeOf<User[]>();
    expectTypeOf<Denormalize<(typeof User)[]>>().toEqualTypeOf<User[]>();
    const arr = new schema.Array(User);
    expectTypeOf<Denormalize<typeof arr>>().toEqualTypeOf<User[]>();
  });

  it('a Collection gives its list; a wrapped Collection wraps it', () => {
    const todos = new Collection([User]);
    expectTypeOf<Denormalize<typeof todos>>().toEqualTypeOf<User[]>();
    const wrapped = { results: todos, total: 0, limit: 0 };
    expectTypeOf<Denormalize<typeof wrapped>>().toEqualTypeOf<{ results: User[]; total: number; limit: number }>();
    const map = new Collection(new Values(User));
    expectTypeOf<Denormalize<typeof map>>().toEqualTypeOf<Record<string, User>>();
  });

  it('a Union gives the union of its members', () => {
    const either = new Union({ user: User, post: Post }, 'type');
    expectTypeOf<Denormalize<typeof either>>().toEqualTypeOf<User | Post>();
    expectTypeOf<Denormalize<[typeof either]>>().toEqualTypeOf<Array<User | Post>>();
  });

  it('Invalidate gives the entity; All a list; Query its process result', () => {
    const del = new Invalidate(User);
    expectTypeOf<Denormalize<typeof del>>().toEqualTypeOf<User>();
    const all = new All(User);
    expectTypeOf<Denormalize<typeof all>>().toEqualTypeOf<User[]>();
    const count = new Query(all, (users: User[]) => users.length);
    expectTypeOf<Denormalize<typeof count>>().toEqualTypeOf<number>();
  });

  it('object literals map fields; schema.Object too; constructors transform', () => {
    expectTypeOf<Denormalize<{ user: typeof User; when: DateConstructor }>>().toEqualTypeOf<{ user: User; when: Date }>();
    const page = new schema.Object({ items: [User] as [typeof User] });
    expectTypeOf<Denormalize<typeof page>>().toEqualTypeOf<{ items: User[] }>();
  });

  it('EntityMixin gives the data class instance', () => {
    class Data {
      id = '';
      label = '';
    }
    const Mixed = EntityMixin(Data, { key: 'Data' });
    expectTypeOf<Denormalize<typeof Mixed>>().toMatchTypeOf<Data>();
  });
});

describe('DenormalizeNullable and Normalize', () => {
  it('DenormalizeNullable allows missing data', () => {
    expectTypeOf<DenormalizeNullable<typeof User>>().toEqualTypeOf<User | undefined>();
    expectTypeOf<DenormalizeNullable<[typeof User]>>().toEqualTypeOf<User[] | undefined>();
  });

  it('Normalize gives pks', () => {
    expectTypeOf<Normalize<typeof User>>().toEqualTypeOf<string>();
    expectTypeOf<Normalize<[typeof User]>>().toEqualTypeOf<string[]>();
    const todos = new Collection([User]);
    expectTypeOf<Normalize<{ results: typeof todos; total: number }>>().toEqualTypeOf<{ results: string; total: number }>();
  });

  it('Schema accepts every form', () => {
    expectTypeOf<typeof User>().toMatchTypeOf<Schema>();
    expectTypeOf<[typeof User]>().toMatchTypeOf<Schema>();
    expectTypeOf<{ results: Collection; total: number }>().toMatchTypeOf<Schema>();
    expectTypeOf<Union>().toMatchTypeOf<Schema>();
  });
});
