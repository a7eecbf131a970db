import { createServer } from 'node:net';

/** Whether `port` on `host` can be listened on right now. */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise(resolve => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The port `npm start` listens on. An explicit `PORT` that is taken is an error that says what to do
 * (nothing is built first, so the user is not kept waiting); with no `PORT`, the first free port from
 * 3000 on (up to 3019) is used, and the caller prints it.
 * @example const { port, note } = await choosePort(process.env.PORT, '127.0.0.1');
 */
export async function choosePort(envPort: string | undefined, host: string): Promise<{ port: number; note?: string }> {
  if (envPort !== undefined && envPort !== '') {
    const port = Number(envPort);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new TypeError(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(envPort)}`);
    }
    if (port !== 0 && !(await isPortFree(port, host))) {
      throw new Error(`Port ${port} on ${host} is already in use (another playground or server?). Stop it, or pick another port: PORT=${port + 1} npm start (PORT=0 picks any free one).`);
    }
    return { port };
  }
  for (let port = 3000; port < 3020; port++) {
    if (await isPortFree(port, host)) {
      return port === 3000 ? { port } : { port, note: `Port 3000 is in use; using ${port} (set PORT to choose).` };
    }
  }
  return { port: 0, note: 'Ports 3000-3019 are in use; using a free port (set PORT to choose).' };
}
