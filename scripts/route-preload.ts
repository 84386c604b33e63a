/**
 * What each route of the portal needs before it can draw, read from the build (used by
 * vite.config.ts): the route table (src/app/routes.tsx) says which modules a route's page loads
 * lazily (the page, the area's actors, the shell of protected pages, the area catalogues), and
 * Vite's manifest says which files those are, with every file they import statically.
 *
 * index.html's inline script uses the result to ask for a route's files with
 * `<link rel=modulepreload>` as soon as the HTML is parsed, in parallel with the entry script,
 * instead of one after another as each lazy import is reached (entry, then the shell, then the
 * page, then its catalogue texts: a round trip each on a slow phone link).
 *
 * The tables are read as written (TypeScript's parser), not run: a route's modules are every
 * `import('...')` reachable from its `component`, through the top-level constants of the route
 * table and of the flow table beside it (`page(() => import(...), { actors: profileActors })`,
 * `const ProfilePage = page(...)`), so any way of writing an entry is followed. The flows' pages
 * are the flow table's entries with a `view` (src/app/flows.ts), at their `route` and `also` paths;
 * a page gets the `actors` of every entry at its route and of the entries its `with` names, as the
 * running table gives them, and so does a page of the route table that asks for
 * `flowActorsAt('<path>', ...)`. A route whose `page()` passes `texts: 'core'` needs no area
 * catalogue; one that passes `texts: ['part', ...]` (or whose loader calls
 * `loadCatalogueParts(['part', ...])`, as the shell's does) needs those parts only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One chunk of Vite's manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A route as the table writes it, with the source modules its page loads lazily. */
export interface TableRoute {
  /** The wouter pattern ('/Statement', '/autentica/:token'). */
  path: string;
  public: boolean;
  /** Project-relative source files (manifest keys) of every lazy import of the route. */
  modules: string[];
  /** The page loads the area catalogues (every page whose `page()` does not pass `texts: 'core'`
   * or a list of parts). */
  areaTexts: boolean;
  /** The lazy catalogue parts the page loads by name (`texts: ['access-password']`). */
  textParts: string[];
}

/** What the inline script of index.html receives. */
export interface RoutePreloads {
  /** The files, once each: their names in the build's assets folder, without '.js'. */
  files: string[];
  /** Per route: a case-insensitive RegExp source of its path, whether it is protected, the texts
   * it loads in the default language (1: the area catalogues, `texts`; a list: the files of the
   * parts it names; 0: none), and the indexes in `files` of its own files. */
  routes: [pattern: string, isProtected: 0 | 1, texts: 0 | 1 | number[], files: number[]][];
  /** The shell of protected pages, what it imports and the catalogue parts it names. */
  shell: number[];
  /** Per language: the catalogue files a page loads in it (the default language's area parts; all
   * parts of another language, which the portal loads before its first render). */
  texts: Record<string, number[]>;
}

const SOURCE_EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/** The project-relative source file an `import('...')` of `fromFile` names, or undefined. */
function resolveImport(root: string, fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = existsSync(base) && !SOURCE_EXTENSIONS.some((e) => existsSync(base + e)) ? [base] : [];
  for (const ext of SOURCE_EXTENSIONS) candidates.push(base + ext);
  const found = candidates.find((c) => existsSync(c));
  return found === undefined ? undefined : relative(root, found).split('\\').join('/');
}

/** The route table as read: its routes, and the shell's modules and catalogue parts. */
export interface RouteTable {
  routes: TableRoute[];
  shell: string[];
  shellTextParts: string[];
}

/** The string literals of an array literal (`['access-password']`), or undefined. */
function stringList(node: ts.Node | undefined): string[] | undefined {
  if (!node || !ts.isArrayLiteralExpression(node)) return undefined;
  return node.elements.filter(ts.isStringLiteral).map((e) => e.text);
}

/** The flow table's file beside the route table (src/app/flows.ts). */
export const FLOW_TABLE_FILE = 'flows.ts';

/** An expression without `satisfies`, `as` and parentheses around it. */
function bare(node: ts.Expression): ts.Expression {
  while (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node))
    node = node.expression;
  return node;
}

/** The property `name` of an object literal, when it is a plain assignment. */
function property(node: ts.ObjectLiteralExpression, name: string): ts.PropertyAssignment | undefined {
  return node.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) &&
      (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
      p.name.text === name,
  );
}

