// Every error class the package defines has a section in docs/errors.md, so users can search for it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('docs/errors.md', () => {
  it('has a section for every error class in src/', () => {
    const classes = sources(join(root, 'src')).flatMap(file =>
      [...readFileSync(file, 'utf8').matchAll(/export class (\w+) extends (?:Error|TypeError)\b/g)].map(m => m[1]!),
    );
    expect(classes).toContain('NetworkError');
    const doc = readFileSync(join(root, 'docs/errors.md'), 'utf8');
    const headings = [...doc.matchAll(/^## (.+)$/gm)].map(m => m[1]!);
    for (const name of classes) expect(headings.some(h => h.split(/\W+/).includes(name)), name).toBe(true);
  });
});
