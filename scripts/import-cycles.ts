/**
 * Import cycles among the project's own modules (DESIGN: "no import cycles anywhere"): a cycle
 * makes module order decide behaviour and ties lazily loaded chunks together.
 *
 * This replaced eslint's `import-x/no-cycle`, which resolved every import of every file again for
 * each file it linted and was 59 % of the lint stage (149 of 251 s of rule time, TIMING=20, 2026-11-28).
 * Here each file is parsed once (syntax only) and the cycles are the strongly connected components
 * of the graph, found in one pass (Tarjan).
 *
 * What counts as an edge, as no-cycle counted it: a static `import`, an `export … from` and a
 * dynamic `import('…')` of a relative path that resolves to a project file. Type-only imports and
 * re-exports (`import type`, `export type … from`) are erased before the code runs and are not
 * edges; with `verbatimModuleSyntax`, `import { type A } from` is kept as an import and is one.
 * Packages are outside the graph.
 *
 * `npx tsx scripts/import-cycles.ts` prints the cycles and exits non-zero when there is one; the
 * unit test tests/project/import-cycles.test.ts runs the same check in `npm test`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The folders whose modules must not import one another in a cycle. */
export const CYCLE_ROOTS = ['src', 'machines', 'sandbox', 'clock', 'openapi'];

const EXTENSIONS = ['.ts', '.tsx'];

/** The relative specifiers a module loads at run time (see the header for what counts). */
export function runtimeImports(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kindOf(fileName));
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
        found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((s) => s.startsWith('./') || s.startsWith('../'));
}

function kindOf(fileName: string): ts.ScriptKind {
  return fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** The project file a relative specifier names, as the bundler resolves it, or undefined. */
export function resolveSpecifier(
  from: string,
  specifier: string,
  exists: (path: string) => boolean,
): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.jsx$/, '.tsx'),
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  return candidates.find((c) => EXTENSIONS.some((e) => c.endsWith(e)) && exists(c));
}

/**
 * The import cycles of a set of modules (path → source): each strongly connected component of
 * more than one module, or a module that imports itself, as a list of paths in import order.
 */
export function findImportCycles(modules: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [path, source] of modules) {
    const targets = runtimeImports(path, source)
      .map((s) => resolveSpecifier(path, s, (p) => modules.has(p)))
      .filter((t): t is string => t !== undefined);
    edges.set(path, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components, iterative (deep import chains would overflow a
  // recursive walk's stack long before they overflow anything else).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const root of modules.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++] as string;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (edges.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) components.push(component.reverse());
      }
    }
  }
  return components;
}

/** Every .ts/.tsx file under the roots (test files included: they are modules too). */
export function projectModules(repo: string, roots: readonly string[] = CYCLE_ROOTS): Map<string, string> {
  const modules = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts'))
        modules.set(path, readFileSync(path, 'utf8'));
    }
  };
  for (const root of roots) if (existsSync(join(repo, root))) walk(join(repo, root));
  return modules;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = findImportCycles(projectModules(repo));
  for (const cycle of cycles)
    console.error(`import cycle: ${cycle.map((p) => relative(repo, p)).join(' → ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('no import cycles');
}