/** One entry of the flow table as read. */
interface FlowTableEntry {
  node: ts.ObjectLiteralExpression;
  /** The path of its route. */
  route: string;
  view?: ts.Expression;
  actors?: ts.Expression;
  also: string[];
  with: string[];
  public: boolean;
}

/**
 * Reads the route table's routes and the shell's modules from `routesFile` (src/app/routes.tsx),
 * with the flows' pages of the flow table beside it (src/app/flows.ts).
 */
export function readRouteTable(root: string, routesFile: string): RouteTable {
  const constants = new Map<string, ts.Expression>();
  const flowTableFile = join(dirname(routesFile), FLOW_TABLE_FILE);
  for (const file of [routesFile, flowTableFile]) {
    if (!existsSync(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name) && decl.initializer) constants.set(decl.name.text, decl.initializer);
      }
    }
  }

  // The flow table: its entries by flow id.
  const flowTable = new Map<string, FlowTableEntry>();
  const flowsNode = constants.get('flows');
  const flowsTable = flowsNode && bare(flowsNode);
  if (flowsTable && ts.isObjectLiteralExpression(flowsTable)) {
    for (const p of flowsTable.properties) {
      if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
      const node = bare(p.initializer);
      if (!ts.isObjectLiteralExpression(node)) continue;
      const route = property(node, 'route')?.initializer;
      if (!route || !ts.isStringLiteral(route)) continue;
      flowTable.set(p.name.text, {
        node,
        route: route.text,
        view: property(node, 'view')?.initializer,
        actors: property(node, 'actors')?.initializer,
        also: stringList(property(node, 'also')?.initializer) ?? [],
        with: stringList(property(node, 'with')?.initializer) ?? [],
        public: property(node, 'public')?.initializer.kind === ts.SyntaxKind.TrueKeyword,
      });
    }
  }
  /** The actors of the flows at `path` and of the flows their pages draw too (flows.ts' loadersAt). */
  const actorsAt = (path: string): ts.Expression[] =>
    [...flowTable.values()]
      .filter((e) => e.route === path)
      .flatMap((e) => [e.actors, ...e.with.map((id) => flowTable.get(id)?.actors)])
      .filter((n): n is ts.Expression => n !== undefined);

  /** Every lazy import reachable from `node` through the module's constants; `texts: 'core'` and
   * the catalogue parts named (`texts: [...]`, `loadCatalogueParts([...])`). */
  const follow = (node: ts.Node) => {
    const modules = new Set<string>();
    const parts = new Set<string>();
    let coreTexts = false;
    const seen = new Set<string>();
    const visit = (n: ts.Node): void => {
      if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        n.arguments[0] &&
        ts.isStringLiteral(n.arguments[0])
      ) {
        const file = resolveImport(root, n.getSourceFile().fileName, n.arguments[0].text);
        if (file) modules.add(file);
      } else if (
        ts.isCallExpression(n) &&
        ts.isIdentifier(n.expression) &&
        n.expression.text === 'flowActorsAt' &&
        n.arguments[0] &&
        ts.isStringLiteral(n.arguments[0])
      ) {
        // The table's own derivation is not followed: the flows at the path and the other arguments.
        actorsAt(n.arguments[0].text).forEach(visit);
        n.arguments.slice(1).forEach(visit);
        return;
      } else if (
        ts.isPropertyAssignment(n) &&
        ts.isIdentifier(n.name) &&
        n.name.text === 'texts' &&
        ts.isStringLiteral(n.initializer) &&
        n.initializer.text === 'core'
      ) {
        coreTexts = true;
      } else if (
        ts.isPropertyAssignment(n) &&
        ts.isIdentifier(n.name) &&
        n.name.text === 'texts' &&
        stringList(n.initializer)
      ) {
        coreTexts = true;
        stringList(n.initializer)!.forEach((part) => parts.add(part));
      } else if (
        ts.isCallExpression(n) &&
        ts.isIdentifier(n.expression) &&
        n.expression.text === 'loadCatalogueParts'
      ) {
        stringList(n.arguments[0])?.forEach((part) => parts.add(part));
      } else if (ts.isIdentifier(n) && constants.has(n.text) && !seen.has(n.text)) {
        seen.add(n.text);
        visit(constants.get(n.text)!);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return { modules: [...modules], coreTexts, parts: [...parts] };
  };

  const table = constants.get('routes');
  if (!table) throw new Error(`route-preload: ${routesFile} declares no 'routes'`);
  const routes: TableRoute[] = [];
  // The flows' pages: the entry (its view, texts and actors), then the other flows' actors.
  for (const entry of flowTable.values()) {
    if (!entry.view) continue;
    const own = follow(entry.node);
    const modules = new Set(own.modules);
    for (const actors of actorsAt(entry.route)) follow(actors).modules.forEach((m) => modules.add(m));
    for (const path of [entry.route, ...entry.also])
      routes.push({
        path,
        public: entry.public,
        modules: [...modules],
        areaTexts: !own.coreTexts,
        textParts: own.parts,
      });
  }
  const collect = (n: ts.Node): void => {
    if (ts.isObjectLiteralExpression(n)) {
      const prop = (name: string) =>
        n.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
        );
      const path = prop('path');
      const component = prop('component');
      if (path && component && ts.isStringLiteral(path.initializer)) {
        const { modules, coreTexts, parts } = follow(component.initializer);
        routes.push({
          path: path.initializer.text,
          public: prop('public')?.initializer.kind === ts.SyntaxKind.TrueKeyword,
          modules,
          areaTexts: !coreTexts,
          textParts: parts,
        });
        return;
      }
    }
    ts.forEachChild(n, collect);
  };
  collect(table);

  const appShell = constants.get('AppShell');
  if (!appShell) throw new Error(`route-preload: ${routesFile} declares no 'AppShell'`);
  const shell = follow(appShell);
  return { routes, shell: shell.modules, shellTextParts: shell.parts };
}

