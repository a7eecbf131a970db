// A state serialized into a page for hydration cannot close its <script> element or break the
// script, and it reads back as the same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, Entity, ImmortalGCPolicy, resource, serializeState } from '../../src/core/index.js';
import { createTestServer, type TestServer } from '../server/createTestServer.js';

class Note extends Entity {
  id = 0;
  text = '';
  static override key = 'Note';
}

const NASTY = [
  '</script><script>alert(1)</script>',
  '</SCRIPT >',
  '<!--<script>',
  ']]>',
  'a\u2028b\u2029c',
  '&lt; &amp; <b>',
  '"quotes" and \\backslashes\\',
  '\u0000\u001f',
  '😀 é',
];

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  server.route('GET', '/notes', () => NASTY.map((text, i) => ({ id: i, text, [`<key ${i}>`]: '</script>' })));
});
afterAll(() => server.close());

async function stateWithNasties() {
  const client = createDataClient({ gcPolicy: new ImmortalGCPolicy() });
  const Notes = resource({ urlPrefix: server.url, path: '/notes/:id', schema: Note });
  await client.controller.fetch(Notes.getList);
  const state = client.controller.getState();
  client.destroy();
  return { state, Notes };
}

describe('serializeState', () => {
  it('escapes < > & U+2028 U+2029, so nothing can end the script element', async () => {
    const { state } = await stateWithNasties();
    const json = serializeState(state);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    const page = `<script>window.__STATE__ = ${json};</script>`;
    expect(page.toLowerCase().indexOf('</script')).toBe(page.length - '</script>'.length);
    expect(page).not.toContain('<!--');
  });

  it('round-trips through JSON.parse and as a JavaScript literal', async () => {
    const { state } = await stateWithNasties();
    const json = serializeState(state);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(state)));
    expect(new Function(`return ${json};`)()).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('a client hydrated from it shows the same data', async () => {
    const { state, Notes } = await stateWithNasties();
    const second = createDataClient({ gcPolicy: new ImmortalGCPolicy(), initialState: JSON.parse(serializeState(state)) });
    try {
      const notes = second.controller.getResponse(Notes.getList).data as Note[];
      expect(notes.map(n => n.text)).toEqual(NASTY);
      expect(JSON.stringify(second.controller.getState())).toBe(JSON.stringify(state));
    } finally {
      second.destroy();
    }
  });

  it('keeps __proto__ keys as data', () => {
    const state = JSON.parse('{"entities": {"__proto__": {"1": {"polluted": "<x>"}}}, "indexes": {}, "endpoints": {}, "meta": {}, "entitiesMeta": {}}');
    const json = serializeState(state);
    expect(json).toBe('{"entities":{"__proto__":{"1":{"polluted":"\\u003cx\\u003e"}}},"indexes":{},"endpoints":{},"meta":{},"entitiesMeta":{}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a value JSON cannot hold is a TypeError naming the problem', () => {
    const state = { entities: { X: { '1': { n: 1n } } }, indexes: {}, endpoints: {}, meta: {}, entitiesMeta: {} };
    expect(() => serializeState(state as never)).toThrow(/serializeState: the state cannot be written as JSON \(.*BigInt/);
  });
});
