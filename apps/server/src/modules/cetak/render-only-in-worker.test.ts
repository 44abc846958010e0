import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Issue #24 item 2 (decision 050): every render, single or bulk, runs in the render worker. The
 * behaviour tests (render-pool.test.ts, render-crash.process.test.ts) prove it for the documents
 * they print; this one proves it for every document, now and later: from the server's entry
 * (main.ts) no value import — static, dynamic or require() — reaches pdfmake, pdfkit or the
 * modules that drive them (cetak/pdf.ts, render-images.ts, the worker itself). Type imports are
 * free: a definition's types cost nothing at run time. The worker's entry does reach them, so the
 * walk is shown to find what it looks for.
 */

const SRC = fileURLToPath(new URL('../../', import.meta.url));
const rel = (file: string) => relative(SRC, file).replaceAll('\\', '/');

/** The modules a file loads at run time: every import that is not type-only. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if ((isImport || isRequire) && arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A relative specifier as the file it names (TypeScript sources import `./x` for `./x.ts`). */
function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (/\.(ts|mjs)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source file and package reachable from `entry` by value imports. */
function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.mjs')) continue; // worker entries: started as threads, not imported
    for (const spec of valueImports(file)) {
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec);
        if (!target) throw new Error(`${rel(file)}: cannot resolve ${spec}`);
        queue.push(target);
      } else {
        packages.add(
          spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? ''),
        );
      }
    }
  }
  return { files, packages };
}

const PDF_MODULES = [
  'modules/cetak/pdf.ts',
  'modules/cetak/render-images.ts',
  'modules/cetak/rapor/render-worker.ts',
];
const PDF_PACKAGES = ['pdfmake', 'pdfkit'];

describe('every PDF is rendered in the render worker (decision 050)', () => {
  it('the server’s entry reaches neither pdfmake nor pdfkit nor the modules that drive them', () => {
    const main = reachable(join(SRC, 'main.ts'));
    // The walk reached the app and the print routes (it is not stopped early).
    expect(main.files.size).toBeGreaterThan(200);
    expect(main.files).toContain(join(SRC, 'modules/cetak/render-pool.ts'));
    expect(main.files).toContain(join(SRC, 'modules/cetak/rapor/bulk.ts'));
    expect([...main.files].map(rel).filter((f) => PDF_MODULES.includes(f))).toEqual([]);
    expect([...main.packages].filter((p) => PDF_PACKAGES.includes(p))).toEqual([]);
  });

  it('the worker reaches them: the walk finds what it looks for', () => {
    const worker = reachable(join(SRC, 'modules/cetak/rapor/render-worker.ts'));
    expect(
      [...worker.files]
        .map(rel)
        .filter((f) => PDF_MODULES.includes(f))
        .sort(),
    ).toEqual([...PDF_MODULES].sort());
    expect([...worker.packages].filter((p) => PDF_PACKAGES.includes(p))).toEqual(['pdfmake']);
  });
});
