import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Entity, NetworkError, resource } from '../../src/core/index.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

class Task extends Entity {
  id = 0;
  title = '';
  static override key = 'Task';
}

// Each path answers with one kind of error body.
const replies: Record<string, { status: number; type?: string; body: string }> = {
  '/json-error': { status: 404, type: 'application/json', body: JSON.stringify({ error: 'no task with id 9', status: 404 }) },
  '/json-message': { status: 422, type: 'application/problem+json', body: JSON.stringify({ message: 'title must not be empty' }) },
  '/json-other': { status: 500, type: 'application/json', body: JSON.stringify({ code: 'E_DB', retry: false }) },
  '/text': { status: 503, type: 'text/plain', body: '  upstream\n  unavailable  ' },
  '/html': { status: 502, type: 'text/html', body: '<html><head><title>502 Bad Gateway</title></head><body><script>x()</script></body></html>' },
  '/long': { status: 500, type: 'text/plain', body: 'x'.repeat(10_000) },
  '/binary': { status: 500, type: 'application/octet-stream', body: 'binary' },
  '/empty': { status: 500, type: 'application/json', body: '' },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const reply = replies[req.url!.replace(/^\/api|\/\d+$/g, '')]!;
    res.writeHead(reply.status, reply.type ? { 'content-type': reply.type } : {}).end(reply.body);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())));

async function failure(path: string): Promise<NetworkError> {
  const R = resource({ urlPrefix: base, path: `${path}/:id`, schema: Task });
  return R.get({ id: 9 }).then(
    () => {
      throw new Error('expected a NetworkError');
    },
    (e: NetworkError) => e,
  );
}

describe("a NetworkError's message carries the server's reason", () => {
  it('takes the error field of a JSON body, and the body stays readable', async () => {
    const error = await failure('/json-error');
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(`GET ${base}/json-error/9 failed with status 404 Not Found: no task with id 9`);
    expect(await error.response.json()).toEqual({ error: 'no task with id 9', status: 404 });
  });

  it('takes message from a problem+json body', async () => {
    expect((await failure('/json-message')).message).toMatch(/status 422 Unprocessable Entity: title must not be empty$/);
  });

  it('shows other JSON as JSON', async () => {
    expect((await failure('/json-other')).message).toMatch(/status 500 Internal Server Error: \{"code":"E_DB","retry":false\}$/);
  });

  it('folds whitespace in text, uses the <title> of an HTML page, and clips long bodies', async () => {
    expect((await failure('/text')).message).toMatch(/status 503 Service Unavailable: upstream unavailable$/);
    const html = (await failure('/html')).message;
    expect(html).toMatch(/status 502 Bad Gateway: 502 Bad Gateway$/);
    expect(html).not.toContain('<script>');
    const long = await failure('/long');
    expect(long.message.length).toBeLessThan(base.length + 300);
    expect(long.message).toMatch(/x…$/);
    expect((await long.response.text()).length).toBe(10_000);
  });

  it('adds nothing for a binary or empty body', async () => {
    expect((await failure('/binary')).message).toMatch(/status 500 Internal Server Error$/);
    expect((await failure('/empty')).message).toMatch(/status 500 Internal Server Error$/);
  });
});
