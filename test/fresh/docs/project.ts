// A project made from a docs page, as a newcomer makes it: an empty folder outside this repository
// (so nothing resolves from its node_modules), the page's files written as the page shows them, then
// the page's `npm install` lines run against the registry as it is today, with no lockfile, the
// package itself replaced by the packed tarball. Everything runs as the fresh-install matrix runs
// it (test/fresh/toolchain.ts, install.ts): under the Node the page needs, in a user's environment
// (none of this run's CI, npm-script or vitest variables: NODE_ENV=test would make `vite build` a
// development build), npm's default cache, an install retried once after a registry outage.
// How a page marks its files: test/docs/blocks.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { appFiles, installCommands } from '../../docs/blocks.js';
import { exec, install } from '../install.js';
import { userEnv, type NodeMajor, type Pm } from '../toolchain.js';

/** The npm a newcomer types: the machine's own, run by the Node first on the page's `PATH`. */
const NPM: Pm = { name: 'npm11', version: 'the machine\'s', command: ['npm'], node: ['node'] };

/** A project made from a page: where it is, the Node it runs under, and how long its install took. */
export interface PageProject {
  readonly dir: string;
  readonly node: NodeMajor;
  readonly installMs: number;
}

/**
 * Writes `page`'s files into a new folder of `work` and runs its install lines with `node` first on
 * the `PATH`, `rest-signals` installed from `tarball` (`--no-audit --no-fund` added: they only quiet npm).
 * @example const project = await projectFromPage('guide/start-vue.md', tarball, 20, work);
 */
export async function projectFromPage(page: string, tarball: string, node: NodeMajor, work: string): Promise<PageProject> {
  const files = appFiles(page);
  const commands = installCommands(page);
  if (files.length === 0 || commands.length === 0) throw new Error(`${page} shows no files or no npm install line`);
  if (!commands.some(c => c.includes('rest-signals'))) throw new Error(`${page} never installs rest-signals`);
  const dir = join(work, page.replace(/\W+/g, '-'));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
  const started = Date.now();
  for (const [, ...args] of commands) {
    const withTarball = args.map(a => (a === 'rest-signals' ? tarball : a));
    const ran = await install(NPM, dir, node, [...withTarball, '--no-audit', '--no-fund']);
    if (ran.code !== 0) throw new Error(`npm ${args.join(' ')} failed in ${dir} (exit ${ran.code}):\n${ran.output}`);
  }
  return { dir, node, installMs: Date.now() - started };
}

/**
 * Runs a command of the page (`npm run build`, …) in its project, in a user's environment under the
 * page's Node, `extra` added to it; rejects with what it printed when it fails.
 */
export async function runIn(project: PageProject, command: readonly string[], extra: Record<string, string> = {}, timeoutMs = 300_000): Promise<string> {
  const ran = await exec(command, project.dir, userEnv(project.node, extra), timeoutMs);
  if (ran.code !== 0) throw new Error(`${command.join(' ')} failed in ${project.dir} (exit ${ran.code}):\n${ran.output}`);
  return ran.output;
}

/** What the tests of a page are given: its project (installed while earlier pages are checked) and the run's Chromium. */
export interface PageRun {
  readonly project: () => Promise<PageProject>;
  readonly browser: () => Browser;
}
