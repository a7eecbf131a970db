// The Solid 2 blocks of the guides (marked `<!-- solid: 2 -->`; test/docs checks the others against
// Solid 1.9) type-check against Solid 2 and the adapter's sources, under this folder's tsconfig.
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
  for (const page of guidePages()) {
    for (const [i, b] of blocks(page).entries()) {
      if (b.solid !== '2') continue;
      const file = join(out, `${page.replace(/\W/g, '_')}_${i}.${b.lang === 'tsx' ? 'tsx' : 'ts'}`);
      writeFileSync(file, `${b.code}\nexport {};\n`);
      files.set(file, `docs/${page}:${b.line}`);
    }
  }
  expect(files.size).toBeGreaterThanOrEqual(3);
  const config = ts.getParsedCommandLineOfConfigFile(resolve(here, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram([...files.keys()], { ...config.options, noEmit: true });
  const problems = [...files.keys()].flatMap(file =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map(d => {
      const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
      return `${files.get(file)} +${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    }),
  );
  expect(problems).toEqual([]);
}, 120_000);
