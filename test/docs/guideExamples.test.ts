// The runnable examples of the guides, run here against a loopback server and checked to appear in
// their page verbatim (but for `urlPrefix`, which points at the server here).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';
import { blocks } from './blocks.js';

let server: TestServer;
let urlPrefix = '';
beforeAll(async () => {
  server = await createTestServer();
  urlPrefix = server.url;
  const todos = server.resource('/todos', [{ id: 1, title: 'Write the guide', completed: false }]);
  server.route('PATCH', '/todos/:id', req => {
    const body = req.json as { title?: string };
    if (body.title === '') return reply(422, { error: 'a title is required' });
    const id = Number(req.params.id);
    const next = { ...todos.get(id)!, ...body };
    todos.items.set(String(id), next);
    return next;
  });
});
afterAll(() => server.close());

/** The text between `// ---- example ----` and `// ---- end ----` in this file, dedented. */
function exampleText(name: string): string {
  const source = readFileSync(new URL(import.meta.url).pathname, 'utf8');
  const body = source.split(`// ---- example: ${name} ----\n`)[1]!.split('// ---- end ----')[0]!;
  const lines = body.split('\n');
  const indent = Math.min(...lines.filter(l => l.trim()).map(l => /^ */.exec(l)![0].length));
  return lines.map(l => l.slice(indent)).join('\n').trim();
}

/** The block named `name` of a guide page, with the loopback server's `urlPrefix`. */
function pageBlock(page: string, name: string): string {
  const block = blocks(page).find(b => b.example === name);
  if (!block) throw new Error(`no block <!-- example: ${name} --> in ${page}`);
  return block.code.replace("urlPrefix: 'https://api.example.com'", 'urlPrefix').trim();
}

/** The lines of `file` between two marker lines, dedented. */
function between(file: string, start: string, end: string): string {
  const source = readFileSync(file, 'utf8');
  const body = source.split(`${start}\n`)[1]!.split(end)[0]!;
  const lines = body.split('\n');
  const indent = Math.min(...lines.filter(l => l.trim()).map(l => /^ */.exec(l)![0].length));
  return lines.map(l => l.slice(indent)).join('\n').trim();
}

describe('getting started: the Solid and Vue examples are the ones the adapter tests run', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('Solid (test/adapters/solid/readme.test.tsx)', () => {
    const ran = between('test/adapters/solid/readme.test.tsx', '// ---- README example (urlPrefix differs) ----', '// ---- end of the README example ----')
      .replace('urlPrefix: server.url', "urlPrefix: 'https://jsonplaceholder.typicode.com'")
      .replace('const dispose = render(', 'render(');
    const block = blocks('guide/getting-started.md').find(b => b.example === 'solid')!;
    expect(block.code).toContain(ran);
    expect(readme).toContain(ran);
  });

  it('Vue (test/adapters/vue/readmeExample.test.ts)', () => {
    const ran = between('test/adapters/vue/readmeExample.test.ts', '// --- README example starts here ---', '// --- README example ends here ---')
      .replace('resource({ urlPrefix,', "resource({ urlPrefix: 'https://api.example.com',")
      .replace(/\nconst root = [^\n]*\nconst app = createApp\(App\)\.use\(DataClientPlugin\);\napp\.mount\(root\);$/, "\ncreateApp(App).use(DataClientPlugin).mount('#app');");
    const block = blocks('guide/getting-started.md').find(b => b.example === 'vue')!;
    expect(block.code).toContain(ran);
    expect(readme).toContain(ran);
  });
});

describe('guide: mutations and optimistic updates', () => {
  it('the optimistic rollback example shows the guess at once and rolls back only the refused update', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // ---- example: optimistic-rollback ----
    const { effect } = await import('@preact/signals-core');
    const { Entity, NetworkError, createDataClient, resource } = await import('../../src/core/index.js');

    class Todo extends Entity {
      id = 0;
      title = '';
      completed = false;
      static override key = 'Todo';
    }
    const TodoResource = resource({ urlPrefix, path: '/todos/:id', schema: Todo, optimistic: true });

    const client = createDataClient();
    const ctrl = client.controller;
    const todo = client.cache(TodoResource.get, { id: 1 });
    const shown: string[] = [];
    const stop = effect(() => {
      if (todo.value) shown.push(`${todo.value.title} ${todo.value.completed ? '[x]' : '[ ]'}`);
    });
    await ctrl.fetch(TodoResource.get, { id: 1 });

    // shown at once, before the server answers; then the reply replaces the guess
    const saving = ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { completed: true });
    console.log(todo.value?.completed); // true
    await saving;

    // the server refuses: this update alone is rolled back, and the caller gets the error
    const renaming = ctrl.fetch(TodoResource.partialUpdate, { id: 1 }, { title: '' });
    console.log(JSON.stringify(todo.value?.title)); // "" (optimistic)
    try {
      await renaming;
    } catch (error) {
      if (error instanceof NetworkError) console.log(error.status); // 422
    }
    console.log(todo.value?.title); // the title the server holds
    console.log(shown);
    stop();
    client.destroy();
    // ---- end ----
    expect(log.mock.calls.map(c => c[0])).toEqual([
      true,
      '""',
      422,
      'Write the guide',
      // fetched, the guess, the reply (a new object with the same fields), the refused rename, its rollback
      ['Write the guide [ ]', 'Write the guide [x]', 'Write the guide [x]', ' [x]', 'Write the guide [x]'],
    ]);
    log.mockRestore();
  });

  it('appears in docs/guide/mutations.md as run here', () => {
    const ran = exampleText('optimistic-rollback')
      .replace("const { effect } = await import('@preact/signals-core');", "import { effect } from '@preact/signals-core';")
      .replace("const { Entity, NetworkError, createDataClient, resource } = await import('../../src/core/index.js');", "import { Entity, NetworkError, createDataClient, resource } from 'rest-signals';");
    expect(pageBlock('guide/mutations.md', 'optimistic-rollback')).toBe(ran);
  });
});
