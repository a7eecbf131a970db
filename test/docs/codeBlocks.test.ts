// Every TypeScript block of the guides type-checks against the sources, as a module of its own
// (plus its prelude), under the project's tsconfig: a renamed option or a changed signature
// breaks this test, not a reader's copy-paste. Files the guides include with `<<<` are checked
// with them. The files of an app page (blocks titled with a path, see blocks.ts) are checked as
// the app they make instead: here against the sources, and in test/fresh/docs from the registry.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CHECKED, PLAIN, appFiles, blocks, docs, guidePages, includes, root, type Block } from './blocks.js';

// inside the repository, not node_modules (which may be shared by several checkouts)
const out = join(root, 'test-results/doc-blocks');

describe('the code blocks of the guides', () => {
  const pages = guidePages();

  it('are all TypeScript or plain text (commands, data), or files of an app page', () => {
    const other = pages.flatMap(blocks).filter(b => !CHECKED.has(b.lang) && !PLAIN.has(b.lang) && b.title === undefined);
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
        // files of app pages: test/fresh/docs; Solid 2 blocks: test/solid2/docs.test.tsx
        if (!CHECKED.has(b.lang) || b.title !== undefined || b.solid === '2') continue;
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

/**
 * The app pages whose files type-check here against the sources (`rest-signals` mapped to `src/`),
 * each under its own tsconfig as the page shows it, with the page's checker (`vue-tsc` checks `.vue`
 * files). Nuxt's and SolidStart's pages need their frameworks installed: test/fresh/docs checks them;
 * the Solid 2 page (its files marked `solid: 2`) is checked against Solid 2 by test/solid2.
 */
const LOCAL_APPS = ['guide/start-vue.md', 'guide/start-solid-1.md', 'guide/start-node.md'];

describe('the files of the app pages', () => {
  it.each(LOCAL_APPS)('%s type-checks as one project against the sources', async page => {
    // inside the repository (not node_modules, which may be shared): `types` resolve from its node_modules
    const dir = join(root, 'test-results/doc-apps', page.replace(/\W+/g, '_'));
    rmSync(dir, { recursive: true, force: true });
    const files = appFiles(page);
    expect(files.map(f => f.path)).toContain('tsconfig.json');
    for (const file of files) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), file.text);
    }
    const paths = Object.fromEntries(
      Object.entries(ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config.compilerOptions.paths as Record<string, string[]>)
        .filter(([name]) => name.startsWith('rest-signals'))
        .map(([name, [target]]) => [name, [join(root, target!)]]),
    );
    // the sources are compiled under the page's options; ES2023 and DOM are what they are written for
    writeFileSync(join(dir, 'tsconfig.check.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { paths, lib: ['ES2023', 'DOM', 'DOM.Iterable'] } }));
    const checker = files.some(f => f.path.endsWith('.vue')) ? 'vue-tsc' : 'tsc';
    const output = await promisify(execFile)(join(root, 'node_modules/.bin', checker), ['--noEmit', '-p', 'tsconfig.check.json'], { cwd: dir, timeout: 180_000 }).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    // the sources' own diagnostics under the page's options (no Node types for `process.env.NODE_ENV`)
    // are not the page's: the project's typecheck and the built `.d.ts` cover them
    const problems = output.split('\n').filter(line => line.trim() !== '' && !line.startsWith('../') && !line.startsWith(' '));
    expect(problems).toEqual([]);
  }, 180_000);
});
