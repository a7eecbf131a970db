import { resource } from './resource.js';

/**
 * `resource()` under data-client's other name for it (`@data-client/rest` exports both): the
 * same function, so definition files that build resources with `createResource` run unchanged.
 *
 * @example
 * const TodoResource = createResource({ path: '/todos/:id', schema: Todo });
 */
export const createResource: typeof resource = resource;
