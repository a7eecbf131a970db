// data-client 0.18 managers (`middleware` over its action shapes) run unchanged: the examples of
// its Manager guide, a manager that consumes actions, the managers' order, `getMiddleware`, `init`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  actionTypes,
  Entity,
  getDefaultManagers,
  type ActionTypes,
  type DataClient,
  type Manager,
  type Middleware,
  type State,
} from '../../src/core/index.js';
import type { TestServer } from '../server/createTestServer.js';
import { api, makeClient, startServer } from '../client/fixtures.js';

let server: TestServer;
let client: DataClient | undefined;
let ep: ReturnType<typeof api>;

beforeEach(async () => {
  server = await startServer();
  ep = api(server.url);
});
afterEach(async () => {
  client?.destroy();
  client = undefined;
  vi.useRealTimers();
  await server.close();
});

/** Records the type of every action it sees, then passes it on. */
class Recorder implements Manager {
  readonly seen: ActionTypes[] = [];
  middleware: Middleware = () => next => action => {
    this.seen.push(action);
    return next(action);
  };
  cleanup() {}
  types() {
    return this.seen.map(a => a.type);
  }
}

class CurrentTime extends Entity {
  id = 0;
  time = 0;
  static override key = 'CurrentTime';
}

describe('a data-client Manager', () => {
  it('gets the controller once, can write from its middleware setup, and is cleaned up on destroy (the guide’s TimeManager)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    class TimeManager implements Manager {
      protected declare intervalID?: ReturnType<typeof setInterval>;
      calls = 0;
      middleware: Middleware = controller => {
        this.calls++;
        this.intervalID = setInterval(() => {
          void controller.set(CurrentTime, { id: 1 }, { id: 1, time: 1234 });
        }, 1000);
        return next => async action => next(action);
      };
      cleanup() {
        clearInterval(this.intervalID);
      }
    }
    const time = new TimeManager();
    client = makeClient({ managers: [...getDefaultManagers(), time] });
    expect(time.calls).toBe(1);
    expect(client.controller.get(CurrentTime, { id: 1 })).toBeUndefined();
    vi.advanceTimersByTime(1000);
    await Promise.resolve();
    expect(client.controller.get(CurrentTime, { id: 1 })?.time).toBe(1234);
    client.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sees a mutation’s SET_RESPONSE with its reply, and the merged data after `await next` (the guide’s LoggingManager)', async () => {
    const logged: unknown[] = [];
    class LoggingManager implements Manager {
      middleware: Middleware = controller => next => async action => {
        switch (action.type) {
          case actionTypes.SET_RESPONSE:
            if (action.endpoint.sideEffect) {
              logged.push(['reply', action.endpoint.name, action.response]);
              await next(action);
              const { data } = controller.getResponse(action.endpoint, ...action.args, controller.getState());
              logged.push(['data', data]);
              return;
            }
            return next(action);
          default:
            return next(action);
        }
      };
      cleanup() {}
    }
    client = makeClient({ managers: [new LoggingManager(), ...getDefaultManagers()] });
    const updated = await client.controller.fetch(ep.updateUser, { id: 1 }, { name: 'Ada' });
    expect(updated).toMatchObject({ id: 1, name: 'Ada' });
    expect(logged).toHaveLength(2);
    expect(logged[0]).toEqual(['reply', ep.updateUser.name, { id: 1, name: 'Ada', count: 0 }]);
    // the reply was committed before the manager read it back
    expect(client.controller.get(ep.getUser.schema, { id: 1 })?.name).toBe('Ada');
  });

  it('consumes SUBSCRIBE and UNSUBSCRIBE when it handles the endpoint, so no polling starts (the guide’s subscriptions manager)', async () => {
    const Polled = ep.getUser.extend({ pollFrequency: 50 });
    const channels: string[] = [];
    class CustomSubsManager implements Manager {
      middleware: Middleware = () => next => async action => {
        switch (action.type) {
          case actionTypes.SUBSCRIBE:
          case actionTypes.UNSUBSCRIBE:
            if (action.endpoint.schema === Polled.schema) {
              channels.push(`${action.type === actionTypes.SUBSCRIBE ? '+' : '-'}${(action.args[0] as { id: number }).id}`);
              return Promise.resolve();
            }
            return next(action);
          default:
            return next(action);
        }
      };
      cleanup() {}
    }
    client = makeClient({ managers: [new CustomSubsManager(), ...getDefaultManagers()] });
    await client.controller.subscribe(Polled, { id: 2 });
    expect(client.stats().subscriptions).toBe(0);
    await client.controller.unsubscribe(Polled, { id: 2 });
    expect(channels).toEqual(['+2', '-2']);
    // without it, the same call polls
    client.destroy();
    client = makeClient();
    await client.controller.subscribe(Polled, { id: 2 });
    expect(client.stats().subscriptions).toBe(1);
  });

  it('sees the actions of every Controller method in data-client’s shapes, in call order', async () => {
    const recorder = new Recorder();
    client = makeClient({ managers: [recorder, ...getDefaultManagers()] });
    const { controller } = client;
    await controller.fetch(ep.getUser, { id: 1 });
    await controller.setResponse(ep.getUser, { id: 2 }, { id: 2, name: 'Bo', count: 1 });
    await controller.setError(ep.getUser, { id: 3 }, new Error('nope'));
    await controller.invalidate(ep.getUser, { id: 1 });
    await controller.invalidateAll({ testKey: key => key.includes('/users/2') });
    await controller.expireAll({ testKey: () => false });
    await controller.set(ep.getUser.schema, { id: 9 }, { id: 9, name: 'Nine', count: 0 });
    await controller.resetEntireStore();
    expect(recorder.types()).toEqual([
      actionTypes.FETCH,
      actionTypes.SET_RESPONSE,
      actionTypes.SET_RESPONSE,
      actionTypes.SET_RESPONSE,
      actionTypes.INVALIDATE,
      actionTypes.INVALIDATEALL,
      actionTypes.EXPIREALL,
      actionTypes.SET,
      actionTypes.RESET,
    ]);
    const [fetch, reply, set, failed, invalidate] = recorder.seen;
    const key = ep.getUser.key({ id: 1 });
    expect(fetch).toMatchObject({ type: 'rdc/fetch', endpoint: ep.getUser, args: [{ id: 1 }], key });
    expect(reply).toMatchObject({ type: 'rdc/setresponse', endpoint: ep.getUser, key, response: { id: 1, name: 'Ann', count: 0 } });
    expect(set).toMatchObject({ response: { id: 2, name: 'Bo', count: 1 }, key: ep.getUser.key({ id: 2 }) });
    expect(failed).toMatchObject({ error: true, response: new Error('nope') });
    expect(invalidate).toEqual({ type: 'rdc/invalidate', key });
    expect(recorder.seen.at(-1)).toMatchObject({ type: 'rdc/reset', date: expect.any(Number) });
  });

  it('answers a FETCH itself when it comes before NetworkManager: nothing is requested, the caller gets its answer', async () => {
    class MockManager implements Manager {
      middleware: Middleware = controller => next => action => {
        if (action.type !== actionTypes.FETCH) return next(action);
        const response = { id: (action.args[0] as { id: number }).id, name: 'Mocked', count: 7 };
        return controller.setResponse(action.endpoint, ...action.args, response).then(() => action.meta.resolve(response));
      };
      cleanup() {}
    }
    client = makeClient({ managers: [new MockManager(), ...getDefaultManagers()] });
    await expect(client.controller.fetch(ep.getUser, { id: 5 })).resolves.toEqual({ id: 5, name: 'Mocked', count: 7 });
    expect(client.controller.getResponse(ep.getUser, { id: 5 }).data).toMatchObject({ name: 'Mocked' });
    expect(server.requests).toHaveLength(0);
  });

  it('runs getMiddleware() (data-client’s older form), then init(state) with the state, in the managers’ order', async () => {
    const order: string[] = [];
    const make = (name: string): Manager => ({
      getMiddleware: () => () => next => action => {
        order.push(`${name}:${action.type}`);
        return next(action);
      },
      init(state: State) {
        order.push(`${name}:init:${Object.keys(state.entities).length}`);
      },
      cleanup() {
        order.push(`${name}:cleanup`);
      },
    });
    client = makeClient({ managers: [make('a'), make('b'), ...getDefaultManagers()], initialState: undefined });
    await client.controller.invalidate(ep.getUser, { id: 1 });
    client.destroy();
    expect(order).toEqual(['a:init:0', 'b:init:0', 'a:rdc/invalidate', 'b:rdc/invalidate', 'a:cleanup', 'b:cleanup']);
  });

  it('a middleware that throws rejects the call and changes nothing', async () => {
    const broken: Manager = {
      middleware: () => next => action => {
        if (action.type === actionTypes.INVALIDATE) throw new Error('broken manager');
        return next(action);
      },
    };
    client = makeClient({ managers: [broken, ...getDefaultManagers()] });
    await client.controller.fetch(ep.getUser, { id: 1 });
    await expect(client.controller.invalidate(ep.getUser, { id: 1 })).rejects.toThrow('broken manager');
    expect(client.controller.getResponse(ep.getUser, { id: 1 }).data).toMatchObject({ name: 'Ann' });
  });

  it('a view’s data is written once a manager that waits before next passes the reply on; the view stays loading until then', async () => {
    let release!: () => void;
    const held = new Promise<void>(r => (release = r));
    const slow: Manager = {
      middleware: () => next => async action => {
        if (action.type === actionTypes.SET_RESPONSE) await held;
        return next(action);
      },
    };
    client = makeClient({ managers: [slow, ...getDefaultManagers()] });
    const view = client.dle(ep.getUser, { id: 1 });
    const states: boolean[] = [];
    const stop = view.subscribe(v => states.push(v.loading));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise(r => setTimeout(r, 30));
    expect(view.value).toMatchObject({ loading: true, data: undefined });
    release();
    await vi.waitFor(() => expect(view.value).toMatchObject({ loading: false, data: { name: 'Ann' } }));
    stop();
    // loading never fell before the data was there, and no second request left
    expect(states).toEqual([true, false]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('actionTypes', () => {
  it('has data-client 0.18’s values', () => {
    expect(actionTypes.FETCH).toBe('rdc/fetch');
    expect(actionTypes.SET_RESPONSE).toBe('rdc/setresponse');
    expect(actionTypes.SUBSCRIBE_TYPE).toBe(actionTypes.SUBSCRIBE);
    expect(Object.keys(actionTypes).sort()).toEqual(
      ['EXPIREALL', 'FETCH', 'GC', 'INVALIDATE', 'INVALIDATEALL', 'OPTIMISTIC', 'RESET', 'SET', 'SET_RESPONSE', 'SUBSCRIBE', 'UNSUBSCRIBE']
        .flatMap(n => [n, `${n}_TYPE`])
        .sort(),
    );
  });

});
