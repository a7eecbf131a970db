// Patterns data-client 0.18's guides teach, written the way strict TypeScript code writes them:
// each compiles here as it does there (the definitions are this file's own).
import { describe, expectTypeOf, it } from 'vitest';
import {
  actionTypes,
  All,
  Collection,
  Entity,
  getDefaultManagers,
  NetworkManager,
  PollingSubscription,
  RestEndpoint,
  SubscriptionManager,
  Scalar,
  schema,
  type EntityInterface,
  type Manager,
  type Middleware,
  type RestGenerics,
  type Schema,
} from '../../src/core/index.js';

abstract class Shape extends Entity {
  readonly id: number = 0;
  declare readonly kind: 'circle' | 'square';
}
class Circle extends Shape {
  override readonly kind = 'circle' as const;
  readonly radius: number = 0;
}
class Square extends Shape {
  override readonly kind = 'square' as const;
  readonly side: number = 0;
}
class Owner extends Entity {
  id = '';
  static override key = 'Owner';
}

describe("data-client's documented patterns in strict TypeScript", () => {
  it('a polymorphic schema takes a callback typed with its members, its other parameters typed in context', () => {
    const pick = (input: Circle | Square) => `${input.kind}s`;
    const list = new schema.Array({ circles: Circle, squares: Square }, (input: Circle | Square, parent, key) => {
      expectTypeOf(parent).toEqualTypeOf<unknown>();
      expectTypeOf(key).toEqualTypeOf<string>();
      return `${input.kind}s`;
    });
    expectTypeOf(list.denormalize).toBeFunction();
    new All({ circles: Circle, squares: Square }, pick);
    new schema.Values({ circles: Circle, squares: Square }, pick);
    new schema.Union({ circles: Circle, squares: Square }, input => `${input.kind}s`);
  });

  it("a nested Collection's nestKey takes the parent typed as the entity", () => {
    const shapes = new Collection([Circle], { nestKey: (parent: Owner) => ({ ownerId: parent.id }) });
    expectTypeOf(shapes).not.toBeAny();
  });

  it('a Scalar lens reads the arguments without a cast', () => {
    new Scalar({ key: 'portfolio', lens: args => args[0]?.portfolio, entity: Owner });
  });

  it('a generic RestEndpoint subclass overrides process with one parameter', () => {
    class Renamed<O extends RestGenerics = any> extends RestEndpoint<O> {
      override process(value: any) {
        if (value && 'old_name' in value) value.name = value.old_name;
        return value;
      }
    }
    expectTypeOf(new Renamed({ path: '/owners/:id' }).process).toBeFunction();
  });

  it('extend carries an option of its own, typed', () => {
    class Signed<O extends RestGenerics = any> extends RestEndpoint<O> {
      declare signature?: string;
    }
    const signed = new Signed({ path: '/owners/:id', schema: Owner }).extend({ signature: 'abc' });
    expectTypeOf(signed.signature).toEqualTypeOf<'abc'>();
    // without members of its own it is a plain RestEndpoint, still assignable where any endpoint goes
    const plain: RestEndpoint<any> = new RestEndpoint({ path: '/x' }).extend({ name: 'x' });
    expectTypeOf(plain.name).toEqualTypeOf<string>();
  });

  it("a manager narrows an endpoint's schema with an EntityInterface guard", () => {
    function isEntity(s: Schema): s is EntityInterface {
      return typeof s === 'function' && 'key' in s;
    }
    class Channels implements Manager {
      readonly joined = new Set<string>();
      middleware: Middleware = () => next => async action => {
        if (action.type === actionTypes.SUBSCRIBE) {
          const { schema: s } = action.endpoint;
          if (s && isEntity(s)) {
            expectTypeOf(s.key).toEqualTypeOf<string>();
            this.joined.add(s.key);
            return;
          }
        }
        return next(action);
      };
      cleanup(): void {
        this.joined.clear();
      }
    }
    expectTypeOf(new Channels().cleanup).toBeFunction();
  });

  it("the default managers take data-client's options, its devtools predicate typed in context", () => {
    const managers = [
      new NetworkManager({ errorExpiryLength: 1 }),
      new SubscriptionManager(PollingSubscription),
      ...getDefaultManagers({
        networkManager: { dataExpiryLength: 60 * 60 * 1000 },
        subscriptionManager: null,
        devToolsManager: { latency: 1000, predicate: (state, action) => action.type !== actionTypes.SET || state.entities !== undefined },
      }),
    ];
    const list: Manager[] = managers;
    expectTypeOf(list).toBeArray();
  });
});
