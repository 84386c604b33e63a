// No non-generated source file over 400 lines (issue 25): a file that long holds more than one
// idea and is split by meaning (sub-states, rules, rows of a view). Test files (*.test.ts[x],
// *.spec.ts, *.bench.ts) are not counted: a test file follows the module it tests. Generated files
// are listed by name below. The files still over the bar when the rule came are listed with their
// size then: none may grow, and each leaves the list once it is split (a listed file at or under
// the bar fails too, so the list only shrinks).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 400;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Written by a program, never by hand. */
const GENERATED = new Set([
  // openapi-typescript, from openapi/portal.yaml (npm run gen:api)
  'openapi/portal.d.ts',
  // scripts/gen-routes.ts, from openapi/portal.yaml (npm run gen:api)
  'openapi/portal-routes.ts',
]);

/**
 * Over the bar when the rule came (issue 25), at their size then: to split, never to grow. The
 * last eight were split on 2026-11-28 (fifth session), so none is left; a file that a program
 * does not write has no way back over 400 lines.
 */
const NOT_YET_SPLIT: Record<string, number> = {};

const isTest = (path: string) => /\.(test\.tsx?|spec\.ts|bench\.ts)$/.test(path);

/** The repository's TypeScript sources, as git tracks them (a fresh clone's files). */
function sources(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((p) => p !== '' && !isTest(p) && !GENERATED.has(p));
}

/** Lines as `wc -l` counts them. */
function lineCount(path: string): number {
  const text = readFileSync(`${ROOT}${path}`, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe(`source files (at most ${MAX_LINES} lines)`, () => {
  const sizes = sources().map((path) => ({ path, lines: lineCount(path) }));

  it('finds the sources', () => {
    expect(sizes.length).toBeGreaterThan(100);
  });

  it(`keeps every non-generated source file at ${MAX_LINES} lines or fewer`, () => {
    const over = sizes
      .filter(({ path, lines }) => lines > MAX_LINES && lines > (NOT_YET_SPLIT[path] ?? 0))
      .map(({ path, lines }) =>
        path in NOT_YET_SPLIT
          ? `${path}: ${lines} lines, more than its ${NOT_YET_SPLIT[path]} when the rule came: split it`
          : `${path}: ${lines} lines: split it by meaning (or list it in GENERATED if a program writes it)`,
      );
    expect(over, over.join('\n')).toEqual([]);
  });

  it('lists only files still over the bar as not yet split', () => {
    const byPath = new Map(sizes.map((s) => [s.path, s.lines]));
    const done = Object.keys(NOT_YET_SPLIT)
      .filter((path) => (byPath.get(path) ?? 0) <= MAX_LINES)
      .map((path) => `${path}: ${byPath.get(path) ?? 'gone'}: remove it from NOT_YET_SPLIT`);
    expect(done, done.join('\n')).toEqual([]);
  });

  it('lists generated files that exist', () => {
    const tracked = new Set(
      execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0'),
    );
    expect([...GENERATED].filter((p) => !tracked.has(p))).toEqual([]);
  });
});
