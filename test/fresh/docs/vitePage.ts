// A Vite getting-started page, as a newcomer follows it: the page's files in an empty folder,
// its install lines (rest-signals from the packed tarball, everything else from the registry, no
// lockfile); its `npm run dev` (Vite's dev server, the API on another origin behind a CORS front)
// and its `npm run build` (which type-checks: `vue-tsc --noEmit` / `tsc --noEmit`; the built app
// served beside a loopback todo API), each driven in Chromium (test/fresh/docs/browserCheck.ts).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec } from '../install.js';
import { userEnv, type NodeMajor } from '../toolchain.js';
import { checkTodoApp } from './browserCheck.js';
import { runIn, type PageProject, type PageRun } from './project.js';
import { startTodoApi, type TodoApi } from './todoApi.js';

/** A Vite page: its name in the test titles, its path under docs/, the Node it needs. */
export interface VitePage {
  readonly name: string;
  readonly page: string;
  readonly node: NodeMajor;
  /** The major its install lines must give of a package (the page is written for it). */
  readonly majors?: Readonly<Record<string, number>>;
  /**
   * The other major's path imported by mistake (`from` replaced by `to` in every file): what the
   * page's `tsc` (when it catches it) and Vite's build then print; docs/guide/solid.md quotes both.
   */
  readonly wrongPath?: { readonly from: string; readonly to: string; readonly tsc?: string; readonly build: string };
}

const SOLID_GUIDE = new URL('../../../docs/guide/solid.md', import.meta.url).pathname;

/**
 * Registers the tests of one Vite page.
 * @example describeVitePage({ name: 'Vue + Vite', page: 'guide/start-vue.md', node: 20 }, run);
 */
export function describeVitePage({ name, page, node, majors = {}, wrongPath }: VitePage, run: PageRun): void {
  describe(`${name} (${page}, Node ${node}) as a fresh project`, () => {
    let api: TodoApi;
    let project: PageProject;
    let built = false;

    beforeAll(async () => {
      api = await startTodoApi();
      project = await run.project();
    }, 900_000);
    afterAll(async () => {
      await api?.server.close();
    });

    if (Object.keys(majors).length > 0) {
      it(`installs ${Object.entries(majors).map(([pkg, major]) => `${pkg} ${major}`).join(', ')}`, () => {
        const installed = Object.fromEntries(Object.keys(majors).map(pkg => {
          const { version } = JSON.parse(readFileSync(join(project.dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
          return [pkg, Number(version.split('.')[0])];
        }));
        expect(installed).toEqual(majors);
      });
    }

    it('type-checks and builds with the page\'s `npm run build`', async () => {
      const output = await runIn(project, ['npm', 'run', 'build'], { VITE_API_URL: api.apiUrl });
      expect(output).toMatch(/built in/);
      api.serve(join(project.dir, 'dist'));
      built = true;
    }, 300_000);

    it('lists the todos and shows a toggle before the server replies', async () => {
      expect(built, 'the build failed: nothing to load').toBe(true);
      await checkTodoApp(run.browser(), api, { url: api.server.url, apiUrl: api.apiUrl, serverRendered: false });
    });

    it('does the same under the page\'s `npm run dev`', async () => {
      const front = await api.crossOrigin();
      // port 0: Vite takes a free port and prints it
      const dev = spawn('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', '0'], {
        cwd: project.dir,
        env: userEnv(node, { VITE_API_URL: front.apiUrl }),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      dev.stdout!.on('data', chunk => (output += chunk));
      dev.stderr!.on('data', chunk => (output += chunk));
      try {
        await expect.poll(() => /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1], { timeout: 60_000, interval: 100 }).toBeDefined();
        const url = /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)![1]!;
        await checkTodoApp(run.browser(), api, { url, apiUrl: front.apiUrl, serverRendered: false });
        expect(output).not.toMatch(/error/i);
      } finally {
        // npm runs vite in a child of its own: stop the whole group
        if (dev.pid !== undefined && dev.exitCode === null) process.kill(-dev.pid, 'SIGTERM');
        await front.close();
      }
    });

    if (wrongPath) {
      // last: it edits the project's files
      it(`imports ${wrongPath.to} by mistake: ${wrongPath.tsc ? 'tsc and ' : ''}the build say${wrongPath.tsc ? '' : 's'} what Solid's guide quotes`, async () => {
        const src = join(project.dir, 'src');
        for (const file of readdirSync(src)) {
          const text = readFileSync(join(src, file), 'utf8');
          writeFileSync(join(src, file), text.replaceAll(`'${wrongPath.from}'`, `'${wrongPath.to}'`));
        }
        const guide = readFileSync(SOLID_GUIDE, 'utf8').replace(/\s+/g, ' ');
        const tsc = await exec(['npx', 'tsc', '--noEmit'], project.dir, userEnv(node), 120_000);
        if (wrongPath.tsc) {
          expect(tsc.output).toContain(wrongPath.tsc);
          expect(guide).toContain(wrongPath.tsc);
        }
        const build = await exec(['npx', 'vite', 'build'], project.dir, userEnv(node, { VITE_API_URL: api.apiUrl }), 120_000);
        expect(build.code).not.toBe(0);
        expect(build.output).toContain(wrongPath.build);
        expect(guide).toContain(wrongPath.build);
        const line = (output: string, text: string) => output.split('\n').find(l => l.includes(text))?.trim();
        console.log(`${wrongPath.to} in a ${name} app:\n  tsc: exit ${tsc.code}, ${line(tsc.output, wrongPath.tsc ?? 'error')}\n  vite build: ${line(build.output, wrongPath.build)}`);
      });
    }
  });
}
