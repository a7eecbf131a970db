// The Solid 2 blocks of the guides (marked `<!-- solid: 2 -->`; test/docs checks the others against
// Solid 1.9) type-check against Solid 2 and the adapter's sources, under this folder's tsconfig: a
// block as a module of its own, the files of an app page (titled blocks) as one project, each at
// its path. test/fresh/docs builds those pages from the registry too.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { blocks, guidePages } from '../docs/blocks.js';

const here = dirname(fileURLToPath(import.meta.url));

it('the Solid 2 blocks of the guides type-check against Solid 2', () => {
  const out = join(here, 'node_modules/.cache/doc-blocks');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const files = new Map<string, string>();
  const appPages = new Set<string>();
  for (const page of guidePages()) {
    for (const [i, b] of blocks(page).entries()) {
      if (b.solid !== '2' || !/^tsx?$/.test(b.lang)) continue;
      const file = b.title === undefined
        ? join(out, `${page.replace(/\W/g, '_')}_${i}.${b.lang}`)
        : join(out, page.replace(/\W/g, '_'), b.title);
      if (b.title !== undefined) appPages.add(page);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, b.title === undefined ? `${b.code}\nexport {};\n` : `${b.code}\n`);
      files.set(file, `docs/${page}:${b.line}`);
    }
  }
  expect(files.size).toBeGreaterThanOrEqual(3);
  expect([...appPages]).toContain('guide/start-solid.md');
  const config = ts.getParsedCommandLineOfConfigFile(resolve(here, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  // the app pages read `import.meta.env`, which their tsconfig types with `vite/client`
  const env = join(out, 'vite-env.d.ts');
  writeFileSync(env, '/// <reference types="vite/client" />\n');
  const program = ts.createProgram([...files.keys(), env], { ...config.options, noEmit: true });
  const problems = [...files.keys()].flatMap(file =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map(d => {
      const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
      return `${files.get(file)} +${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    }),
  );
  expect(problems).toEqual([]);
}, 120_000);
