// `npm run release:check`: the release step of `.ci/run` on its own, after `npm run build`: the
// changeset check, then the packed tarball as the ecosystem checks it (publint, are-the-types-wrong),
// `npm publish --dry-run`, and the release tests that need the built package (one shared
// signals-core). Exits non-zero when any of them fails; each runs even if an earlier one failed.
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

let failed = 0;
const run = (command, options = {}) => {
  console.log(`\n$ ${command}`);
  try {
    return execSync(command, { stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit', encoding: 'utf8' });
  } catch {
    failed++;
    return '';
  }
};

run('node scripts/changeset-check.mjs');
rmSync('test-results/pack', { recursive: true, force: true });
mkdirSync('test-results/pack', { recursive: true });
const tarball = run('npm pack --silent --pack-destination test-results/pack', { capture: true }).trim().split('\n').pop();
if (tarball) {
  run(`npx publint run test-results/pack/${tarball}`);
  run(`npx attw test-results/pack/${tarball} --format table-flipped --no-summary`);
}
run('npm publish --dry-run');
run('npx vitest run -c test/release/vitest.config.ts');
if (failed) {
  console.error(`\nrelease:check: ${failed} step(s) failed`);
  process.exit(1);
}
console.log('\nrelease:check: every step passed');
