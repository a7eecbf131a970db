// Types of `rest-signals/graphql`: a query's result follows its schema, a function query types its
// variables, a mutation is a side effect.
import { describe, expectTypeOf, it } from 'vitest';
import { createDataClient, GQLEndpoint, GQLEntity, type GQLVariables } from '../../src/graphql/index.js';

class User extends GQLEntity {
  name = '';
}
const gql = new GQLEndpoint('/graphql');

describe('GQLEndpoint types', () => {
  it('a query resolves to its schema, with any object of variables for a query string', async () => {
    const getUser = gql.query(`query User($id: ID!) { user(id: $id) { id name } }`, { user: User });
    const { controller } = createDataClient();
    expectTypeOf(controller.fetch(getUser, { id: '1' })).resolves.toEqualTypeOf<{ user: User }>();
    expectTypeOf(getUser).parameter(0).toEqualTypeOf<GQLVariables>();
    expectTypeOf(getUser.sideEffect).toEqualTypeOf<undefined>();
  });

  it('a function query types its variables; a mutation is a side effect', () => {
    const rename = gql.mutation((v: { id: string; name: string }) => `mutation Rename { rename(id: "${v.id}", name: "${v.name}") { id name } }`, { rename: User });
    expectTypeOf(rename.sideEffect).toEqualTypeOf<true>();
    expectTypeOf(rename).parameter(0).toEqualTypeOf<{ id: string; name: string }>();
    // @ts-expect-error name is required
    void rename({ id: '1' });
    expectTypeOf(new User().id).toEqualTypeOf<string>();
  });
});
