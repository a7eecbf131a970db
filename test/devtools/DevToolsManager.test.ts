// DevToolsManager against a stand-in for the Redux DevTools extension that records every call:
// the real extension is a browser add-on and cannot be loaded in these tests. The stand-in has
// the extension's connection API (connect → init / send / subscribe) and plays its monitor's
// START / STOP / RESET messages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient, getDefaultManagers, ImmortalGCPolicy, type DataClient } from '../../src/core/index.js';
import { DevToolsManager, type ReduxDevToolsConnection, type ReduxDevToolsExtension } from '../../src/devtools/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, startServer } from '../client/fixtures.js';

interface Recorder extends ReduxDevToolsExtension {
  readonly connects: unknown[];
  readonly inits: unknown[];
  readonly sent: { action: { type: string } & Record<string, unknown>; state: unknown }[];
  monitor(type: string, payload?: { type?: string }): void;
  unsubscribed: boolean;
}

function standIn(): Recorder {
  let listener: Parameters<ReduxDevToolsConnection['subscribe']>[0] | undefined;
  const rec: Recorder = {
    connects: [],
    inits: [],
    sent: [],
    unsubscribed: false,
    monitor: (type, payload) => listener?.({ type, payload }),
    connect(options) {
      rec.connects.push(options);
      return {
        init: state => void rec.inits.push(JSON.parse(JSON.stringify(state))),
        send: (action, state) => void rec.sent.push({ action, state: JSON.parse(JSON.stringify(state)) }),
        subscribe: fn => {
          listener = fn;
          return () => {
            rec.unsubscribed = true;
            listener = undefined;
          };
        },
      };
    },
  };
  return rec;
}

let server: TestServer;
let ep: ReturnType<typeof api>;
let client: DataClient | undefined;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
});
afterEach(async () => {
  client?.destroy();
  client = undefined;
  delete (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__;
  await server.close();
});

const make = (manager: DevToolsManager) =>
  (client = createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [...getDefaultManagers(), manager] }));

describe('DevToolsManager', () => {
  it('connects to window.__REDUX_DEVTOOLS_EXTENSION__, buffers until the monitor starts, then sends each action with the state after it', async () => {
    const ext = standIn();
    (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__ = ext;
    const manager = new DevToolsManager({ name: 'tests' });
    make(manager);
    expect(manager.connected).toBe(true);
    expect(ext.connects).toEqual([expect.objectContaining({ name: 'tests' })]);
    expect(ext.inits).toEqual([expect.objectContaining({ entities: {}, optimistic: [] })]);
    await client!.controller.fetch(ep.getUsers);
    expect(ext.sent).toEqual([]);
    ext.monitor('START');
    expect(ext.sent).toHaveLength(1);
    const [first] = ext.sent;
    expect(first!.action).toEqual({ type: 'setResponse', keys: [ep.getUsers.key()], entities: { User: ['1', '2', '3'] } });
    expect(first!.state).toMatchObject({ entities: { User: { 1: { id: 1, name: 'Ann' } } }, endpoints: { [ep.getUsers.key()]: ['1', '2', '3'] } });
    await client!.controller.invalidate(ep.getUser, { id: 1 });
    expect(ext.sent[1]!.action).toEqual({ type: 'invalidate', keys: [ep.getUser.key({ id: 1 })], entities: {} });
    ext.monitor('STOP');
    await client!.controller.expireAll({ testKey: () => true });
    expect(ext.sent).toHaveLength(2);
  });

  it('sends a summary (counts and the changed keys) instead of the state above maxStateEntries', async () => {
    const ext = standIn();
    make(new DevToolsManager({ extension: ext, maxStateEntries: 2 }));
    ext.monitor('START');
    await client!.controller.fetch(ep.getUsers);
    expect(ext.sent[0]!.state).toEqual({
      summary: true,
      entities: { User: 3 },
      results: 1,
      optimistic: [],
      changed: { type: 'setResponse', keys: [ep.getUsers.key()], entities: { User: ['1', '2', '3'] } },
    });
  });

  it("resets the store on the monitor's RESET, and stops listening on destroy", async () => {
    const ext = standIn();
    make(new DevToolsManager({ extension: ext }));
    await client!.controller.fetch(ep.getUsers);
    ext.monitor('DISPATCH', { type: 'RESET' });
    expect(client!.stats().entities).toBe(0);
    client!.destroy();
    expect(ext.unsubscribed).toBe(true);
  });

  it('does nothing without the extension, nor in a production build unless enableInProduction', async () => {
    const none = new DevToolsManager();
    make(none);
    await client!.controller.fetch(ep.getUsers);
    expect(none.connected).toBe(false);
    client!.destroy();

    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const ext = standIn();
      const prod = new DevToolsManager({ extension: ext });
      make(prod);
      expect(prod.connected).toBe(false);
      expect(ext.connects).toEqual([]);
      client!.destroy();
      const asked = new DevToolsManager({ extension: ext, enableInProduction: true });
      make(asked);
      expect(asked.connected).toBe(true);
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('skips the actions skipLogging names', async () => {
    const ext = standIn();
    make(new DevToolsManager({ extension: ext, skipLogging: a => a.type === 'setResponse' }));
    ext.monitor('START');
    await client!.controller.fetch(ep.getUsers);
    await client!.controller.expireAll({ testKey: () => true });
    expect(ext.sent.map(s => s.action.type)).toEqual(['expireAll']);
  });
});
