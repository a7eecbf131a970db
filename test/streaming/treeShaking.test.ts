import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const core = fileURLToPath(new URL('../../src/core/index.ts', import.meta.url));

async function bundle(code: string): Promise<string> {
  const out = await build({
    stdin: { contents: code, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    external: ['@preact/signals-core', 'path-to-regexp'],
  });
  return out.outputFiles[0]!.text;
}

describe('real-time managers cost nothing to an app that does not import them', () => {
  it('a bundle of resource, Entity and createDataClient holds neither StreamManager nor TabSyncManager', async () => {
    const app = `import { resource, Entity, createDataClient } from ${JSON.stringify(core)};
      class T extends Entity { id = 0; static key = 'T'; }
      createDataClient().controller.fetch(resource({ path: '/t/:id', schema: T }).get, { id: 1 });`;
    const plain = await bundle(app);
    expect(plain).not.toContain('BroadcastChannel');
    expect(plain).not.toContain('StreamManager');
    const live = await bundle(`${app}
      import { StreamManager, TabSyncManager } from ${JSON.stringify(core)};
      console.log(new StreamManager({ connect: () => new EventSource('/e'), onMessage() {} }), new TabSyncManager());`);
    expect(live).toContain('BroadcastChannel');
    expect(live).toContain('StreamManager');
    expect(live.length).toBeGreaterThan(plain.length);
  });
});
