// The core by result key: one module applies store actions, and one map holds what is live per key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Code without comments (a JSDoc `@example` may show a store action). */
const code = (path: string): string =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('the core by result key', () => {
  it('applies store actions in the Controller only: every other module writes through it', () => {
    const writers = sources(root)
      .filter(path => /\bstore\.dispatch\(|#store\.dispatch\(/.test(code(path)))
      .map(path => relative(root, path));
    expect(writers).toEqual(['core/controller/Controller.ts']);
  });

  it('keeps what is live per result key in the owners alone (no second map of requests, loading, watchers or shared views)', () => {
    const maps = sources(root)
      .filter(path => /#requests\s*=\s*new Map|#loading\s*=\s*new Map|#active\s*=\s*new Map|#subscriptions\s*=\s*new Map|\bshared\s*=\s*new Map/.test(code(path)))
      .map(path => relative(root, path));
    expect(maps).toEqual([]);
  });
});
