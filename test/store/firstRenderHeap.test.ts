// What a long list costs in the heap once it is written and shown: the store's values plus
// everything the first watched read keeps (entity instances, their memo entries, signals, the
// list's range cells). The bound is per listed entity and sits below what the store kept before
// the memo stopped retaining the growth slack of its arrays (about 800 B per article under
// Node 20); it guards that no per-entity structure of the read path grows back.
import { effect } from '@preact/signals-core';
import { afterEach, expect, it } from 'vitest';
import { RestEndpoint, type DataClient } from '../../src/core/index.js';
import { makeClient, Post } from '../client/fixtures.js';
import { settledDataHeap } from '../leaks/measure.js';

const N = 10_000;
/** Retained bytes per article (with a tenth of an author each) after the write and the first watched read. */
const BYTES_PER_ARTICLE = 720;

const getPosts = new RestEndpoint({ path: '/posts', schema: [Post] });

let client: DataClient | undefined;
afterEach(() => client?.destroy());

function posts(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `Post ${i + 1}`, author: { id: Math.floor(i / 10) + 1, name: `User ${Math.floor(i / 10) + 1}`, count: 0 } }));
}

it(`a shown list of ${N.toLocaleString('en-US')} articles keeps under ${BYTES_PER_ARTICLE} B per article`, async () => {
  // warm the code paths and module-level caches before the baseline
  const warm = makeClient();
  await warm.controller.setResponse(getPosts, {}, posts(100));
  const warmView = warm.cache(getPosts);
  effect(() => void warmView.value)();
  warm.destroy();

  const reply = posts(N);
  const before = await settledDataHeap();
  client = makeClient();
  await client.controller.setResponse(getPosts, {}, reply);
  const view = client.cache(getPosts);
  let shown = 0;
  const stop = effect(() => void (shown = view.value?.length ?? 0));
  // the reply is the caller's: only what the store made from it counts
  reply.length = 0;
  const after = await settledDataHeap();
  expect(shown).toBe(N);
  const perArticle = (after - before) / N;
  stop();
  expect(perArticle).toBeGreaterThan(0);
  expect(perArticle).toBeLessThan(BYTES_PER_ARTICLE);
});
