// The core by result key: one module applies store actions, one map holds what is live per key, and
// the store does not import the controller.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Code without comments (a JSDoc `@example` may show a store action). */
const code = (path: string): string =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('the core by result key', () => {
  it('applies store actions in the Controller only: every other module writes through it', () => {
    const writers = sources(root)
      .filter(path => /\bstore\.dispatch\(|#store\.dispatch\(/.test(code(path)))
      .map(path => relative(root, path));
    expect(writers).toEqual(['core/controller/Controller.ts']);
  });

  it('keeps what is live per result key in the owners alone (no second map of requests, loading, watchers or shared views)', () => {
    const maps = sources(root)
      .filter(path => /#requests\s*=\s*new Map|#loading\s*=\s*new Map|#active\s*=\s*new Map|#subscriptions\s*=\s*new Map|\bshared\s*=\s*new Map/.test(code(path)))
      .map(path => relative(root, path));
    expect(maps).toEqual([]);
  });
});

/** The modules `path` imports at run time (`import type`, type-only specifiers and `export type` left out). */
function runtimeImports(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every(e => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out.map(spec => (spec.startsWith('.') ? relative(root, join(dirname(path), spec)) : spec));
}

describe('dependencies point one way', () => {
  it('no module under core/store imports core/controller at run time (type-only imports are fine)', () => {
    const store = sources(join(root, 'core/store'));
    expect(store.length).toBeGreaterThan(10);
    const crossing = store.flatMap(path => runtimeImports(path).filter(spec => spec.startsWith('core/controller/')).map(spec => `${relative(root, path)} -> ${spec}`));
    expect(crossing).toEqual([]);
  });

  it('the check sees a run-time import and ignores a type-only one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'imports-'));
    const file = join(dir, 'probe.ts');
    writeFileSync(file, "import type { A } from './a.js';\nimport { type B } from './b.js';\nimport { C, type D } from './c.js';\nexport * from './e.js';\nexport type { F } from './f.js';\nvoid import('./g.js');\n");
    expect(runtimeImports(file).map(spec => spec.split('/').pop())).toEqual(['c.js', 'e.js', 'g.js']);
  });
});
