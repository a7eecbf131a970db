import { createPlaygroundServer, type PlaygroundServer, type PlaygroundServerOptions } from '../../playground/server/index.js';

/** A JSON request against a playground server; resolves to the status, headers and parsed body. */
export interface Call {
  status: number;
  headers: Headers;
  body: any;
}

/** Starts a playground server on a free loopback port and returns it with a small JSON client. */
export async function startPlayground(options: PlaygroundServerOptions = {}) {
  const server: PlaygroundServer = await createPlaygroundServer({ port: 0, ...options });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Call> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return { server, call };
}
