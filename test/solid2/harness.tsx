// Test harness of the Solid 2 adapter specs: real components rendered with @solidjs/web into a
// jsdom container, under a DataProvider for the spec's client.
import type { Element } from 'solid-js';
import { render } from '@solidjs/web';
import { DataProvider } from '../../src/adapters/solid2/index.js';
import type { DataClient } from '../adapters/solid/fixtures.js';
import { tick } from '../adapters/solid/fixtures.js';

export interface Mounted {
  readonly root: HTMLElement;
  /** The rendered text, whitespace collapsed. */
  text(): string;
  unmount(): void;
}

/** Renders `view` under a `DataProvider` for `client` into a fresh container in the document. */
export function mount(view: () => Element, client: DataClient): Mounted {
  const root = document.createElement('div');
  document.body.appendChild(root);
  const dispose = render(() => <DataProvider client={client}>{view()}</DataProvider>, root);
  return {
    root,
    text: () => (root.textContent ?? '').replace(/\s+/g, ' ').trim(),
    unmount() {
      dispose();
      root.remove();
    },
  };
}

/** Resolves once `check()` holds, letting Solid flush in between (fails after `timeout` ms). */
export async function until(check: () => boolean, timeout = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error(`condition not met within ${timeout} ms: ${check.toString()}`);
    await tick(5);
  }
}
