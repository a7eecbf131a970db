import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestEndpoint } from '../../src/core/rest/RestEndpoint.js';
import { ParseError } from '../../src/core/rest/ParseError.js';
import { Entity } from '../../src/core/schema/index.js';
import { createTestServer, reply, type TestServer } from '../server/createTestServer.js';

class Doc extends Entity {
  id = '';
  static override key = 'Doc';
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
beforeEach(() => server.clear());
afterAll(() => server.close());

const octets = () => reply(200, 'PNG!', { 'content-type': 'application/octet-stream' });

describe('RestEndpoint `content`: how the reply body is read', () => {
  it("'blob' reads a Blob", async () => {
    server.route('GET', '/files/:id', octets);
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/files/:id', content: 'blob' });
    const blob = await ep({ id: '1' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('PNG!');
  });

  it("'json' parses the body whatever its content-type says", async () => {
    server.route('GET', '/files/:id', () => reply(200, '{"ok":true}', { 'content-type': 'text/plain' }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/files/:id', content: 'json' });
    expect(await ep({ id: '1' })).toEqual({ ok: true });
  });

  it("'text' keeps a JSON body as text", async () => {
    server.route('GET', '/files/:id', () => ({ ok: true }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/files/:id', content: 'text' });
    expect(await ep({ id: '1' })).toBe('{"ok":true}');
  });

  it("'arrayBuffer' reads the bytes", async () => {
    server.route('GET', '/files/:id', octets);
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/files/:id', content: 'arrayBuffer' });
    const bytes = await ep({ id: '1' });
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(bytes)).toBe('PNG!');
  });

  it("'stream' hands back the unread body stream", async () => {
    server.route('GET', '/files/:id', octets);
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/files/:id', content: 'stream' });
    const stream = await ep({ id: '1' });
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(await new Response(stream).text()).toBe('PNG!');
  });

  it('extend({ content }) carries it to the new endpoint; 204 is still null', async () => {
    server.route('GET', '/files/:id', req => (req.params.id === 'none' ? reply(204) : octets()));
    const base = new RestEndpoint({ urlPrefix: server.url, path: '/files/:id' });
    const asBlob = base.extend({ content: 'blob' });
    expect(asBlob.content).toBe('blob');
    expect(await asBlob({ id: '1' })).toBeInstanceOf(Blob);
    expect(await asBlob({ id: 'none' })).toBeNull();
  });

  it('a non-JSON content with a schema is reported at construction and every call rejects with status 400', async () => {
    server.route('GET', '/files/:id', octets);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const ep = new RestEndpoint({ urlPrefix: server.url, path: '/files/:id', content: 'blob', schema: Doc });
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]![0])).toMatch(/\/files\/:id: content 'blob' is incompatible with schema/);
      const rejection = await ep({ id: '1' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(rejection).toBeInstanceOf(ParseError);
      expect(rejection).toMatchObject({ status: 400, message: expect.stringContaining('incompatible with schema') });
    } finally {
      error.mockRestore();
    }
  });

  it('without content, a binary reply for a normalizing schema rejects with a ParseError (status 400)', async () => {
    server.route('GET', '/docs/:id', () => reply(200, 'PNG!', { 'content-type': 'image/png' }));
    const ep = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id', schema: Doc });
    const rejection = await ep({ id: '1' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(rejection).toBeInstanceOf(ParseError);
    expect(rejection).toMatchObject({ status: 400, message: expect.stringContaining('binary content-type "image/png"') });
    // without a schema the same reply is a Blob
    const raw = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id' });
    expect(await raw({ id: '1' })).toBeInstanceOf(Blob);
  });

  it('a production build keeps the code and the subject of both rejections, not the explanation', async () => {
    server.route('GET', '/docs/:id', () => reply(200, 'PNG!', { 'content-type': 'image/png' }));
    const binary = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id', schema: Doc });
    const saved = process.env.NODE_ENV;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      process.env.NODE_ENV = 'production';
      const asBlob = new RestEndpoint({ urlPrefix: server.url, path: '/docs/:id', content: 'blob', schema: Doc });
      const [first, second] = await Promise.all([binary({ id: '1' }), asBlob({ id: '1' })].map(p => p.then(() => undefined, (e: unknown) => e)));
      expect(first).toBeInstanceOf(ParseError);
      expect((first as Error).message).toBe(`GET ${server.url}/docs/1: binary-content "image/png"`);
      expect(second).toBeInstanceOf(ParseError);
      expect((second as Error).message).toBe(`GET ${server.url}/docs/1: incompatible-content 'blob'`);
      // the construction-time report is a development warning: silent here
      expect(error).not.toHaveBeenCalled();
    } finally {
      process.env.NODE_ENV = saved;
      error.mockRestore();
    }
  });
});
