// Property: a value put into a path template comes back unchanged when the URL is matched against
// the same template (as a server would route it), and no value changes the path's shape: a value
// that cannot be sent inside one path segment is refused with a TypeError naming the parameter.
import fc from 'fast-check';
import { match } from 'path-to-regexp';
import { describe, expect, it } from 'vitest';
import { RestEndpoint } from '../../src/core/index.js';

const SEED = 0x7e57;
const PREFIX = 'http://api.test';

/** Values chosen to break paths, mixed with arbitrary unicode. */
const nasty = fc.constantFrom('', '.', '..', '/', '//', '../x', 'a/b', '%', '%2F', '%2E%2E', '?', '#', '&', '=', ' ', '?a=1#f', '\\', ';', '\u2028', 'é', '😀', ':id', '*', '\uD800');
const value = fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }));
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (v: string) => !LONE_SURROGATE.test(v);
/** A query value: any well-formed string (a lone surrogate is not a USVString; see the last test). */
const queryValue = value.filter(v => wellFormed(v));
/**
 * A value no path segment can carry: empty, a dot segment (the WHATWG URL parser that fetch uses
 * folds '.', '..' and their %2E forms), or a string with a lone surrogate (not encodable).
 */
const unrepresentable = (v: string) => v === '' || v === '.' || v === '..' || !wellFormed(v);

type Sent =
  | { readonly error: Error }
  | { readonly url: string; readonly parsed: URL; readonly matched: ReturnType<ReturnType<typeof match>> };

function roundTrip(template: string, params: Record<string, string | string[]>, query?: string): Sent {
  const endpoint = new RestEndpoint({ urlPrefix: PREFIX, path: template });
  const args: Record<string, unknown> = { ...params };
  if (query !== undefined) args.q = query;
  let url: string;
  try {
    url = endpoint.url(args);
  } catch (error) {
    return { error: error as Error };
  }
  // parse exactly as fetch does; the server matches the pathname against the same template
  const parsed = new URL(url);
  const matched = match(template, { decode: decodeURIComponent })(parsed.pathname);
  return { url, parsed, matched };
}

function checkParams(template: string, params: Record<string, string | string[]>, query?: string): void {
  const values = Object.values(params).flatMap(v => (Array.isArray(v) ? (v.length ? v : ['']) : [v]));
  const out = roundTrip(template, params, query);
  if ('error' in out) {
    expect(out.error, `refused ${JSON.stringify(params)}: ${out.error.message}`).toBeInstanceOf(TypeError);
    expect(values.some(unrepresentable)).toBe(true);
    expect(Object.keys(params).some(k => out.error.message.includes(k))).toBe(true);
    return;
  }
  expect(out.matched, `${JSON.stringify(params)} sent as ${out.url}`).not.toBe(false);
  if (out.matched === false) return;
  expect({ ...out.matched.params }).toEqual(params);
  expect(out.parsed.hash).toBe('');
  if (query !== undefined) expect(out.parsed.searchParams.getAll('q')).toEqual([query]);
  else expect(out.parsed.search).toBe('');
}

describe('path templates round-trip every value', () => {
  it('one parameter', () => {
    fc.assert(
      fc.property(value, v => checkParams('/users/:id', { id: v })),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('two parameters and a query value', () => {
    fc.assert(
      fc.property(value, value, queryValue, (group, id, q) => checkParams('/groups/:group/users/:id', { group, id }, q)),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('a wildcard of segments', () => {
    fc.assert(
      fc.property(value, fc.array(value, { minLength: 1, maxLength: 5 }), (owner, path) =>
        checkParams('/files/:owner/*path', { owner, path }),
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('an optional parameter, given or not', () => {
    fc.assert(
      fc.property(fc.option(value, { nil: undefined }), id =>
        id === undefined ? checkParams('/items{/:id}', {}) : checkParams('/items{/:id}', { id }),
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('the dot segments that fetch would fold are refused, naming the parameter', () => {
    for (const v of ['', '.', '..', '\uD800x']) {
      const out = roundTrip('/users/:id', { id: v });
      expect('error' in out && out.error).toBeInstanceOf(TypeError);
      expect('error' in out && out.error.message).toMatch(/'id'/);
    }
    for (const v of ['..', '.']) {
      const out = roundTrip('/files/:owner/*path', { owner: 'me', path: ['a', v] });
      expect('error' in out && out.error.message).toMatch(/'path'/);
    }
  });

  it('a query value with a lone surrogate is sent as U+FFFD (USVString conversion of URLSearchParams)', () => {
    const out = roundTrip('/users/:id', { id: '1' }, 'a\uD800');
    expect('parsed' in out && out.parsed.searchParams.get('q')).toBe('a\uFFFD');
  });
});
