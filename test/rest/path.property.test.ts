import fc from 'fast-check';
import { match } from 'path-to-regexp';
import { describe, expect, it } from 'vitest';
import { fillPath, unsendable } from '../../src/core/rest/path.js';
import { removeLastArg } from '../../src/core/rest/removeLastArg.js';

// Any string a segment can carry (the refused ones are covered in path.test.ts).
const value = fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }).filter(v => unsendable(v) === undefined);

describe('path properties', () => {
  it('compile → match round-trips every value, and the path keeps its shape', () => {
    fc.assert(
      fc.property(value, value, (group, id) => {
        const { path, rest } = fillPath('/groups/:group/todos/:id', { group, id }, 'prop');
        expect(rest).toEqual([]);
        expect(path.split('/')).toHaveLength(5);
        expect(path).not.toMatch(/[?#]/);
        const m = match('/groups/:group/todos/:id', { decode: decodeURIComponent })(path);
        expect(m && m.params).toEqual({ group, id });
      }),
    );
  });

  it('wildcard segments round-trip one segment per array element', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 }), segments => {
        const { path } = fillPath('/files/*path', { path: segments }, 'prop');
        expect(path.split('/')).toHaveLength(2 + segments.length);
        const m = match('/files/*path', { decode: decodeURIComponent })(path);
        expect(m && m.params.path).toEqual(segments);
      }),
    );
  });

  it('removeLastArg drops exactly one parameter', () => {
    const name = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,6}$/);
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 5 }), names => {
        const template = names.map((n, i) => `/s${i}/:${n}${i}`).join('');
        const shorter = removeLastArg(template);
        const expected = names.slice(0, -1).map((n, i) => `/s${i}/:${n}${i}`).join('') + `/s${names.length - 1}`;
        expect(shorter).toBe(expected);
      }),
    );
  });
});
