import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { choosePort, isPortFree } from '../../playground/server/port.js';

let held: Server | undefined;
afterEach(() => new Promise<void>(resolve => (held ? held.close(() => resolve()) : resolve())));

function holdAPort(): Promise<number> {
  return new Promise(resolve => {
    held = createServer();
    held.listen({ port: 0, host: '127.0.0.1' }, () => resolve((held!.address() as { port: number }).port));
  });
}

describe('npm start: choosing the port', () => {
  it('reports a taken PORT at once, saying what to do', async () => {
    const port = await holdAPort();
    expect(await isPortFree(port, '127.0.0.1')).toBe(false);
    await expect(choosePort(String(port), '127.0.0.1')).rejects.toThrow(
      new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use.*PORT=${port + 1} npm start`),
    );
  });

  it('uses a free explicit PORT as given, and refuses one that is not a port', async () => {
    const port = await holdAPort();
    await new Promise<void>(resolve => held!.close(() => resolve()));
    held = undefined;
    expect(await choosePort(String(port), '127.0.0.1')).toEqual({ port });
    await expect(choosePort('http', '127.0.0.1')).rejects.toThrow(/PORT must be an integer/);
  });

  it('without PORT, picks 3000 or the next free port and says which', async () => {
    const { port, note } = await choosePort(undefined, '127.0.0.1');
    expect(await isPortFree(port, '127.0.0.1')).toBe(true);
    if (port !== 3000) expect(note).toMatch(new RegExp(`using ${port === 0 ? 'a free port' : port}`));
  });
});
