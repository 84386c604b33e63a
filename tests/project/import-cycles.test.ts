/**
 * No import cycles among the project's modules (scripts/import-cycles.ts), and the checker itself:
 * which imports are edges, how specifiers resolve, and that a cycle of any length is found.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImportCycles, projectModules, runtimeImports } from '../../scripts/import-cycles';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const modules = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([p, s]) => [resolve('/p', p), s]));
const names = (cycles: string[][]) => cycles.map((c) => c.map((p) => p.replace('/p/', '')).sort());

describe('import cycles', () => {
  it('the project has none', () => {
    const cycles = findImportCycles(projectModules(repo));
    expect(cycles.map((c) => c.map((p) => p.replace(`${repo}/`, '')).join(' → '))).toEqual([]);
    // Parsing ~900 modules: about 3 s of CPU, far more on a machine shared with other work.
  }, 90_000);

  it('counts static imports, re-exports and dynamic imports; not type-only ones nor packages', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "export { d } from '../d';",
      "export type { E } from './e';",
      "export * from './f.ts';",
      "import 'react';",
      "const g = () => import('./g');",
      "import './side-effect';",
    ].join('\n');
    expect(runtimeImports('x.ts', source)).toEqual(['./a', './c', '../d', './f.ts', './g', './side-effect']);
  });

  it('finds a cycle of two, of three, through a dynamic import, and a self import', () => {
    const cycles = findImportCycles(
      modules({
        'a.ts': "import { b } from './b';",
        'b.ts': "import { a } from './a.ts';",
        'x/one.tsx': "export * from '../y/two';",
        'y/two.ts': "const t = () => import('./three');",
        'y/three/index.ts': "import { one } from '../../x/one';",
        'self.ts': "export { s } from './self';",
        'leaf.ts': "import { a } from './a';",
      }),
    );
    expect(names(cycles).sort()).toEqual(
      [['a.ts', 'b.ts'], ['x/one.tsx', 'y/three/index.ts', 'y/two.ts'], ['self.ts']].sort(),
    );
  });

  it('a type-only import back does not make a cycle', () => {
    const cycles = findImportCycles(
      modules({
        'a.ts': "import { b } from './b';",
        'b.ts': "import type { A } from './a';\nexport type { A2 } from './a';",
      }),
    );
    expect(cycles).toEqual([]);
  });
});
