import type { ReadonlySignal } from '@preact/signals-core';
import type { Accessor } from 'solid-js';
import type { ComputedRef } from 'vue';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createDataClient,
  indexedDBStorage,
  isRestoring,
  localStorageStorage,
  OnlineManager,
  persist,
  type ClientStats,
  type Persistence,
  type PersistOptions,
  type PersistStorage,
  type PausedMutationInfo,
} from '../../src/core/index.js';
import { useIsRestoring as useIsRestoringSolid } from '../../src/adapters/solid/index.js';
import { useIsRestoring as useIsRestoringVue } from '../../src/adapters/vue/index.js';
import { makeUsers } from './fixtures.js';

const client = createDataClient();
const R = makeUsers('http://localhost');

describe('persistence types', () => {
  it('persist takes a client and options, returns { restored, flush, stop }', () => {
    const p = persist(client, { storage: localStorageStorage('app:'), key: 'k', maxAge: 1000, buster: 'v2', throttleMs: 500, resources: [R] });
    expectTypeOf(p).toEqualTypeOf<Persistence>();
    expectTypeOf(p.restored).toEqualTypeOf<Promise<void>>();
    expectTypeOf(p.flush).toEqualTypeOf<() => Promise<void>>();
    expectTypeOf(p.stop).toEqualTypeOf<() => void>();
    persist(client, { storage: indexedDBStorage(), resources: { tasks: R } });
    // @ts-expect-error storage is required
    persist(client, {});
    // @ts-expect-error maxAge is ms
    persist(client, { storage: indexedDBStorage(), maxAge: '1d' });
    // @ts-expect-error buster is a string
    persist(client, { storage: indexedDBStorage(), buster: 2 });
  });

  it('onMutationError gets the error and the restored mutation; OnlineManager takes a probeDelay', () => {
    persist(client, {
      storage: indexedDBStorage(),
      resources: [R],
      onMutationError(error, mutation) {
        expectTypeOf(error).toEqualTypeOf<Error>();
        expectTypeOf(mutation).toEqualTypeOf<PausedMutationInfo>();
        expectTypeOf(mutation.endpoint).toEqualTypeOf<string>();
        expectTypeOf(mutation.args).toEqualTypeOf<readonly unknown[]>();
      },
    });
    expectTypeOf<PersistOptions['onMutationError']>().toEqualTypeOf<((error: Error, mutation: PausedMutationInfo) => void) | undefined>();
    // @ts-expect-error a callback, not a flag
    persist(client, { storage: indexedDBStorage(), onMutationError: true });
    new OnlineManager({ probeDelay: attempt => 1000 * 2 ** attempt });
    // @ts-expect-error ms from the attempt number
    new OnlineManager({ probeDelay: 1000 });
  });

  it('any sync or async { getItem, setItem, removeItem } is a storage', () => {
    const sync: PersistStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
    const async: PersistStorage = { getItem: async () => 'x', setItem: async () => {}, removeItem: async () => {} };
    expectTypeOf(sync).toMatchTypeOf<PersistOptions['storage']>();
    expectTypeOf(async).toMatchTypeOf<PersistOptions['storage']>();
    // @ts-expect-error values are strings
    const bad: PersistStorage = { getItem: () => 1, setItem: () => {}, removeItem: () => {} };
    void bad;
  });

  it('offline: stats().paused, OnlineManager.setOnline, isRestoring', () => {
    expectTypeOf<ClientStats['paused']>().toEqualTypeOf<number>();
    const online = new OnlineManager({ isOnline: () => true });
    expectTypeOf(online.setOnline).parameters.toEqualTypeOf<[online: boolean]>();
    expectTypeOf(online.isOnline()).toEqualTypeOf<boolean>();
    expectTypeOf(isRestoring(client)).toEqualTypeOf<ReadonlySignal<boolean>>();
    expectTypeOf(useIsRestoringSolid).returns.toEqualTypeOf<Accessor<boolean>>();
    expectTypeOf(useIsRestoringVue).returns.toEqualTypeOf<ComputedRef<boolean>>();
  });
});
