// The rule of scripts/changeset-check.mjs (run by .ci/run): a diff that changes src/ must add or
// change a changeset; the changesets README and deletions do not count.
import { describe, expect, it } from 'vitest';
import { verdict } from '../../scripts/changeset-check.mjs';

const c = (status: string, path: string) => ({ status, path });

describe('the changeset check', () => {
  it('passes a diff without src/ changes', () => {
    expect(verdict([c('M', 'README.md'), c('A', 'docs/guide/x.md')]).ok).toBe(true);
    expect(verdict([]).ok).toBe(true);
  });

  it('passes a src/ change that comes with a changeset (added or edited)', () => {
    expect(verdict([c('M', 'src/core/client.ts'), c('A', '.changeset/brave-cats.md')]).ok).toBe(true);
    expect(verdict([c('M', 'src/core/client.ts'), c('M', '.changeset/brave-cats.md')]).ok).toBe(true);
  });

  it('fails a src/ change without one, naming the files and the command', () => {
    const v = verdict([c('M', 'src/core/client.ts'), c('M', '.changeset/README.md'), c('D', '.changeset/old.md'), c('A', '.changeset/config.json')]);
    expect(v.ok).toBe(false);
    expect(v.message).toContain('src/core/client.ts');
    expect(v.message).toContain('npx changeset');
  });
});
