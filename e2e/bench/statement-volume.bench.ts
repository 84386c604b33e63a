/**
 * `npm run bench`: the 5,000-entry statement's budgets (1-access-shell-statement.md; DESIGN.md
 * Budgets), measured BENCH_REPEAT times (default 5), each run in a fresh page of a fresh seed:
 * no long task over 100 ms while rendering, searching or scrolling, each export written in under
 * 2 s (the portal's part: from the bank's answer to the file). The samples go to
 * reports/bench/statement-volume.json; scripts/bench.mjs prints median and worst against the budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from '../support/fixtures';
import { playVolumeStatement, type VolumeRun } from '../support/volume';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const runs: VolumeRun[] = [];

test.describe.configure({ mode: 'serial' });
test.use({ trace: 'off', screenshot: 'off', video: 'off' });

for (let i = 1; i <= REPEAT; i++) {
  test(`5,000-entry statement, run ${i} of ${REPEAT}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    runs.push(await playVolumeStatement(page, request));
  });
}

test.afterAll(() => {
  if (runs.length === 0) return;
  // The longest task of each phase of a run is what its budget bounds.
  const longest = (pick: (r: VolumeRun) => number[]) => runs.map((r) => Math.max(0, ...pick(r)));
  const measurements = [
    {
      name: 'statement 5k: longest task, render',
      unit: 'ms',
      budget: 100,
      samples: longest((r) => r.render),
    },
    {
      name: 'statement 5k: longest task, search',
      unit: 'ms',
      budget: 100,
      samples: longest((r) => r.filter),
    },
    {
      name: 'statement 5k: longest task, scroll',
      unit: 'ms',
      budget: 100,
      samples: longest((r) => r.scroll),
    },
    ...(['Excel', 'PDF', 'OFX'] as const).map((f) => ({
      name: `statement 5k: export ${f} (portal part)`,
      unit: 'ms',
      budget: 2000,
      samples: runs.map((r) => r.exports[f].portal),
    })),
    ...(['Excel', 'PDF', 'OFX'] as const).map((f) => ({
      name: `statement 5k: export ${f} (click to file, no budget)`,
      unit: 'ms',
      samples: runs.map((r) => r.exports[f].total),
    })),
  ];
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync('reports/bench/statement-volume.json', `${JSON.stringify({ measurements }, null, 2)}\n`);
});
