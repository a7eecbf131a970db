// data-client's Manager types: a manager written against @data-client/core 0.18 compiles here.
import { describe, expectTypeOf, it } from 'vitest';
import {
  actionTypes,
  Entity,
  RestEndpoint,
  type ActionTypes,
  type Controller,
  type Dispatch,
  type FetchAction,
  type Manager,
  type Middleware,
  type SetResponseAction,
} from '../../src/core/index.js';

class Ticker extends Entity {
  product_id = '';
  price = 0;
  override pk() {
    return this.product_id;
  }
  static override key = 'Ticker';
}

describe('Manager and Middleware', () => {
  it('narrow the action by its type', () => {
    const mw: Middleware = controller => next => async action => {
      expectTypeOf(controller).toEqualTypeOf<Controller>();
      expectTypeOf(next).toEqualTypeOf<Dispatch<ActionTypes>>();
      if (action.type === actionTypes.FETCH) {
        expectTypeOf(action).toEqualTypeOf<FetchAction>();
        expectTypeOf(action.meta.promise).toEqualTypeOf<Promise<unknown>>();
      }
      if (action.type === actionTypes.SET_RESPONSE) {
        expectTypeOf(action).toEqualTypeOf<SetResponseAction>();
        if (action.error) expectTypeOf(action.response).toEqualTypeOf<Error>();
      }
      // @ts-expect-error no such action type
      if (action.type === 'rdc/nothing') return;
      return next(action);
    };
    expectTypeOf(mw).toMatchTypeOf<Manager['middleware']>();
  });

  it('accept a class with middleware and cleanup, as data-client’s guide writes it', () => {
    class StreamManager implements Manager {
      protected declare websocket: { send(data: string): void };
      middleware: Middleware = controller => {
        this.websocket = { send: () => {} };
        void controller.set(Ticker, { product_id: 'BTC-USD' }, { product_id: 'BTC-USD', price: 1 });
        return next => async action => {
          if (action.type === actionTypes.SUBSCRIBE && action.endpoint.schema === Ticker) {
            this.websocket.send(JSON.stringify({ type: 'subscribe', product_ids: [action.args[0]?.product_id] }));
            return Promise.resolve();
          }
          return next(action);
        };
      };
      cleanup() {}
    }
    expectTypeOf<StreamManager>().toMatchTypeOf<Manager>();
    const getTicker = new RestEndpoint({ path: '/ticker/:product_id', schema: Ticker });
    expectTypeOf(getTicker.key({ product_id: 'x' })).toBeString();
  });
});
