// `npm test`: the gate. Runs every stage, times each one, keeps going after a failure as far as
// makes sense (a failed build skips only the e2e stage, which serves dist/), then prints where the
// time went and the closing `N passed, N failed, N skipped` line (scripts/test-summary.mjs), and
// exits non-zero when anything failed.
//
// Stages: typecheck, prettier, eslint (the two of `npm run lint`), dead code (knip, knip.jsonc),
// contract lint, unit (vitest), build (+ bundle budget), e2e (Playwright, one sandbox per worker).
// The static checks are single-threaded, so two run at a time on a 2-core machine; the rest use
// every core and run alone.
//
// Extra arguments go to Playwright (`npm test -- --shard=1/2`).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { summarize } from './test-summary.mjs';

const STATIC_PARALLEL = Math.max(1, Math.min(2, availableParallelism()));

/** @typedef {{ name: string, command: string, args: string[], needs?: string[] }} Stage */

/** @type {Stage[]} */
// Longest first, so the two lanes end close together: `npm run lint` is eslint then prettier, here
// two stages, so that prettier runs beside eslint instead of after it while the typecheck holds the
// other lane alone.
const staticChecks = [
  { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'prettier', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'eslint', command: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'dead code', command: 'npx', args: ['knip', '--no-progress'] },
  { name: 'contract lint', command: 'npm', args: ['run', '--silent', 'lint:contract'] },
];
/** @type {Stage[]} */
const sequential = [
  { name: 'unit', command: 'npm', args: ['run', '--silent', 'test:unit'] },
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  {
    name: 'e2e',
    command: 'npx',
    args: ['playwright', 'test', ...process.argv.slice(2)],
    needs: ['build'],
  },
];

/** @type {{ name: string, ok: boolean, skipped?: boolean, seconds: number, output?: string }[]} */
const results = [];

/** Runs one stage; static checks are buffered so parallel ones do not interleave. */
function run(stage, { buffer }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(stage.command, stage.args, {
      stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    let output = '';
    if (buffer) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    const done = (code) => {
      const seconds = (performance.now() - started) / 1000;
      const result = { name: stage.name, ok: code === 0, seconds, output };
      console.log(
        `\n── ${stage.name}: ${result.ok ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s`,
      );
      if (buffer && output.trim()) console.log(output.trimEnd());
      resolve(result);
    };
    child.on('error', (e) => {
      output += String(e);
      done(1);
    });
    child.on('exit', (code) => done(code ?? 1));
  });
}

async function pool(stages, width) {
  const queue = [...stages];
  const out = [];
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) out.push(await run(s, { buffer: true }));
  };
  await Promise.all(Array.from({ length: width }, worker));
  return stages.map((s) => out.find((r) => r.name === s.name));
}

const gateStart = performance.now();
// Reports of an earlier run must never be read as this run's.
rmSync('reports/unit.json', { force: true });
rmSync('reports/e2e.json', { force: true });
rmSync('reports/e2e-resets', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

console.log(`── ${staticChecks.map((s) => s.name).join(', ')} (${STATIC_PARALLEL} at a time)`);
results.push(...(await pool(staticChecks, STATIC_PARALLEL)));
for (const stage of sequential) {
  const missing = (stage.needs ?? []).filter((n) => !results.find((r) => r.name === n)?.ok);
  if (missing.length > 0) {
    console.log(`\n── ${stage.name}: skipped (${missing.join(', ')} failed)`);
    results.push({ name: stage.name, ok: false, skipped: true, seconds: 0 });
    continue;
  }
  console.log(`\n── ${stage.name}`);
  results.push(await run(stage, { buffer: false }));
}

const gate = {
  wallSeconds: (performance.now() - gateStart) / 1000,
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism() + 2),
  stages: results.map(({ name, ok, skipped, seconds }) => ({ name, ok, skipped: !!skipped, seconds })),
};
writeFileSync('reports/gate.json', `${JSON.stringify(gate, null, 2)}\n`);
process.exitCode = summarize(gate) ? 0 : 1;
