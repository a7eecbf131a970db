import { describe, expectTypeOf, it } from 'vitest';
import { RestEndpoint } from '../../src/core/rest/RestEndpoint.js';

describe('RestEndpoint content types', () => {
  it('each content resolves to the type it reads', () => {
    const path = '/files/:id' as const;
    expectTypeOf(new RestEndpoint({ path, content: 'blob' })({ id: 1 })).resolves.toEqualTypeOf<Blob>();
    expectTypeOf(new RestEndpoint({ path, content: 'text' }).fetch({ id: 1 })).resolves.toEqualTypeOf<string>();
    expectTypeOf(new RestEndpoint({ path, content: 'arrayBuffer' }).fetch({ id: 1 })).resolves.toEqualTypeOf<ArrayBuffer>();
    expectTypeOf(new RestEndpoint({ path, content: 'stream' }).fetch({ id: 1 })).resolves.toEqualTypeOf<ReadableStream<Uint8Array> | null>();
    expectTypeOf(new RestEndpoint({ path }).extend({ content: 'blob' }).fetch({ id: 1 })).resolves.toEqualTypeOf<Blob>();
  });

  it('content takes only the five readings', () => {
    // @ts-expect-error not a way to read a body
    new RestEndpoint({ path: '/files/:id', content: 'formData' });
  });
});
