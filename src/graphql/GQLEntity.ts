import { Entity } from '../core/index.js';

/**
 * An entity whose primary key is a string `id`, as GraphQL types have it
 * (`@data-client/graphql`'s `GQLEntity`).
 *
 * @example
 * class User extends GQLEntity {
 *   name = '';
 * }
 * const getUser = gql.query(`query User($id: ID!) { user(id: $id) { id name } }`, { user: User });
 */
export class GQLEntity extends Entity {
  readonly id: string = '';
}
