// The one catalogue of development diagnostics (src/core/dev/warn.ts) and its page
// (docs/warnings.md) agree, every code is printed somewhere, and `warn` prints each code at the
// level and in the form the catalogue gives.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { warn, WARNINGS, type WarningCode } from '../../src/core/dev/warn.js';

const root = new URL('../../', import.meta.url).pathname;
const page = readFileSync(`${root}docs/warnings.md`, 'utf8');
/** Rows of the page: code, console level, and whether the row sits in the data-client table. */
const rows = [...page.matchAll(/^\| `([a-z-]+)` \| (warn|error) \|/gm)].map(m => ({
  code: m[1]!,
  level: m[2]!,
  asDataClient: m.index! > page.indexOf('Where data-client'),
}));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the diagnostics catalogue', () => {
  it('documents each code once, at its level and in its table', () => {
    expect(rows.map(r => r.code).sort()).toEqual(Object.keys(WARNINGS).sort());
    for (const { code, level, asDataClient } of rows) {
      const print = WARNINGS[code as WarningCode];
      expect(`${code} ${level} ${asDataClient}`).toBe(`${code} ${print.split(' ')[0]} ${print.endsWith('as data-client')}`);
    }
  });

  it('every code is printed by some module; no module prints to the console by itself', () => {
    const text = sources(`${root}src`).filter(f => !f.endsWith('dev/warn.ts')).map(f => readFileSync(f, 'utf8')).join('\n');
    for (const code of Object.keys(WARNINGS)) expect(text, code).toContain(`'${code}'`);
    // no module prints by itself: every diagnostic goes through the catalogue (warn() prints with console[level])
    const prints = (line: string) => /\bconsole\.(warn|error)\(/.test(line) && !/^\s*(\*|\/\/)/.test(line);
    const direct = sources(`${root}src`).filter(f => readFileSync(f, 'utf8').split('\n').some(prints));
    expect(direct).toEqual([]);
  });

  it('warn() prints the code and the message, at the catalogue level, with the cause', () => {
    const cause = new Error('boom');
    warn('retry-option-invalid', 'getX: option retry must be …');
    expect(vi.mocked(console.warn)).toHaveBeenCalledWith('[rest-signals] retry-option-invalid: getX: option retry must be …');
    warn('content-incompatible-with-schema', 'GET /files/:id: …', cause);
    expect(vi.mocked(console.error)).toHaveBeenCalledWith('[rest-signals] content-incompatible-with-schema: GET /files/:id: …', cause);
    warn('entity-depth-limit', 'Entity depth limit of 64 reached for "User" entity');
    expect(vi.mocked(console.error)).toHaveBeenLastCalledWith('Entity depth limit of 64 reached for "User" entity');
    warn('index-not-found', 'Index not found in entity.');
    expect(vi.mocked(console.warn)).toHaveBeenLastCalledWith('Index not found in entity.');
    vi.mocked(console.warn).mockClear();
    vi.mocked(console.error).mockClear();
  });
});
