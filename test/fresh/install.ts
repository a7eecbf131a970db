// One install of a project by one package manager, as a user runs it (no flags, no lockfile), and
// what the matrix reads from it: the peer warnings that name rest-signals, the copies of
// @preact/signals-core, the versions installed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { userEnv, type NodeMajor, type Pm, type PmName } from './toolchain.js';

/** A finished command: its exit code and everything it printed (stdout and stderr interleaved). */
export interface Ran {
  readonly code: number;
  readonly output: string;
  readonly ms: number;
}

/** Runs a command to its end; never rejects (a timeout ends it with code 124). */
export function exec(command: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Ran> {
  const started = Date.now();
  return new Promise(resolve => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', chunk => (output += chunk));
    child.stderr.on('data', chunk => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[timed out after ${timeoutMs} ms]`;
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 124 : 1), output, ms: Date.now() - started });
    });
    child.on('error', error => {
      clearTimeout(timer);
      resolve({ code: 127, output: `${output}\n${error.message}`, ms: Date.now() - started });
    });
  });
}

/**
 * What a failed install says about the registry rather than about the dependency tree: a
 * connection that failed or timed out, or a server error. Such a failure is retried once; a
 * resolution failure (ERESOLVE, no matching version, a peer conflict) is not.
 */
export function isRegistryOutage(output: string): boolean {
  if (/ERESOLVE|ETARGET|ERR_PNPM_(PEER|NO_MATCHING|IGNORED_BUILDS)|No matching version|Couldn't find any versions|YN0082/.test(output)) return false;
  return /ETIMEDOUT|ECONNRESET|ECONNREFUSED|EAI_AGAIN|ENOTFOUND|EPIPE|socket hang up|ERR_SOCKET_TIMEOUT|network (error|timeout)|ERR_PNPM_META_FETCH_FAIL|ERR_PNPM_FETCH_5\d\d|\b(500|502|503|504) (Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time-?out)|timed out after|Request failed "5\d\d|YN0001.*(RequestError|timeout|ECONN)/i.test(output);
}

/** The project files an install writes, removed before a retry. */
const INSTALL_OUTPUTS = ['node_modules', 'package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', '.pnp.cjs', '.pnp.loader.mjs', '.yarn', '.yarnrc.yml'];

export interface InstallResult extends Ran {
  /** true when the first attempt failed on the registry and this is the retry's result. */
  readonly retried: boolean;
}

/**
 * `<pm> install` in `dir` (or `<pm> ...args`: a docs page's own install line), retried once after a
 * registry outage.
 */
export async function install(pm: Pm, dir: string, node: NodeMajor, args: readonly string[] = ['install']): Promise<InstallResult> {
  const env = userEnv(node);
  const first = await exec([...pm.command, ...args], dir, env, 420_000);
  if (first.code === 0 || !isRegistryOutage(first.output)) return { ...first, retried: false };
  for (const name of INSTALL_OUTPUTS) rmSync(join(dir, name), { recursive: true, force: true });
  await new Promise(resolve => setTimeout(resolve, 5_000));
  const second = await exec([...pm.command, ...args], dir, env, 420_000);
  return { ...second, output: `${first.output}\n[registry outage: retried once]\n${second.output}`, retried: true };
}

/**
 * The lines of an install's output that report a peer dependency problem naming rest-signals
 * (its own peers, or a peer it is asked for), in each package manager's wording:
 *   npm    `npm warn ERESOLVE overriding peer dependency` / `While resolving: rest-signals@…`
 *   pnpm   `✕ unmet peer …` under `rest-signals 0.1.0` in its peer issues tree
 *   Yarn 1 `warning " > rest-signals@0.1.0" has unmet/incorrect peer dependency …`
 *   Yarn 4 `YN0002` / `YN0060` lines, and `yarn explain peer-requirements` (its `✘` rows)
 */
export function peerWarnings(pm: PmName, output: string): string[] {
  const lines = output.split('\n');
  switch (pm) {
    case 'npm10':
    case 'npm11':
      if (!/ERESOLVE|\bpeer\b/i.test(output)) return [];
      return lines.filter(l => /^npm (warn|error|ERR!)/i.test(l) && l.includes('rest-signals'));
    case 'pnpm': {
      const out: string[] = [];
      let inPeers = false;
      for (const line of lines) {
        if (/peer dependenc|unmet peer|missing peer/i.test(line)) inPeers = true;
        else if (line.trim() === '') inPeers = false;
        if (inPeers && line.includes('rest-signals')) out.push(line);
      }
      return out;
    }
    case 'yarn1':
      return lines.filter(l => /^warning /.test(l) && l.includes('rest-signals') && /peer/i.test(l));
    case 'yarn4':
      return lines.filter(l => /YN0002|YN0060|✘/.test(l) && l.includes('rest-signals'));
  }
}

/** Every installed copy of `name` in a project, by path, whatever the package manager's layout. */
export function installedCopies(pm: PmName, dir: string, name: string): string[] {
  if (pm === 'yarn4' && existsSync(join(dir, '.pnp.cjs'))) {
    // one zip per resolved version in the global cache: count the lockfile's resolutions
    const lock = readFileSync(join(dir, 'yarn.lock'), 'utf8');
    const resolutions = [...lock.matchAll(/^\s+resolution: "([^"]+)"$/gm)].map(m => m[1]!).filter(r => r.startsWith(`${name}@`));
    return [...new Set(resolutions)];
  }
  if (pm === 'pnpm') {
    const store = join(dir, 'node_modules/.pnpm');
    const prefix = `${name.replace('/', '+')}@`;
    return existsSync(store) ? readdirSync(store).filter(e => e.startsWith(prefix)) : [];
  }
  const found: string[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const names = entry.startsWith('@') ? readdirSync(join(modules, entry)).map(e => `${entry}/${e}`) : [entry];
      for (const pkg of names) {
        const path = join(modules, pkg);
        if (pkg === name && existsSync(join(path, 'package.json'))) found.push(path.slice(dir.length + 1));
        walk(join(path, 'node_modules'));
      }
    }
  };
  walk(join(dir, 'node_modules'));
  return found;
}
