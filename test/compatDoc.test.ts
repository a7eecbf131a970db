// docs/compat.md lists every deliberate difference from data-client 0.18 by area, and the README
// links it; test/fidelity/compatDifferences.test.ts pins the differences themselves.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const page = join(root, 'docs/compat.md');

/** The areas a difference can belong to, one heading each, in this order. */
const AREAS = ['Keys', 'Schemas', 'REST endpoints', 'Controller and reads', 'Errors', 'Testing utilities', 'Adapters'];

/** The bullets under `## heading`, up to the next heading. */
function bullets(doc: string, heading: string): string[] {
  const section = doc.split(/^## /m).find(s => s.startsWith(`${heading}\n`)) ?? '';
  return section.split(/^- /m).slice(1).map(b => b.replace(/\s+/g, ' ').trim());
}

describe('docs/compat.md', () => {
  it('exists, with one heading per area in order', () => {
    expect(existsSync(page)).toBe(true);
    const headings = [...readFileSync(page, 'utf8').matchAll(/^## (.+)$/gm)].map(m => m[1]!);
    expect(headings.filter(h => AREAS.includes(h))).toEqual(AREAS);
  });

  it('has at least one difference per area, each opening with what differs in bold', () => {
    const doc = readFileSync(page, 'utf8');
    for (const area of AREAS) {
      const items = bullets(doc, area);
      expect(items.length, area).toBeGreaterThan(0);
      for (const item of items) expect(item, `${area}: ${item.slice(0, 60)}`).toMatch(/^\*\*[^*]+\*\*/);
    }
  });

  it('names the known differences', () => {
    const doc = readFileSync(page, 'utf8');
    expect(bullets(doc, 'REST endpoints').join(' ')).toMatch(/direct endpoint call resolves to entity instances/i);
    expect(bullets(doc, 'Schemas').join(' ')).toMatch(/list schema given an object rejects/i);
    expect(bullets(doc, 'Controller and reads').join(' ')).toMatch(/reads take no `state`/i);
    const testing = bullets(doc, 'Testing utilities').join(' ');
    expect(testing).toMatch(/`args` and a function `response`/);
    expect(testing).toMatch(/`mountDataClient` returns the Vue `App`/);
    expect(testing).toMatch(/also return `client`/);
  });

  it("maps data-client's own failing tests to the differences that explain them, by cause", () => {
    const doc = readFileSync(page, 'utf8');
    const section = doc.split(/^## /m).find(s => s.startsWith("data-client's own tests\n")) ?? '';
    const groups = section.split(/^### /m).slice(1);
    expect(groups.length).toBeGreaterThan(0);
    // each group names its cause and lists tests by the peer file that holds them
    for (const group of groups) expect(group, group.slice(0, 60)).toMatch(/^- `[\w-]+\.test\.(ts|js)`|^- `[\w-]+\.ts`/m);
  });

  it('is linked from the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/\]\(docs\/compat\.md(#[\w-]+)?\)/);
  });
});
