// A cell of the matrix: one project made from nothing, installed by one package manager, then
// asked (by a small Node script run the way that package manager runs scripts) which rest-signals
// entries import, whether rest-signals' own files reach the optional libraries the project has,
// and which versions were installed.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { exec, install, installedCopies, peerWarnings, type InstallResult, type Ran } from './install.js';
import { packageJson, type BinCommand, type Project } from './projects.js';
import { userEnv, type NodeMajor, type Pm } from './toolchain.js';

export interface CellReport {
  readonly install: InstallResult;
  readonly peerWarnings: string[];
  readonly signalsCopies: string[];
  /** Per entry: its export count, or the first lines of the error importing it. */
  readonly entries: Record<string, number | string>;
  /** Per `entry -> dependency`: 'ok' or the resolution error. */
  readonly reach: Record<string, string>;
  /** Installed version per package of `project.versions`. */
  readonly versions: Record<string, string>;
  readonly check: Ran | undefined;
  /**
   * Yarn 4 only: `reach` again under strict Plug'n'Play (`pnpFallbackMode: none`), where a package
   * reaches only what it declares. The default lets any dependency fall back to the app's own.
   */
  readonly strictReach?: Record<string, string>;
}

/** Written into each project and run after its install: prints one `FRESH:` line of JSON. */
function checkScript(project: Project): string {
  return `import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
const req = createRequire(join(process.cwd(), 'package.json'));
const out = { entries: {}, reach: {}, versions: {} };
const message = error => String(error && error.message || error).split('\\n').filter(Boolean).slice(0, 3).join(' | ');
for (const entry of ${JSON.stringify(project.entries)}) {
  try { out.entries[entry] = Object.keys(${project.loader === 'require' ? 'req(entry)' : 'await import(entry)'}).length; }
  catch (error) { out.entries[entry] = message(error); }
}
for (const { entry, dependency } of ${JSON.stringify(project.reachFromRestSignals ?? [])}) {
  try { createRequire(req.resolve(entry)).resolve(dependency); out.reach[entry + ' -> ' + dependency] = 'ok'; }
  catch (error) { out.reach[entry + ' -> ' + dependency] = message(error); }
}
for (const name of ${JSON.stringify([...new Set(Object.values(project.versions))])}) {
  try { out.versions[name] = req(name + '/package.json').version; continue; } catch {}
  try {
    for (let dir = dirname(req.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
      const file = join(dir, 'package.json');
      if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).name === name) { out.versions[name] = JSON.parse(readFileSync(file, 'utf8')).version; break; }
    }
  } catch (error) { out.versions[name] = 'unresolved: ' + message(error); }
}
console.log('FRESH:' + JSON.stringify(out));
`;
}

/** Writes the project's files, its package.json with the tarball, and pnpm's approvals for pnpm. */
export function writeProject(project: Project, pm: Pm, dir: string, tarball: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), packageJson(project, tarball));
  for (const [file, text] of Object.entries(project.files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  writeFileSync(join(dir, '.fresh-check.mjs'), checkScript(project));
  if (pm.name === 'pnpm' && project.pnpmBuilds?.length) {
    // what `pnpm approve-builds` writes for the framework's own build scripts
    writeFileSync(join(dir, 'pnpm-workspace.yaml'), `allowBuilds:\n${project.pnpmBuilds.map(name => `  '${name}': true`).join('\n')}\n`);
  }
}

/** A binary of the project's dependencies, called the way the package manager calls it. */
export function binCommand(pm: Pm, dir: string, [bin, ...args]: BinCommand): string[] {
  return pm.name === 'yarn4' ? [...pm.command, bin, ...args] : [join(dir, 'node_modules/.bin', bin), ...args];
}

/**
 * The peer warnings naming rest-signals after an install. pnpm 12 and Yarn 4 only sum them up
 * (`✗ 1 peer dependency has issues: solid-js`, `YN0086`); their explanation names who asked.
 */
export async function peerReport(pm: Pm, dir: string, node: NodeMajor, output: string): Promise<string[]> {
  const warnings = peerWarnings(pm.name, output);
  const explain =
    pm.name === 'yarn4' && /YN0086/.test(output) ? ['explain', 'peer-requirements']
    : pm.name === 'pnpm' && /peer dependenc\w* ha(s|ve) issues/i.test(output) ? ['peers', 'check']
    : undefined;
  if (!explain) return warnings;
  const explained = await exec([...pm.command, ...explain], dir, userEnv(node), 120_000);
  return [...warnings, ...peerWarnings(pm.name, explained.output)];
}

/** Installs a written project and reads it. */
export async function runCell(project: Project, pm: Pm, dir: string): Promise<CellReport> {
  const installed = await install(pm, dir, project.node);
  const base = { install: installed, peerWarnings: peerWarnings(pm.name, installed.output), signalsCopies: [] as string[], entries: {}, reach: {}, versions: {}, check: undefined };
  if (installed.code !== 0) return base;
  const warnings = await peerReport(pm, dir, project.node, installed.output);
  const check = await exec([...pm.node, '.fresh-check.mjs'], dir, userEnv(project.node), 120_000);
  const line = check.output.split('\n').find(l => l.startsWith('FRESH:'));
  const parsed = line ? (JSON.parse(line.slice('FRESH:'.length)) as Pick<CellReport, 'entries' | 'reach' | 'versions'>) : { entries: {}, reach: {}, versions: {} };
  const report = { ...base, ...parsed, peerWarnings: warnings, signalsCopies: installedCopies(pm.name, dir, '@preact/signals-core'), check };
  if (pm.name !== 'yarn4' || !project.reachFromRestSignals) return report;
  // beside the cell (its deep checks run with the defaults): the same lockfile, strict linking
  const strictDir = `${dir}-strict`;
  mkdirSync(strictDir, { recursive: true });
  for (const file of ['package.json', 'yarn.lock', '.fresh-check.mjs']) copyFileSync(join(dir, file), join(strictDir, file));
  writeFileSync(join(strictDir, '.yarnrc.yml'), 'pnpFallbackMode: none\n');
  const strict = await exec([...pm.command, 'install'], strictDir, userEnv(project.node), 300_000);
  const strictCheck = strict.code === 0 ? await exec([...pm.node, '.fresh-check.mjs'], strictDir, userEnv(project.node), 120_000) : strict;
  const strictLine = strictCheck.output.split('\n').find(l => l.startsWith('FRESH:'));
  const strictReach = strictLine ? (JSON.parse(strictLine.slice('FRESH:'.length)) as Pick<CellReport, 'reach'>).reach : { install: summary(strictCheck) };
  return { ...report, strictReach };
}

const summary = (ran: Ran) => `exit ${ran.code}: ${ran.output.split('\n').slice(-10).join(' | ')}`;
