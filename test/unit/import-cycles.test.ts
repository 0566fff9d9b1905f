import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No runtime import cycle in src/ (issue 42 item 2, ARCHITECTURE.md "Import cycles"): a module that
// imports itself back through others runs half-initialised. `import type` and `export type` vanish
// at run time and are not edges; under verbatimModuleSyntax `import { type A } from` still loads
// its module, so it is one.
const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files a file loads when it runs: its relative imports and re-exports that are not type-only. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false);
  const out: string[] = [];
  for (const stmt of sf.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(stmt)) {
      if (stmt.importClause?.isTypeOnly) continue;
      spec = stmt.moduleSpecifier;
    } else if (ts.isExportDeclaration(stmt)) {
      if (stmt.isTypeOnly || !stmt.moduleSpecifier) continue;
      spec = stmt.moduleSpecifier;
    }
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    out.push(resolve(dirname(file), spec.text));
  }
  return out;
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe('src/ import graph', () => {
  it('has no runtime import cycle', () => {
    const graph = new Map(sourceFiles(src).map((f) => [f, runtimeImports(f)]));
    const named = cycles(graph).map((scc) => scc.map((f) => relative(root, f)));
    expect(named).toEqual([]);
  });
  it('src/container.ts stays a composition root of at most 150 lines', () => {
    const lines = readFileSync(join(src, 'container.ts'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });
});
