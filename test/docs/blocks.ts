// The code blocks of the guides (docs/guide, docs/migration), read the way VitePress renders them:
// fenced blocks, each with the prelude named by an `<!-- prelude: name -->` line just above it, and
// `<<< @/path` includes of files.
//
// A file of an app page is a fenced block titled with its path, ```ts [src/api.ts]: VitePress shows
// the title as the tab of the `::: code-group` around it (one tab per group, so each file stands on
// its own). The app is every titled block of the page, in page order; its install commands are the
// `npm install` lines of the page's `sh` blocks. test/fresh/docs builds each app page from these.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = new URL('../../', import.meta.url).pathname;
export const docs = join(root, 'docs');

/** Languages that are shown, not compiled (commands, data, output). */
export const PLAIN = new Set(['sh', 'bash', 'json', 'text', 'txt', 'md', 'http', '']);
/** Languages every block of which is type-checked. */
export const CHECKED = new Set(['ts', 'tsx', 'typescript']);

export interface Block {
  /** The page, relative to docs/. */
  page: string;
  /** 1-based line of the opening fence in the page. */
  line: number;
  lang: string;
  code: string;
  prelude?: string;
  /** The name given by an `<!-- example: name -->` line above it. */
  example?: string;
  /** The `[title]` after the language: for a file of an app page, its path. */
  title?: string;
  /**
   * `2` for a block marked `<!-- solid: 2 -->`: Solid 2 code, type-checked against Solid 2 by
   * test/solid2 (the root project has Solid 1.9), not here. A file of an app page is marked above
   * its `::: code-group`; test/solid2 checks such a page's files as one project.
   */
  solid?: string;
}

/** The guide pages (relative to docs/). */
export function guidePages(): string[] {
  return ['guide', 'migration'].flatMap(dir =>
    readdirSync(join(docs, dir)).filter(f => f.endsWith('.md')).map(f => `${dir}/${f}`),
  );
}

/** Every fenced block of a page. */
export function blocks(page: string): Block[] {
  const lines = readFileSync(join(docs, page), 'utf8').split('\n');
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(\S*)(?:\s+\[([^\]]+)\])?/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith(fence); i++) body.push(lines[i]!);
    let prelude: string | undefined;
    let example: string | undefined;
    let solid: string | undefined;
    // the comments right above the fence, or above the `::: code-group` that holds it
    let above = start - 1;
    while (above > 0 && lines[above]!.trim() === '' && /^(::: code-group\b|$)/.test(lines[above - 1]!.trim())) above--;
    if (above >= 0 && /^::: code-group\b/.test(lines[above]!.trim())) above--;
    for (let j = above; j >= 0 && /^<!--.*-->$/.test(lines[j]!.trim()); j--) {
      prelude ??= /<!-- prelude: ([\w-]+) -->/.exec(lines[j]!)?.[1];
      example ??= /<!-- example: ([\w-]+) -->/.exec(lines[j]!)?.[1];
      solid ??= /<!-- solid: (\d+) -->/.exec(lines[j]!)?.[1];
    }
    out.push({ page, line: start + 1, lang: open[2]!.replace(/[{:].*$/, ''), code: body.join('\n'), prelude, example, title: open[3], ...(solid && { solid }) });
  }
  return out;
}

/** The files a page includes with `<<< @/path` (absolute paths). */
export function includes(page: string): string[] {
  return [...readFileSync(join(docs, page), 'utf8').matchAll(/^<<< @\/(\S+?)(?:#[\w-]+)?(?:\{[^}]*\})?$/gm)].map(m =>
    resolve(docs, m[1]!),
  );
}

/** A file of an app page: its path in the project and its text, as the page shows it. */
export interface AppFile {
  path: string;
  lang: string;
  text: string;
}

/** The files of an app page (its titled blocks), in page order. */
export function appFiles(page: string): AppFile[] {
  return blocks(page).filter(b => b.title !== undefined).map(b => ({ path: b.title!, lang: b.lang, text: `${b.code}\n` }));
}

/** The install commands of an app page: the `npm install` lines of its `sh` blocks, in page order. */
export function installCommands(page: string): string[][] {
  return blocks(page)
    .filter(b => b.lang === 'sh' && b.title === undefined)
    .flatMap(b => b.code.split('\n'))
    .map(line => line.replace(/#.*$/, '').trim())
    .filter(line => /^npm (install|i)\b/.test(line))
    .map(line => line.split(/\s+/));
}
