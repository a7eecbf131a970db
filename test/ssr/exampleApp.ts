// Builds an example app (`examples/nuxt`, `examples/solid-start`) from the packed package, the way a
// user installs it, and runs its production server: `npm ci` from the example's own lockfile, the
// `npm pack` tarball of this package unpacked as `node_modules/rest-signals`, the app's build with the
// API's origin, then `node .output/server/index.mjs` on a free loopback port.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

/** A started example server: its origin, what it printed, and how to stop it. */
export interface ExampleServer {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

let packed: Promise<string> | undefined;

/** `npm pack` of the built package (built first when `dist/` is missing); the tarball's path. */
export function packTarball(): Promise<string> {
  packed ??= (async () => {
    if (process.env.SSR_TARBALL) return process.env.SSR_TARBALL;
    if (!existsSync(join(root, 'dist/nuxt.js')) || !existsSync(join(root, 'dist/solid-start.js'))) {
      await run('npx', ['rollup', '-c', 'rollup.config.mjs', '--silent'], { cwd: root, timeout: 400_000 });
    }
    const dir = mkdtempSync(join(tmpdir(), 'rest-signals-pack-'));
    const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, timeout: 120_000 });
    return join(dir, stdout.trim().split('\n').pop()!);
  })();
  return packed;
}

/**
 * Installs the example's locked dependencies (unless `node_modules` is there already) and the
 * tarball as `rest-signals`, then builds the app against `apiUrl`.
 * @example await buildExample('examples/nuxt', await packTarball(), api.url);
 */
export async function buildExample(example: string, tarball: string, apiUrl: string): Promise<void> {
  const dir = join(root, example);
  if (!existsSync(join(dir, 'node_modules'))) {
    await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 480_000 });
  }
  const target = join(dir, 'node_modules/rest-signals');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  await run('tar', ['xzf', tarball, '-C', target, '--strip-components=1']);
  await run('npm', ['run', 'build'], {
    cwd: dir,
    timeout: 480_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, API_URL: apiUrl, NODE_ENV: 'production' },
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}

/**
 * Starts the built example's production server and resolves once it answers.
 * @example const app = await startExample('examples/nuxt'); await fetch(app.url); await app.stop();
 */
export async function startExample(example: string): Promise<ExampleServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['.output/server/index.mjs'], {
    cwd: join(root, example),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', chunk => (output += chunk));
  child.stderr!.on('data', chunk => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${example} server exited: ${output}`);
    try {
      await fetch(`${url}/favicon.ico`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${example} server did not answer in 30 s: ${output}`);
      await new Promise(resolve => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>(resolve => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
