// Under Solid 1.9 (this project's solid-js), `DataProvider` takes `DataProviderProps` exactly: the
// message its declarations give a Solid 2 app (test/fresh/docs checks it in one) costs a Solid 1.9
// app nothing.
import { expectTypeOf, test } from 'vitest';
import { DataProvider, type DataProviderProps } from '../../../src/adapters/solid/index.js';

test('DataProvider takes DataProviderProps under Solid 1.9', () => {
  expectTypeOf<Parameters<typeof DataProvider>[0]>().toEqualTypeOf<DataProviderProps>();
  expectTypeOf(DataProvider).toBeCallableWith({ gcPolicy: undefined });
  // @ts-expect-error an unknown prop is still refused
  DataProvider({ unknownProp: 1 });
});
