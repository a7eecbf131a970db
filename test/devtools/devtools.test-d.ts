// Types of the devtools entry and the Vue plugin's `devtools` option.
import { createApp } from 'vue';
import { describe, expectTypeOf, it } from 'vitest';
import { createDataClient, inspectStore, type EntityInspection, type ResultInspection, type StoreAction } from '../../src/core/index.js';
import { DataClientPlugin } from '../../src/adapters/vue/index.js';
import { DevToolsManager, mountDevtools, type ActionSummary, type MountDevtoolsOptions } from '../../src/devtools/index.js';

const client = createDataClient();

describe('devtools types', () => {
  it('mountDevtools takes a client and options and returns unmount()', () => {
    expectTypeOf(mountDevtools(client)).toEqualTypeOf<() => void>();
    expectTypeOf(mountDevtools(client, { target: document.body, initialIsOpen: true, timelineLength: 50 })).toEqualTypeOf<() => void>();
    expectTypeOf<MountDevtoolsOptions['initialIsOpen']>().toEqualTypeOf<boolean | undefined>();
    // @ts-expect-error target must be an element
    mountDevtools(client, { target: '#panel' });
    // @ts-expect-error a client is required
    mountDevtools({});
  });

  it('DevToolsManager is a Manager with typed options', () => {
    createDataClient({ managers: [new DevToolsManager({ name: 'app', maxStateEntries: 100, skipLogging: (a: StoreAction) => a.type === 'gc' })] });
    expectTypeOf(new DevToolsManager().connected).toEqualTypeOf<boolean>();
    // @ts-expect-error maxStateEntries is a number
    new DevToolsManager({ maxStateEntries: 'many' });
  });

  it('inspectStore gives typed rows', () => {
    const inspector = inspectStore(client.controller);
    expectTypeOf(inspector.entities()).toEqualTypeOf<EntityInspection[]>();
    expectTypeOf(inspector.results()[0]!.status).toEqualTypeOf<'fresh' | 'stale' | 'invalid'>();
    expectTypeOf<ResultInspection['error']>().toEqualTypeOf<Error | undefined>();
    expectTypeOf(inspector.entities()[0]!.watchers).toEqualTypeOf<number>();
    expectTypeOf(inspector.listen).parameter(0).toEqualTypeOf<(action: StoreAction) => void>();
    expectTypeOf<ActionSummary['type']>().toEqualTypeOf<StoreAction['type']>();
  });

  it('DataClientPlugin accepts devtools: boolean', () => {
    createApp({}).use(DataClientPlugin, { client, devtools: true });
    // @ts-expect-error devtools is a boolean
    createApp({}).use(DataClientPlugin, { client, devtools: 'yes' });
  });
});
