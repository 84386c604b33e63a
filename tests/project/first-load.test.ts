/**
 * The bundle budgets' reading of a build (scripts/first-load.ts, used by scripts/bundle-budget.ts):
 * a route's first load is the entry's files and what index.html's route map asks for on it, and
 * every route is held to its kind's budget or its own.
 */
import { describe, expect, it } from 'vitest';
import {
  entryFiles,
  measure,
  overBudget,
  patternPath,
  readRouteMap,
  routeLoads,
  type RouteLoad,
} from '../../scripts/first-load';
import { patternSource, type Manifest, type RoutePreloads } from '../../scripts/route-preload';

const manifest: Manifest = {
  'src/app/main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js', imports: ['_scheduler.js'] },
  '_scheduler.js': { file: 'assets/scheduler-1.js', imports: ['_react.js'] },
  'src/features/statement/statement-page.tsx': { file: 'assets/statement-page-1.js', dynamicImports: ['x'] },
};

const map: RoutePreloads = {
  files: ['app-shell-1', 'statement-page-1', 'login-page-1', 'statement-2', 'password-2', 'statement-3'],
  routes: [
    [patternSource('/login'), 0, 0, [2]],
    [patternSource('/Statement'), 1, 1, [1]],
    [patternSource('/password/change'), 1, [4], [2]],
    [patternSource('/autentica/:token'), 0, 0, []],
  ],
  shell: [0],
  texts: { 'pt-BR': [3], en: [5] },
};

describe('entryFiles', () => {
  it('lists the entry and its static imports once each, through cycles', () => {
    expect(entryFiles(manifest)).toEqual(['assets/index-1.js', 'assets/react-1.js', 'assets/scheduler-1.js']);
  });

  it('fails without an entry or with an import the manifest lacks', () => {
    expect(() => entryFiles({ a: { file: 'a.js' } })).toThrow(/no entry/);
    expect(() => entryFiles({ a: { file: 'a.js', isEntry: true, imports: ['b'] } })).toThrow(/b is not/);
  });
});

describe('routeLoads', () => {
  const loads = routeLoads(map, manifest, 'pt-BR');
  const files = (path: string) => loads.find((l) => patternPath(l.pattern) === path)?.files;
  const entry = ['assets/index-1.js', 'assets/react-1.js', 'assets/scheduler-1.js'];

  it('gives a public page the entry and its own files, without the shell or area texts', () => {
    expect(files('/login')).toEqual([...entry, 'assets/login-page-1.js']);
    expect(files('/autentica/:param')).toEqual(entry);
  });

  it('gives a protected page the shell, its files and the default language texts it loads', () => {
    expect(files('/Statement')).toEqual([
      ...entry,
      'assets/app-shell-1.js',
      'assets/statement-page-1.js',
      'assets/statement-2.js',
    ]);
    expect(files('/password/change')).toEqual([
      ...entry,
      'assets/app-shell-1.js',
      'assets/login-page-1.js',
      'assets/password-2.js',
    ]);
    expect(loads.map((l) => l.isProtected)).toEqual([false, true, true, false]);
  });

  it('fails on a language the map has no texts for, or a file index it lacks', () => {
    expect(() => routeLoads(map, manifest, 'es')).toThrow(/no texts for es/);
    expect(() => routeLoads({ ...map, shell: [9] }, manifest, 'pt-BR')).toThrow(/file #9/);
  });
});

describe('readRouteMap', () => {
  it('reads the map the build wrote into the inline script', () => {
    const html = `<div id="root"></div><script>(function () {var p = ${JSON.stringify(map)};var asked = {};})();</script>`;
    expect(readRouteMap(html)).toEqual(map);
  });

  it('fails on an index.html without one', () => {
    expect(() => readRouteMap('<div id="root"></div>')).toThrow(/no route map/);
  });
});

describe('patternPath', () => {
  it('turns a route pattern back into its path', () => {
    for (const path of ['/', '/login', '/Deposit/Ticket', '/password/change-by-code'])
      expect(patternPath(patternSource(path))).toBe(path);
    expect(patternPath(patternSource('/autentica/:token'))).toBe('/autentica/:param');
  });
});

describe('measure and overBudget', () => {
  const loads: RouteLoad[] = [
    { pattern: patternSource('/login'), isProtected: false, files: ['a.js', 'b.js'] },
    { pattern: patternSource('/Statement'), isProtected: true, files: ['a.js', 'c.js'] },
    { pattern: patternSource('/Pix'), isProtected: true, files: ['a.js', 'd.js'] },
  ];
  const sizes: Record<string, number> = {
    'a.js': 100 * 1024,
    'b.js': 61 * 1024,
    'c.js': 100 * 1024,
    'd.js': 120 * 1024,
  };
  const budgets = { publicKb: 160, protectedKb: 200, routes: { '/Pix': 221 } };

  it("adds each file's gzipped size, once per file read, under the route's own budget or its kind's", () => {
    const asked: string[] = [];
    const measured = measure(loads, budgets, (file) => {
      asked.push(file);
      return sizes[file]!;
    });
    expect(measured).toEqual([
      { path: '/login', isProtected: false, bytes: 161 * 1024, budgetKb: 160 },
      { path: '/Statement', isProtected: true, bytes: 200 * 1024, budgetKb: 200 },
      { path: '/Pix', isProtected: true, bytes: 220 * 1024, budgetKb: 221 },
    ]);
    expect(asked.sort()).toEqual(['a.js', 'b.js', 'c.js', 'd.js']);
    // At the budget passes, a byte over fails.
    expect(overBudget(measured).map((m) => m.path)).toEqual(['/login']);
    expect(overBudget([{ ...measured[1]!, bytes: 200 * 1024 + 1 }]).map((m) => m.path)).toEqual([
      '/Statement',
    ]);
  });

  it('refuses a budget for a route that does not exist', () => {
    expect(() => measure(loads, { ...budgets, routes: { '/Gone': 300 } }, () => 0)).toThrow(/\/Gone/);
  });
});
