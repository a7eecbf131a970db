import { render } from '@solidjs/testing-library';
import { createComponent, onCleanup, Suspense, type JSX } from 'solid-js';
import type { AnyEndpoint, Controller } from '../../core/index.js';
import { DataProvider } from '../../adapters/solid/index.js';
import { createMockClient, type MockClientOptions, type MockDataClient } from '../index.js';

/**
 * Options of `renderDataClient`: the mock client's (`initialFixtures`, `resolverFixtures`,
 * `getInitialInterceptorData`, and the `createDataClient` options), plus where to render.
 *
 * @example
 * const options: RenderDataClientOptions = { resolverFixtures, fallback: <p>Loading…</p> };
 */
export interface RenderDataClientOptions<
  I extends readonly AnyEndpoint[] = readonly AnyEndpoint[],
  R extends readonly AnyEndpoint[] = readonly AnyEndpoint[],
  T = any,
> extends MockClientOptions<I, R, T> {
  /**
   * What shows while the component suspends and has no `<Suspense>` of its own.
   * @default <div data-testid="suspense-fallback">Loading...</div>
   */
  readonly fallback?: JSX.Element;
  /**
   * The element to render into (the testing library's `container`).
   * @default a new <div> appended to `document.body`
   */
  readonly container?: HTMLElement;
  /**
   * The parent of the container (the testing library's `baseElement`).
   * @default document.body
   */
  readonly baseElement?: HTMLElement;
}

/**
 * What `renderDataClient` returns: the testing library's `render` result (queries, `container`,
 * `unmount`, …) plus the mock client, its `controller`, and `allSettled()`.
 *
 * @example
 * const { getByText, controller, allSettled } = renderDataClient(() => <TodoList />, { resolverFixtures });
 */
export type RenderDataClientResult = ReturnType<typeof render> & {
  /** The controller of the client the component reads (`useController()` returns it too). */
  readonly controller: Controller;
  /** The mock client itself (its signals and `stats()`). */
  readonly client: MockDataClient;
  /** Settles when no request of the client is in flight; resolves to their outcomes, never rejects. */
  allSettled(): Promise<PromiseSettledResult<unknown>[]>;
};

/**
 * Renders `ui` (on `@solidjs/testing-library`) inside a `<DataProvider>` whose client is a
 * `createMockClient(options)`, under a `<Suspense>` with `options.fallback`. The component reads a
 * real store; its requests are answered by `resolverFixtures` after their delays. The client is
 * destroyed with the rendered tree (`unmount()`, or the testing library's cleanup after each test),
 * which aborts pending requests and leaves no watcher or timer behind.
 *
 * @example
 * const { findByText, controller } = renderDataClient(() => <TodoList />, {
 *   resolverFixtures: [{ endpoint: TodoResource.getList, args: [], response: [{ id: 1, title: 'Write tests' }] }],
 * });
 * await findByText('Write tests');
 */
export function renderDataClient<
  const I extends readonly AnyEndpoint[] = [],
  const R extends readonly AnyEndpoint[] = [],
  T = any,
>(ui: () => JSX.Element, options: RenderDataClientOptions<I, R, T> = {}): RenderDataClientResult {
  if (typeof ui !== 'function') throw new TypeError(`renderDataClient: ui must be a function returning JSX (() => <App />), got ${typeof ui}`);
  const { fallback, container, baseElement, ...clientOptions } = options;
  const client = createMockClient(clientOptions);
  const renderOptions: { container?: HTMLElement; baseElement?: HTMLElement } = {};
  if (container !== undefined) renderOptions.container = container;
  if (baseElement !== undefined) renderOptions.baseElement = baseElement;
  let result: ReturnType<typeof render>;
  try {
    result = render(() => {
      onCleanup(() => client.destroy());
      return createComponent(DataProvider, {
        client,
        get children() {
          return createComponent(Suspense, {
            get fallback() {
              return fallback !== undefined ? fallback : defaultFallback();
            },
            get children() {
              return ui();
            },
          });
        },
      });
    }, renderOptions);
  } catch (error) {
    client.destroy();
    throw error;
  }
  return Object.assign(result, { controller: client.controller, client, allSettled: () => client.allSettled() });
}

function defaultFallback(): JSX.Element {
  const div = document.createElement('div');
  div.setAttribute('data-testid', 'suspense-fallback');
  div.textContent = 'Loading...';
  return div;
}
