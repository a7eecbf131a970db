// A malformed `initialState` (a page's serialized state that was cut, edited or is not a state at
// all) is refused with a TypeError naming the option, never a crash inside the store; a state
// with hostile keys hydrates as data.
import { describe, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy } from '../../src/core/index.js';
import { expectNoPollution, protoKeys } from './pollution.js';

const make = (initialState: unknown) => createDataClient({ gcPolicy: new ImmortalGCPolicy(), initialState: initialState as never });

describe('initialState', () => {
  for (const bad of [null, 5, 'state', [], true]) {
    it(`${JSON.stringify(bad)} is a TypeError naming initialState`, () => {
      expect(() => make(bad)).toThrow(TypeError);
      expect(() => make(bad)).toThrow(/initialState/);
    });
  }

  for (const bad of [
    { meta: { 'GET /x': null } },
    { meta: { 'GET /x': 5 } },
    { entities: { User: 5 } },
    { entitiesMeta: { User: { 1: null } }, entities: { User: { 1: { id: 1 } } } },
  ]) {
    it(`${JSON.stringify(bad)} is refused with a TypeError naming initialState, or ignored`, () => {
      let client;
      try {
        client = make(bad);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        expect((error as Error).message).toMatch(/initialState/);
        return;
      }
      expect(() => JSON.stringify(client.controller.getState())).not.toThrow();
      client.destroy();
    });
  }

  it('hostile keys in a hydrated state are data', () => {
    const before = protoKeys();
    const state = JSON.parse(
      '{"entities":{"__proto__":{"constructor":{"polluted":true}}},"indexes":{},"endpoints":{"__proto__":"constructor"},"meta":{"__proto__":{"date":1,"fetchedAt":1,"expiresAt":9e15}},"entitiesMeta":{}}',
    );
    const client = make(state);
    const out = client.controller.getState();
    expect(Object.getOwnPropertyDescriptor(out.entities, '__proto__')!.value).toEqual({ constructor: { polluted: true } });
    expect(Object.getOwnPropertyDescriptor(out.endpoints, '__proto__')!.value).toBe('constructor');
    client.destroy();
    expectNoPollution(before);
  });
});
