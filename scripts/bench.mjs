// `npm run bench`: the timing budgets, measured repeatedly on a quiet machine, never in `npm test`
// (on a loaded machine a long-task budget fails while every functional assertion holds).
//
// Steps, in order, each alone on the machine:
//   1. the Playwright measurements of e2e/bench/*.bench.ts (playwright.bench.config.ts; needs
//      `npm run build`; BENCH_REPEAT runs each, default 5);
//   2. every scripts/bench-*.mjs, in name order (add a measurement by adding one such script).
// Each step writes reports/bench/<name>.json:
//   { "measurements": [ { "name": "…", "unit": "ms", "budget": 100, "samples": [12, 15, …] } ] }
// (`budget` optional: a measurement without one is printed and never fails). Then this script
// prints, per measurement, the median and the worst sample against the budget, and exits non-zero
// when a step failed or a median is over its budget.
//
// `npm run bench -- --only <step>` runs one step: `playwright` or a script name (bench-lighthouse).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? process.argv[i + 1] : undefined;
})();

const steps = [
  { name: 'playwright', command: 'npx', args: ['playwright', 'test', '-c', 'playwright.bench.config.ts'] },
  ...readdirSync('scripts')
    .filter((f) => /^bench-.+\.mjs$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.mjs$/, ''), command: process.execPath, args: [join('scripts', f)] })),
].filter((s) => !only || s.name === only);

if (steps.length === 0) {
  console.error(`bench: no step named '${only}'`);
  process.exit(2);
}

const cores = availableParallelism();
const [load] = loadavg();
console.log(`bench: load average ${load.toFixed(1)} on ${cores} cores`);
if (load > cores)
  console.log('bench: the machine is busy; figures will be pessimistic (run it alone for your notes)');

rmSync('reports/bench', { recursive: true, force: true });
mkdirSync('reports/bench', { recursive: true });

const failedSteps = [];
for (const step of steps) {
  console.log(`\n── ${step.name}`);
  const code = await new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(1));
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) failedSteps.push(step.name);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

let over = 0;
console.log('\n════════ bench ════════');
console.log(
  `  ${'measurement'.padEnd(56)} ${'n'.padStart(3)} ${'median'.padStart(9)} ${'worst'.padStart(9)} ${'budget'.padStart(9)}`,
);
const files = existsSync('reports/bench')
  ? readdirSync('reports/bench').filter((f) => f.endsWith('.json'))
  : [];
for (const file of files.sort()) {
  const { measurements = [] } = JSON.parse(readFileSync(join('reports/bench', file), 'utf8'));
  for (const m of measurements) {
    if (!m.samples?.length) continue;
    const med = median(m.samples);
    const worst = Math.max(...m.samples);
    const unit = m.unit ?? '';
    const fmt = (x) => `${Math.round(x * 10) / 10}${unit ? ` ${unit}` : ''}`;
    const verdict =
      m.budget === undefined ? '' : med > m.budget ? '  OVER' : worst > m.budget ? '  (worst over)' : '  ok';
    if (m.budget !== undefined && med > m.budget) over++;
    console.log(
      `  ${m.name.padEnd(56)} ${String(m.samples.length).padStart(3)} ${fmt(med).padStart(9)} ${fmt(worst).padStart(9)} ${(m.budget === undefined ? '-' : fmt(m.budget)).padStart(9)}${verdict}`,
    );
  }
}
if (failedSteps.length > 0) console.log(`\nbench: failed steps: ${failedSteps.join(', ')}`);
console.log(`\n${over} median(s) over budget, ${failedSteps.length} step(s) failed`);
if (over > 0 || failedSteps.length > 0) process.exitCode = 1;
