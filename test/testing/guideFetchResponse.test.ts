// The testing guide's (docs/guide/testing.md) fetchResponse / delayCollapse example, run as written
// (the block between the markers must appear in the guide verbatim), over the guide's vanilla resource.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Entity, resource } from '../../src/core/index.js';
import { createMockClient } from '../../src/test/index.js';

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'Todo';
}
const TodoResource = resource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo });

// ---- guide example ----
it('answers from the request the endpoint built, computed when the delay is over', async () => {
  const db = { title: 'Write tests', patches: 0 };
  const client = createMockClient({
    getInitialInterceptorData: () => db,
    resolverFixtures: [
      {
        endpoint: TodoResource.partialUpdate,
        // gets the URL and RequestInit the endpoint built; returns the body the server would send
        fetchResponse(input, init) {
          this.patches++;
          return { id: Number(input.split('/').pop()), title: `${this.title}: ${String(init.body)}` };
        },
        delay: 50,
        delayCollapse: true, // run when the delay is over, not when the call starts
      },
    ],
  });
  const saving = client.controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'x' });
  expect(db.patches).toBe(0);
  db.title = 'Renamed meanwhile';
  expect((await saving).title).toBe('Renamed meanwhile: {"title":"x"}');
  expect(db.patches).toBe(1);
  client.destroy();
});
// ---- end ----

it('docs/guide/testing.md shows this example verbatim', () => {
  const source = readFileSync('test/testing/guideFetchResponse.test.ts', 'utf8'); // vitest runs from the project root
  const example = source.split('// ---- guide example ----\n')[1]!.split('// ---- end ----')[0]!;
  expect(readFileSync('docs/guide/testing.md', 'utf8')).toContain(example);
});
