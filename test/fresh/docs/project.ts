// A project made from a docs page, as a newcomer makes it: an empty folder outside this repository
// (so nothing resolves from its node_modules), the page's files written as the page shows them, then
// the page's `npm install` lines run against the registry as it is today, with no lockfile, the
// package itself replaced by the packed tarball. How a page marks its files: test/docs/blocks.ts.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { appFiles, installCommands } from '../../docs/blocks.js';

/** Runs a command; rejects with its output when it fails. */
export function run(cwd: string, command: string, args: readonly string[], env: Record<string, string> = {}, timeout = 600_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: { ...process.env, ...env }, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

/** A project made from a page: where it is, and what its install printed. */
export interface PageProject {
  readonly dir: string;
  readonly installLog: string;
}

/**
 * Writes `page`'s files into a new folder and runs its install lines, `rest-signals` installed from
 * `tarball` (`--no-audit --no-fund` added: they only quiet npm); `env` is added to theirs (a `PATH`
 * with another Node first, for a framework that needs one).
 * @example const { dir } = await projectFromPage('guide/start-vue.md', await packTarball());
 */
export async function projectFromPage(page: string, tarball: string, env: Record<string, string> = {}): Promise<PageProject> {
  const files = appFiles(page);
  const commands = installCommands(page);
  if (files.length === 0 || commands.length === 0) throw new Error(`${page} shows no files or no npm install line`);
  if (!commands.some(c => c.includes('rest-signals'))) throw new Error(`${page} never installs rest-signals`);
  const dir = mkdtempSync(join(tmpdir(), `docs-app-${page.replace(/\W+/g, '-')}`));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
  let installLog = '';
  for (const [npm, ...args] of commands) {
    const withTarball = args.map(a => (a === 'rest-signals' ? tarball : a));
    installLog += await run(dir, npm!, [...withTarball, '--no-audit', '--no-fund'], env);
  }
  return { dir, installLog };
}
