// Test harness of the Solid adapter specs: each spec gets its own client and a render helper.
import { render } from '@solidjs/testing-library';
import type { JSX } from 'solid-js';
import { createDataClient } from '../../../src/core/index.js';
import { DataProvider } from '../../../src/adapters/solid/index.js';
import type { DataClient } from './fixtures.js';

/** Renders `view` under a `DataProvider` for `client` (a new client when none is given). */
export function renderWith(view: () => JSX.Element, client: DataClient = createDataClient()) {
  const result = render(() => <DataProvider client={client}>{view()}</DataProvider>);
  return { ...result, client };
}
