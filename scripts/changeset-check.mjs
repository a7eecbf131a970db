#!/usr/bin/env node
// CI: a change to `src/` comes with a changeset. Compares HEAD with its first parent (for a merge
// commit, the main line before the merge), or with CHANGESET_BASE when set: if the diff touches
// `src/`, it must also add or change a changeset (`.changeset/*.md` other than README.md).
// An empty changeset (`npx changeset --empty`) counts: it says "no release needed" on purpose.
// Exits 0 when there is nothing to compare (a first commit, a shallow clone without the parent).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The verdict for one diff, from the paths it changes (`git diff --name-status` lines split into
 * `{ status, path }`). Pure, so the rule is tested without git.
 * @param {{ status: string, path: string }[]} changes
 * @returns {{ ok: boolean, message: string }}
 */
export function verdict(changes) {
  const src = changes.filter(c => c.path.startsWith('src/'));
  const changesets = changes.filter(
    c => /^\.changeset\/[^/]+\.md$/.test(c.path) && c.path !== '.changeset/README.md' && /^[AMRC]/.test(c.status),
  );
  if (src.length === 0) return { ok: true, message: 'no change to src/: no changeset needed' };
  if (changesets.length > 0) {
    return { ok: true, message: `${src.length} file(s) of src/ changed, with changeset(s): ${changesets.map(c => c.path).join(', ')}` };
  }
  return {
    ok: false,
    message:
      `${src.length} file(s) of src/ changed (${src.slice(0, 5).map(c => c.path).join(', ')}${src.length > 5 ? ', …' : ''}) ` +
      'without a changeset: run `npx changeset` (or `npx changeset --empty` for a change users cannot see) and commit the file it writes',
  };
}

/** `git diff --name-status base head` as `{ status, path }` (a rename counts for both paths). */
export function changedPaths(base, head = 'HEAD', cwd = process.cwd()) {
  const out = execFileSync('git', ['diff', '--name-status', '--no-renames', base, head], { cwd, encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map(line => {
    const [status, path] = line.split('\t');
    return { status, path };
  });
}

/** The commit to compare HEAD with, or undefined when there is none. */
export function baseCommit(cwd = process.cwd(), env = process.env) {
  if (env.CHANGESET_BASE) return env.CHANGESET_BASE;
  try {
    return execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD^1'], { cwd, encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = baseCommit();
  if (!base) {
    console.log('changeset check: no parent commit to compare with; skipped');
  } else {
    const { ok, message } = verdict(changedPaths(base));
    console.log(`changeset check (${base.slice(0, 7)}..HEAD): ${message}`);
    process.exitCode = ok ? 0 : 1;
  }
}
