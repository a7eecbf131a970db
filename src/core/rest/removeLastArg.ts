import { parse, stringify, TokenData, type Token } from 'path-to-regexp';
import { escapeQueryMark } from './path.js';
import type { ShortenPath } from './pathTypes.js';

function hasParam(t: Token): boolean {
  if (t.type === 'param' || t.type === 'wildcard') return true;
  return t.type === 'group' && t.tokens.some(hasParam);
}

/**
 * Removes the last `:param` or `*wildcard` of a template, and everything after it: the path of
 * a collection from the path of its item. A parameter inside an optional group takes its whole
 * group with it; a trailing `/` or query mark left behind is dropped, and an empty result is `'/'`.
 * Throws a `TypeError` when the template has no parameter.
 *
 * @example
 * removeLastArg('/:first/:second'); // '/:first'
 * removeLastArg('/:first');         // '/'
 * removeLastArg('/:owner/*path');   // '/:owner'
 * removeLastArg('/users{/:id}');    // '/users'
 */
export function removeLastArg<const S extends string>(path: S): ShortenPath<S> {
  const data = parse(escapeQueryMark(path));
  let last = -1;
  data.tokens.forEach((t, i) => {
    if (hasParam(t)) last = i;
  });
  if (last === -1) throw new TypeError(process.env.NODE_ENV !== 'production' ? `removeLastArg: path '${path}' has no :parameter or *wildcard to remove` : `removeLastArg: no-param '${path}'`);
  const kept = data.tokens.slice(0, last);
  let out = stringify(new TokenData(kept, ''));
  for (;;) {
    if (out.endsWith('/')) out = out.slice(0, -1);
    else if (out.endsWith('\\?')) out = out.slice(0, -2);
    else break;
  }
  return (out === '' ? '/' : out) as ShortenPath<S>;
}
