import { Entity } from '../../src/core/schema/index.js';

export class User extends Entity {
  id = 0;
  name = '';
  username = '';
  static override key = 'User';
}

/**
 * The User table indexed by `username` (for lookups by that field). Apart from `User`: the pure
 * `normalize` warns (index-not-found) for every reply without the indexed field, and most replies
 * of these specs carry no username.
 */
export class IndexedUser extends User {
  static override indexes = ['username'];
}

export class Post extends Entity {
  id = 0;
  title = '';
  author: User = User.fromJS();
  createdAt = new Date(0);
  static override key = 'Post';
  static override schema = { author: User, createdAt: Date };
}

export class Todo extends Entity {
  id = 0;
  userId = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

/** A User whose friends are Users (cycles). */
export class Person extends Entity {
  id = '';
  name = '';
  friends: Person[] = [];
  static override key = 'Person';
  static override schema: Record<string, unknown> = {};
}
Person.schema = { friends: [Person] };
