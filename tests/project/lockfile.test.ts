// The lockfile must be one that `npm ci` accepts on a clean clone. A working node_modules hides a
// broken lockfile locally: CI once failed in 2 s because unrs-resolver 1.13.0 named optional
// platform bindings the registry did not have, so npm recorded 4 of its 21 and `npm ci` refused
// the file. This test reads the lockfile the way `npm ci` checks it: every dependency a package
// declares (optional ones included) must resolve to an entry, walking up node_modules folders.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (base === '') return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lockfile', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('has an entry for every dependency a package declares, optional platform bindings included', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '') continue;
      const declared = { ...entry.dependencies, ...entry.optionalDependencies };
      for (const name of Object.keys(declared)) {
        if (!resolves(path, name)) missing.push(`${path} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
