// data-client's two path helpers for a custom `url()`, over this library's own template
// compiler (`path.ts`): the same parsing, checks and encoding every request uses.
import { fillPath, pathParamNames } from './path.js';

/**
 * The function that fills `path` (a template) with URL parameters and returns the path, search
 * parameters left out, as data-client's `getUrlBase`: for a custom `url()`. Parameters are
 * checked and encoded as every request's are (a missing one throws a `TypeError` naming the
 * template).
 *
 * @example
 * getUrlBase('/users/:id')({ id: 5, page: 2 }); // '/users/5'
 */
export function getUrlBase(path: string): (params?: object) => string {
  return params => fillPath(path, params, path).path;
}

/**
 * The names of a template's parameters, as data-client's `getUrlTokens`: what a custom `url()`
 * leaves out of the query string.
 *
 * @example
 * getUrlTokens('/users/:id').has('id'); // true
 */
export function getUrlTokens(path: string): ReadonlySet<string> {
  return pathParamNames(path);
}
