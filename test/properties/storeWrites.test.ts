// Property: writing the same reply into a store again changes nothing: the committed state is the
// same, and a view keeps showing the very same objects (an entity that did not change keeps its
// object, nested lists and plain fields included), so keyed lists re-render nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDataClient, ImmortalGCPolicy, RestEndpoint } from '../../src/core/index.js';
import { Page, pageReply } from './graphs.js';

const SEED = 0x5eed;

describe('store writes', () => {
  it('writing the same reply into a store twice changes nothing: same state, same objects in a view', () => {
    const client = createDataClient({ gcPolicy: new ImmortalGCPolicy(), managers: [] });
    const page = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/page/:n', schema: Page });
    let n = 0;
    fc.assert(
      fc.property(pageReply, reply => {
        const args = { n: ++n };
        void client.controller.setResponse(page, args, reply);
        const state = JSON.stringify(client.controller.getState().entities);
        const view = client.cache(page, args);
        const stop = view.subscribe(() => {});
        const shown = view.value;
        void client.controller.setResponse(page, args, structuredClone(reply));
        expect(JSON.stringify(client.controller.getState().entities)).toBe(state);
        expect(view.value).toBe(shown);
        stop();
      }),
      { seed: SEED, numRuns: 500 },
    );
    client.destroy();
  });
});
