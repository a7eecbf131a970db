// The Node getting-started page, as a newcomer follows it: the page's files in an empty folder, its
// install lines (rest-signals from the packed tarball, no lockfile), `npm run typecheck`, then
// `npm start` against a loopback todo API whose PATCH reply is held: the script must print the
// optimistic change while the reply is held, then finish on its own once it is released.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEnv, type NodeMajor } from '../toolchain.js';
import { runIn, type PageProject, type PageRun } from './project.js';
import { startTodoApi, type TodoApi } from './todoApi.js';

/**
 * Registers the tests of the Node page.
 * @example describeNodePage({ page: 'guide/start-node.md', node: 20 }, run);
 */
export function describeNodePage({ page, node }: { page: string; node: NodeMajor }, run: PageRun): void {
  describe(`Node (${page}, Node ${node}) as a fresh project`, () => {
    let api: TodoApi;
    let project: PageProject;

    beforeAll(async () => {
      api = await startTodoApi();
      project = await run.project();
    }, 900_000);
    afterAll(async () => {
      await api?.server.close();
    });

    it('type-checks with the page\'s `npm run typecheck`', async () => {
      await runIn(project, ['npm', 'run', 'typecheck']);
    }, 120_000);

    it('prints the list, then the optimistic change before the server replies, and exits', async () => {
      const release = api.server.when('PATCH', '/api/todos/:id', { times: 1 }).hold();
      const child = spawn('npm', ['start', '--silent'], { cwd: project.dir, env: userEnv(node, { API_URL: api.apiUrl }), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', chunk => (out += chunk));
      child.stderr.on('data', chunk => (out += chunk));
      const exited = new Promise<number | null>(resolve => child.once('exit', resolve));

      const patch = await release.arrived;
      expect(`${patch.path} ${patch.body}`).toBe('/api/todos/2 {"completed":true}');
      await expect.poll(() => out, { timeout: 5_000 }).toContain('1 left; first: [x] Read the getting-started page, [x] Write the resource, [ ] Toggle a todo');
      const lines = out.trim().split('\n');
      expect(lines).toEqual([
        'loading…',
        '2 left; first: [x] Read the getting-started page, [ ] Write the resource, [ ] Toggle a todo',
        '1 left; first: [x] Read the getting-started page, [x] Write the resource, [ ] Toggle a todo',
      ]);
      // still running: it waits for the reply
      expect(child.exitCode).toBe(null);
      await release();
      expect(await exited).toBe(0);
      // the reply replaces the guess with the server's copy, which agrees with it
      expect(out.trim().split('\n')).toEqual([...lines, lines[2]]);
      expect(api.todos.get(2)?.completed).toBe(true);
    }, 60_000);
  });
}
