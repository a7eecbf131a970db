// Model-based test against the real loopback server: random sequences of reads, writes (optimistic
// or not), invalidations, resets and watched views, under random delays, 500s, resets, malformed
// and held (out-of-order) replies, offline spells and lie-fi (online by word, every socket dropped);
// after each sequence settles, the invariants of invariants.ts.
// MODEL_RUNS (default 1000) and MODEL_SEED (default fixed) pick how many sequences and which;
// a failure prints the seed and the shrunk sequence.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../server/createTestServer.js';
import { boardCommands, commands, trainCommands } from './commands.js';
import { checkSettled } from './invariants.js';
import { openWorld, quiesce } from './world.js';

const runs = Number(process.env.MODEL_RUNS ?? 1000);
const seed = Number(process.env.MODEL_SEED ?? 120_012);

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

it(`${runs} seeded sequences (seed ${seed}) end with the client equal to the server`, async () => {
  const property = fc.asyncProperty(fc.commands(commands, { maxCommands: 7 }), async cmds => {
    const world = openWorld(server);
    try {
      await fc.asyncModelRun(() => ({ model: {}, real: world }), cmds);
      await quiesce(world);
      await checkSettled(world);
    } finally {
      for (const v of world.views.splice(0)) v.stop();
      world.client.destroy();
      world.tab.destroy();
    }
  });
  const result = await fc.check(property, { numRuns: runs, seed, includeErrorInReport: true });
  if (result.failed) {
    expect.fail(`model-based test failed (MODEL_SEED=${seed}):\n${fc.defaultReportMessage(result) ?? ''}`);
  }
}, 600_000);

const boardRuns = Number(process.env.MODEL_BOARD_RUNS ?? 300);

it(`${boardRuns} seeded board sequences (seed ${seed}): every column holds exactly the rows of its name`, async () => {
  const property = fc.asyncProperty(fc.commands(boardCommands, { maxCommands: 14 }), async cmds => {
    const world = openWorld(server);
    try {
      await fc.asyncModelRun(() => ({ model: {}, real: world }), cmds);
      await quiesce(world);
      // a board has a live stream: every move the server applied is echoed once it is applied
      // (the list a column fetched before the server applied a move it raced is stale until then)
      for (const id of world.ids) {
        const row = world.people.get(id) as { id: number; name: string } | undefined;
        if (row) await world.client.controller.setResponse(world.plain.getList.move, { id }, { name: row.name }, { ...row });
      }
      await checkSettled(world);
    } finally {
      for (const v of world.views.splice(0)) v.stop();
      world.client.destroy();
      world.tab.destroy();
    }
  });
  const result = await fc.check(property, { numRuns: boardRuns, seed, includeErrorInReport: true });
  if (result.failed) {
    expect.fail(`board model failed (MODEL_SEED=${seed}):\n${fc.defaultReportMessage(result) ?? ''}`);
  }
}, 600_000);

const trainRuns = Number(process.env.MODEL_TRAIN_RUNS ?? 200);

it(`${trainRuns} seeded train sequences (seed ${seed}): offline and lie-fi spells lose no paused mutation`, async () => {
  const property = fc.asyncProperty(fc.commands(trainCommands, { maxCommands: 16, size: 'max' }), async cmds => {
    const world = openWorld(server);
    try {
      await fc.asyncModelRun(() => ({ model: {}, real: world }), cmds);
      await quiesce(world);
      await checkSettled(world);
    } finally {
      world.lieFi?.();
      for (const v of world.views.splice(0)) v.stop();
      world.client.destroy();
      world.tab.destroy();
    }
  });
  const result = await fc.check(property, { numRuns: trainRuns, seed, includeErrorInReport: true });
  if (result.failed) {
    expect.fail(`train model failed (MODEL_SEED=${seed}):\n${fc.defaultReportMessage(result) ?? ''}`);
  }
}, 600_000);
