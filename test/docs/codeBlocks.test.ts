// Every TypeScript block of the guides type-checks against the sources, as a module of its own
// (plus its prelude), under the project's tsconfig: a renamed option or a changed signature
// breaks this test, not a reader's copy-paste. Files the guides include with `<<<` are checked
// with them.
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CHECKED, PLAIN, blocks, docs, guidePages, includes, root, type Block } from './blocks.js';

const out = join(root, 'node_modules/.cache/doc-blocks');

describe('the code blocks of the guides', () => {
  const pages = guidePages();

  it('are all TypeScript or plain text (commands, data)', () => {
    const other = pages.flatMap(blocks).filter(b => !CHECKED.has(b.lang) && !PLAIN.has(b.lang));
    expect(other.map(b => `${b.page}:${b.line} ${b.lang}`)).toEqual([]);
  });

  it('name preludes that exist', () => {
    const named = pages.flatMap(blocks).filter(b => b.prelude);
    for (const b of named) expect(ts.sys.fileExists(join(docs, 'snippets/prelude', `${b.prelude}.ts`)), `${b.page}:${b.line}`).toBe(true);
  });

  it('type-check', () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const files = new Map<string, Block>();
    for (const page of pages) {
      for (const [i, b] of blocks(page).entries()) {
        if (!CHECKED.has(b.lang) || b.solid === '2') continue; // Solid 2 blocks: test/solid2/docs.test.tsx
        const prelude = b.prelude ? ts.sys.readFile(join(docs, 'snippets/prelude', `${b.prelude}.ts`)) ?? '' : '';
        const file = join(out, `${page.replace(/\W/g, '_')}_${i}.${b.lang === 'tsx' ? 'tsx' : 'ts'}`);
        // `export {}` makes every block a module: top-level await works, names do not collide
        writeFileSync(file, `${prelude}\n${b.code}\nexport {};\n`);
        files.set(file, { ...b, code: prelude }); // code: the prelude, to map lines back
      }
    }
    // modules the blocks import by a relative path ('./TodoList'), beside them
    const support = readdirSync(join(docs, 'snippets/support')).map(name => {
      copyFileSync(join(docs, 'snippets/support', name), join(out, name));
      return join(out, name);
    });
    const included = [...new Set(pages.flatMap(includes)), ...support];
    const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const program = ts.createProgram([...files.keys(), ...included], { ...config.options, noEmit: true, noUnusedLocals: false });
    const problems: string[] = [];
    for (const file of [...files.keys(), ...included]) {
      const source = program.getSourceFile(file)!;
      for (const d of ts.getPreEmitDiagnostics(program, source)) {
        const { line } = source.getLineAndCharacterOfPosition(d.start ?? 0);
        const b = files.get(file);
        const where = b
          ? `docs/${b.page}:${b.line + line - b.code.split('\n').length}`
          : `${relative(root, file)}:${line + 1}`;
        problems.push(`${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(files.size).toBeGreaterThan(20);
  }, 180_000);
});
