/**
 * The JavaScript a browser downloads to draw each route the first time (issue 26): the entry
 * script with every chunk it imports statically (index.html loads them before anything runs), and
 * the files the route map of index.html asks for on that route (scripts/route-preload.ts, the
 * inline script of vite.config.ts): a protected route's shell, its page, actors and their imports,
 * and its catalogue texts in the default language. It is read from the built index.html itself, so
 * it is the very list the browser receives, not a second reading of the route table.
 *
 * Used by scripts/bundle-budget.ts (the build fails when a route is over its budget) and by
 * e2e/route-preload.spec.ts (what the browser really fetches is what is counted).
 */
import type { Manifest, RoutePreloads } from './route-preload.ts';

/** One route's first load: its pattern (as in the route map), whether it is protected, its files. */
export interface RouteLoad {
  /** The case-insensitive RegExp source of the route's path (route-preload's patternSource). */
  pattern: string;
  isProtected: boolean;
  /** Files of the build's assets folder (`assets/app-shell-x.js`), the entry's first, once each. */
  files: string[];
}

/** The `var p = {...};` the build writes into index.html's inline script (vite.config.ts). */
const ROUTE_MAP = /var p = (\{.*?\});var asked/s;

/** Reads the route map out of the built index.html. */
export function readRouteMap(indexHtml: string): RoutePreloads {
  const found = ROUTE_MAP.exec(indexHtml);
  if (!found?.[1])
    throw new Error('first-load: index.html has no route map (was it built by vite.config.ts?)');
  return JSON.parse(found[1]) as RoutePreloads;
}

/** The entry's files: the entry chunk and everything it imports statically, depth first. */
export function entryFiles(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('first-load: no entry chunk in the manifest');
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first-load: ${key} is not in the Vite manifest`);
    seen.add(key);
    files.push(chunk.file);
    (chunk.imports ?? []).forEach(add);
  };
  add(entry);
  return files;
}

/**
 * Every route's first load in the default language, as the inline script computes it: signed in
 * (a protected route gets the shell; without a session the guard sends the visitor to /login).
 */
export function routeLoads(map: RoutePreloads, manifest: Manifest, defaultLanguage: string): RouteLoad[] {
  const entry = entryFiles(manifest);
  const defaultTexts = map.texts[defaultLanguage];
  if (!defaultTexts) throw new Error(`first-load: the route map has no texts for ${defaultLanguage}`);
  return map.routes.map(([pattern, isProtected, texts, own]) => {
    const wanted = [
      ...(isProtected ? map.shell : []),
      ...own,
      ...(texts === 1 ? defaultTexts : texts === 0 ? [] : texts),
    ];
    const files = new Set(entry);
    for (const index of wanted) {
      const name = map.files[index];
      if (name === undefined)
        throw new Error(`first-load: route ${pattern} names file #${index}, not in the map`);
      files.add(`assets/${name}.js`);
    }
    return { pattern, isProtected: isProtected === 1, files: [...files] };
  });
}

/** A route's path as people write it, from its pattern: `^/Statement/?$` → `/Statement`. */
export function patternPath(pattern: string): string {
  const path = pattern
    .replace(/^\^/, '')
    .replace(/\/\?\$$/, '')
    .replace(/\[\^\/\]\+/g, ':param')
    .replace(/\\(.)/g, '$1');
  return path === '' ? '/' : path;
}

/** What a route's first load weighs and the budget it is held to. */
export interface Measured {
  path: string;
  isProtected: boolean;
  /** Gzipped bytes of the route's files. */
  bytes: number;
  /** Its budget in KB (1024 bytes). */
  budgetKb: number;
}

/** The budgets: one for public routes, one for protected ones, and per-route exceptions. */
export interface Budgets {
  publicKb: number;
  protectedKb: number;
  /** Path → KB: a route held to another figure than its kind's (a debt, or a tighter bound). */
  routes: Record<string, number>;
}

/**
 * Measures every route with `gzipSize(file)` and gives it its budget. Fails on an exception that
 * names no route: a budget nobody is held to would hide a renamed route.
 */
export function measure(
  loads: RouteLoad[],
  budgets: Budgets,
  gzipSize: (file: string) => number,
): Measured[] {
  const paths = new Set(loads.map((load) => patternPath(load.pattern)));
  const unknown = Object.keys(budgets.routes).filter((path) => !paths.has(path));
  if (unknown.length)
    throw new Error(`bundle-budget: budgets for routes that do not exist: ${unknown.join(', ')}`);
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(file));
    return sizes.get(file)!;
  };
  return loads.map((load) => {
    const path = patternPath(load.pattern);
    return {
      path,
      isProtected: load.isProtected,
      bytes: load.files.reduce((sum, file) => sum + sizeOf(file), 0),
      budgetKb: budgets.routes[path] ?? (load.isProtected ? budgets.protectedKb : budgets.publicKb),
    };
  });
}

/** The routes over their budget. */
export function overBudget(measured: Measured[]): Measured[] {
  return measured.filter((m) => m.bytes / 1024 > m.budgetKb);
}
