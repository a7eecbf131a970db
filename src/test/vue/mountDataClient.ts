import { mount, type VueWrapper } from '@vue/test-utils';
import { defineComponent, h, isReactive, reactive, Suspense, type App, type Component } from 'vue';
import type { AnyEndpoint, Controller } from '../../core/index.js';
import { DataClientPlugin } from '../../adapters/vue/index.js';
import { createMockClient, type MockClientOptions, type MockDataClient } from '../index.js';

/**
 * Options of `mountDataClient`: the mock client's, the component's `props` and an optional `wrapper`.
 *
 * @example
 * const props = reactive({ id: 1 });
 * mountDataClient(TodoDetail, { props, resolverFixtures });
 * props.id = 2; // the component follows
 */
export interface MountDataClientOptions<
  P extends Record<string, unknown> = Record<string, unknown>,
  I extends readonly AnyEndpoint[] = readonly AnyEndpoint[],
  R extends readonly AnyEndpoint[] = readonly AnyEndpoint[],
  T = any,
> extends MockClientOptions<I, R, T> {
  /**
   * The component's props; a `reactive()` object stays live.
   * @default {}
   */
  readonly props?: P;
  /** A component rendered around the component under test (e.g. an error boundary); it renders its default slot. */
  readonly wrapper?: Component;
  /**
   * Mount into this element (`attachTo` of Vue Test Utils), e.g. to test focus.
   * @default detached
   */
  readonly attachTo?: Element | string;
}

/**
 * What `mountDataClient` returns, as `@data-client/vue`'s.
 *
 * @example
 * const { wrapper, controller, cleanup, allSettled } = mountDataClient(TodoList, { resolverFixtures });
 */
export interface MountDataClientResult {
  readonly wrapper: VueWrapper;
  readonly controller: Controller;
  readonly app: App;
  /** The mock client itself (its signals and `stats()`). */
  readonly client: MockDataClient;
  /** Unmounts the component and destroys the client (idempotent). */
  cleanup(): void;
  /** Settles when no request of the client is in flight; resolves to their outcomes, never rejects. */
  allSettled(): Promise<PromiseSettledResult<unknown>[]>;
}

/**
 * Mounts `component` under `<Suspense>` in an app whose `DataClientPlugin` provides
 * `createMockClient(options)`. Unmounting destroys the client.
 *
 * @example
 * const { wrapper, cleanup } = mountDataClient(TodoList, {
 *   resolverFixtures: [{ endpoint: TodoResource.getList, args: [], response: [{ id: 1, title: 'Write tests' }] }],
 * });
 * await vi.waitFor(() => expect(wrapper.text()).toContain('Write tests'));
 * cleanup();
 */
export function mountDataClient<
  P extends Record<string, unknown> = Record<string, unknown>,
  const I extends readonly AnyEndpoint[] = [],
  const R extends readonly AnyEndpoint[] = [],
  T = any,
>(component: Component, options: MountDataClientOptions<P, I, R, T> = {}): MountDataClientResult {
  if (component === null || (typeof component !== 'object' && typeof component !== 'function')) {
    throw new TypeError(`mountDataClient: component must be a Vue component, got ${component === null ? 'null' : typeof component}`);
  }
  const { props: given, wrapper: Outer, attachTo, ...clientOptions } = options;
  const props = given !== undefined && isReactive(given) ? given : reactive({ ...(given ?? {}) });
  const client = createMockClient(clientOptions);
  let app: App | undefined;
  const Root = defineComponent({
    name: 'DataClientTestRoot',
    setup() {
      return () =>
        h(Suspense, null, {
          default: () => (Outer ? h(Outer, null, { default: () => h(component, props) }) : h(component, props)),
          fallback: () => h('div', { 'data-testid': 'suspense-fallback' }, 'Loading...'),
        });
    },
  });
  let wrapper: VueWrapper;
  try {
    wrapper = mount(Root, {
      ...(attachTo !== undefined ? { attachTo } : {}),
      global: {
        plugins: [
          {
            install(a: App) {
              app = a;
              a.use(DataClientPlugin, { client });
              a.onUnmount(() => client.destroy());
            },
          },
        ],
      },
    });
  } catch (error) {
    client.destroy();
    throw error;
  }
  let cleaned = false;
  return {
    wrapper,
    controller: client.controller,
    app: app!,
    client,
    cleanup() {
      if (cleaned) return;
      cleaned = true;
      wrapper.unmount();
      client.destroy();
    },
    allSettled: () => client.allSettled(),
  };
}
