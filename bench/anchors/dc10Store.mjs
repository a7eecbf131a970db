// A running @data-client/core 0.10 store without React: a Controller whose dispatch runs the
// library's own reducer, as its provider would. Endpoints are plain objects with `key` and
// `schema` (core 0.10 needs nothing else of them for setResponse / getResponse).
import { Controller, createReducer, initialState } from '@data-client/core';

/** A controller + reducer pair holding its state in a closure. */
export function dc10Store(start = initialState) {
  let state = start;
  const controller = new Controller({ getState: () => state });
  const reducer = createReducer(controller);
  controller.dispatch = action => {
    state = reducer(state, action);
    return Promise.resolve();
  };
  return {
    controller,
    get state() { return state; },
    set state(next) { state = next; },
  };
}

/** An endpoint object the 0.10 controller accepts. */
export function endpoint10(name, schema) {
  return { name, schema, dataExpiryLength: 60_000, key: (...args) => `${name} ${JSON.stringify(args)}` };
}