/** A wouter pattern as a case-insensitive RegExp source: `:param` is one segment. */
export function patternSource(path: string): string {
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body === '/' ? '' : body.replace(/\/$/, '')}/?$`;
}

/**
 * The preload lists of every route: for each, the files of its lazy modules and everything they
 * import, less what the entry already brings (index.html names those itself).
 */
export function routePreloads(
  table: { routes: TableRoute[]; shell: string[]; shellTextParts?: string[] },
  manifest: Manifest,
  languages: { default: string; others: readonly string[] },
): RoutePreloads {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('route-preload: no entry chunk in the manifest');
  const closure = (keys: string[], into = new Set<string>()) => {
    const add = (key: string) => {
      if (into.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`route-preload: ${key} is not in the Vite manifest`);
      into.add(key);
      for (const imported of chunk.imports ?? []) add(imported);
    };
    keys.forEach(add);
    return into;
  };
  const first = closure([entry]);
  const files: string[] = [];
  const index = new Map<string, number>();
  const indexes = (keys: Iterable<string>, minus: ReadonlySet<string> = new Set()) => {
    const out: number[] = [];
    for (const key of keys) {
      if (first.has(key) || minus.has(key)) continue;
      const file = manifest[key]!.file.replace(/^assets\//, '').replace(/\.js$/, '');
      if (!index.has(file)) {
        index.set(file, files.length);
        files.push(file);
      }
      out.push(index.get(file)!);
    }
    return out;
  };

  // The area catalogues a page loads: every part but the pages' own (`own-<name>.json`, loaded
  // only by the page that names it: src/i18n/i18n.ts isOwnPart).
  const catalogue = (lng: string) =>
    Object.keys(manifest).filter(
      (key) =>
        key.startsWith(`src/i18n/locales/${lng}/`) &&
        key.endsWith('.json') &&
        !/\/own-[^/]+\.json$/.test(key),
    );
  const part = (name: string) => {
    const key = `src/i18n/locales/${languages.default}/${name}.json`;
    if (!manifest[key]) throw new Error(`route-preload: catalogue part ${key} is not in the Vite manifest`);
    return key;
  };
  const shellKeys = closure([...table.shell, ...(table.shellTextParts ?? []).map(part)]);
  const shell = indexes(shellKeys);
  const texts: Record<string, number[]> = {
    [languages.default]: indexes(closure(catalogue(languages.default))),
  };
  for (const lng of languages.others) texts[lng] = indexes(closure(catalogue(lng)));

  const routes = table.routes.map((route): RoutePreloads['routes'][number] => [
    patternSource(route.path),
    route.public ? 0 : 1,
    route.areaTexts ? 1 : route.textParts.length ? indexes(closure(route.textParts.map(part))) : 0,
    indexes(closure(route.modules), route.public ? new Set() : shellKeys),
  ]);
  return { files, routes, shell, texts };
}

/** Reads dist/.vite/manifest.json. */
export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}
