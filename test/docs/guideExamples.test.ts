// The runnable examples of the guides, run here against a loopback server and checked to appear in
// their page verbatim (but for `urlPrefix`, which points at the server here).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';
import { appFiles, blocks, guidePages } from './blocks.js';

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

/** The fenced blocks of a README section (from its `## ` heading to the next one). */
function readmeBlocks(heading: string): { lang: string; code: string }[] {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`README.md has no section ${heading}`);
  const rest = readme.slice(start + heading.length + 2);
  const next = rest.search(/^## /m);
  const section = next === -1 ? rest : rest.slice(0, next);
  return [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map(m => ({ lang: m[1]!, code: m[2]! }));
}

describe('README: its Solid and Vue code is files of the getting-started pages, as they show them', () => {
  // the pages' apps are built and run by test/fresh/docs; here, the README shows nothing else
  it.each([
    ['## A resource', 'guide/start-solid.md', 1],
    ['## A resource', 'guide/start-solid-1.md', 1],
    ['## A resource', 'guide/start-vue.md', 1],
    ['## Solid', 'guide/start-solid.md', 2],
    ['## Vue', 'guide/start-vue.md', 2],
  ] as const)('%s: blocks of %s', (heading, page, count) => {
    const files = appFiles(page).map(f => f.text);
    const shown = readmeBlocks(heading);
    expect(shown.length).toBe(count);
    for (const block of shown) expect(files, block.code.split('\n')[0]).toContain(block.code);
  });
});

describe('code blocks elide nothing', () => {
  // `...` where code was left out (`{ ... }`, `(...)`, a line of its own); a spread (`...rest`) is code
  const elided = /\.\.\.(?=[\s)}\],;]|$)/m;

  it('in the README, fenced or inline', () => {
    const readme = readFileSync('README.md', 'utf8');
    const fenced = [...readme.matchAll(/^```\w*\n([\s\S]*?)^```/gm)].map(m => m[1]!);
    const inline = [...readme.replace(/^```\w*\n[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map(m => m[1]!);
    // inline, `useSuspense(...)` names a call in prose; a body left out (`{ ...; ... }`) is elided code
    const elidedBody = /\.\.\.(?=\s)/;
    expect([...fenced.filter(code => elided.test(code)), ...inline.filter(code => elidedBody.test(code))]).toEqual([]);
  });

  it('in the guides', () => {
    const found = guidePages().flatMap(blocks).filter(b => b.lang !== 'sh' && elided.test(b.code)).map(b => `${b.page}:${b.line}`);
    expect(found).toEqual([]);
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

describe('guide: users and sessions', () => {
  it('a user switch without a reload shows the previous user\'s list until the store is reset', async () => {
    const tasks: Record<string, { id: number; title: string }[]> = {
      alice: [{ id: 1, title: 'Alice: write the report' }],
      bob: [{ id: 11, title: 'Bob: fix the boiler' }],
    };
    const asked: string[] = [];
    server.route('GET', '/tasks', req => {
      const user = /^Bearer (\w+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      asked.push(user);
      return tasks[user] ?? reply(401, { error: 'who are you?' });
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // ---- example: identity-switch ----
    const { effect } = await import('@preact/signals-core');
    const { Entity, RestEndpoint, createDataClient, resource } = await import('../../src/core/index.js');

    /** Who is signed in: what a login form or a cookie would hold. */
    const session = { token: 'alice' };

    /** Every request carries the session's token. */
    class AuthEndpoint extends RestEndpoint {
      override getHeaders(headers: HeadersInit): HeadersInit {
        const withToken = new Headers(headers);
        withToken.set('Authorization', `Bearer ${session.token}`);
        return withToken;
      }
    }

    class Task extends Entity {
      id = 0;
      title = '';
      static override key = 'Task';
    }
    // GET /tasks answers the tasks of the token's user: the URL is the same for everyone
    const TaskResource = resource({ Endpoint: AuthEndpoint, urlPrefix, path: '/tasks/:id', schema: Task });

    const client = createDataClient();
    const tasksView = client.dle(TaskResource.getList);
    const stop = effect(() => {
      const { data, loading } = tasksView.value;
      console.log(loading ? 'loading…' : data?.map(task => task.title));
    });
    await client.controller.fetchIfStale(TaskResource.getList); // Alice's tasks

    // Bob signs in, without a reload: same URL, the list is still fresh, nothing is requested
    session.token = 'bob';
    await client.controller.fetchIfStale(TaskResource.getList); // still Alice's tasks

    // what to do when the user changes: the store is emptied, and the list on screen is fetched again
    await client.controller.resetEntireStore();
    await client.controller.fetchIfStale(TaskResource.getList); // Bob's tasks
    stop();
    client.destroy();
    // ---- end ----
    expect(log.mock.calls.map(c => c[0])).toEqual(['loading…', ['Alice: write the report'], 'loading…', ['Bob: fix the boiler']]);
    expect(asked).toEqual(['alice', 'bob']);
    log.mockRestore();
  });

  it('appears in docs/guide/users-and-sessions.md as run here', () => {
    const ran = exampleText('identity-switch')
      .replace("const { effect } = await import('@preact/signals-core');", "import { effect } from '@preact/signals-core';")
      .replace("const { Entity, RestEndpoint, createDataClient, resource } = await import('../../src/core/index.js');", "import { Entity, RestEndpoint, createDataClient, resource } from 'rest-signals';")
      .replace(/tasksView/g, 'tasks'); // `tasks` is the server's data here
    expect(pageBlock('guide/users-and-sessions.md', 'identity-switch')).toBe(ran);
  });
});
