// The ours-column's store pieces from the built package: schemas, endpoints, a client.
import { defineSchemas } from '../anchors/schemas.mjs';
import { need } from './ours.mjs';

/** `{ m, s, ep, client() }`, or `{ reason }` when the built package cannot serve the store cases yet. */
export async function oursStore() {
  const m = await need('Entity', 'RestEndpoint', 'createDataClient');
  if (typeof m === 'string') return { reason: m };
  try {
    const s = defineSchemas(m.Entity, { pkMethod: true });
    const ep = {
      projects: new m.RestEndpoint({ path: '/projects', schema: s.ProjectSchema }),
      article: new m.RestEndpoint({ path: '/articles/:id', schema: s.Article }),
      page: new m.RestEndpoint({ path: '/pages/:page', schema: [s.Article] }),
    };
    return { m, s, ep, client: () => m.createDataClient() };
  } catch (error) {
    return { reason: `setup throws: ${String(error.message).split('\n')[0].slice(0, 80)}` };
  }
}

/** Runs `fn` once; an engine that throws or returns a wrong value becomes n/a with the reason. */
export function checked(name, fn, check, extra = {}) {
  try {
    const v = fn(extra.param?.());
    if (check && !check(v)) return { name, reason: 'wrong result' };
    return { name, fn, ...extra };
  } catch (error) {
    return { name, reason: `throws: ${String(error.message).split('\n')[0].slice(0, 80)}` };
  }
}
