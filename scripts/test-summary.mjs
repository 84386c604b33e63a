// The end of every `npm test` (scripts/gate.mjs): where the time went, then one closing line in the
// plain form CI reads, alone on its line: `N passed, N failed, N skipped`.
//
// Printed: the wall time of each stage (and of each e2e spec file: first test start to last test
// end, with the test time it holds, since workers run files side by side), the slowest ten tests
// of the unit and e2e suites, the e2e seconds per flow of the path specs (the marginal cost of a
// flow), and the sandbox resets (count and milliseconds, from e2e/support/fixtures.ts).
//
// Counting: tests passed, failed and skipped of both suites; a stage that failed without a failing
// test to show for it (typecheck, lint, a build error, a suite that crashed) counts as one failure,
// so the line never says "0 failed" when the gate did not pass.
//
// Run alone (`node scripts/test-summary.mjs`) it summarises the reports of the last run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text, n) => String(text).padEnd(n);

function unitTests(report) {
  const tests = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    for (const a of file.assertionResults ?? [])
      tests.push({
        suite: 'unit',
        file: name,
        title: a.fullName ?? a.title,
        ms: a.duration ?? 0,
        status: a.status,
        error: a.failureMessages?.[0],
      });
    // A file that failed without a failing test (it did not load, a hook threw) is one failure.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
      tests.push({
        suite: 'unit',
        file: name,
        title: '(the file)',
        ms: 0,
        status: 'failed',
        error: file.message,
      });
  }
  return tests;
}

/** The path driver's annotation (PHASES_ANNOTATION of e2e/driver/path-driver.ts), when present. */
function phasesOf(annotations) {
  const a = annotations.find((x) => x.type === 'fases do caminho (ms)');
  if (!a?.description) return undefined;
  try {
    return JSON.parse(a.description);
  } catch {
    return undefined;
  }
}

/** Every e2e test result with its file, describe titles and timing. */
function e2eTests(report) {
  const tests = [];
  // `file` is the spec file of the root suite: a test declared by a helper (the path driver) has
  // the helper's file as its own location.
  const walk = (suite, file, titles) => {
    const f = file;
    const t = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const r of test.results ?? []) {
          tests.push({
            suite: 'e2e',
            file: `e2e/${f}`,
            describe: t,
            title: spec.title,
            ms: r.duration ?? 0,
            start: Date.parse(r.startTime),
            status: r.status,
            error: r.error?.message ?? r.errors?.[0]?.message,
            phases: phasesOf(test.annotations ?? r.annotations ?? []),
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, f, t);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file, []);
  return tests;
}

function unitCounts(report) {
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function e2eCounts(report) {
  if (!report) return undefined;
  const { stats } = report;
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

function resets() {
  const dir = 'reports/e2e-resets';
  if (!existsSync(dir)) return undefined;
  const all = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => readJson(join(dir, f)).ms);
  if (all.length === 0) return undefined;
  all.sort((a, b) => a - b);
  const at = (q) => all[Math.min(all.length - 1, Math.floor(q * all.length))];
  return { count: all.length, median: at(0.5), p95: at(0.95), max: all[all.length - 1] };
}

/** Prints the summary; returns true when the gate passed. */
export function summarize(gate = readJson('reports/gate.json')) {
  const unitReport = readJson('reports/unit.json');
  const e2eReport = readJson('reports/e2e.json');
  const unit = unitTests(unitReport);
  const e2e = e2eTests(e2eReport);

  console.log('\n════════ where the time went ════════');
  if (gate) {
    for (const st of gate.stages)
      console.log(
        `  ${pad(st.name, 30)} ${pad(st.skipped ? 'skipped' : `${st.seconds.toFixed(1)} s`, 10)}${st.ok ? '' : st.skipped ? '' : ' FAILED'}`,
      );
  }
  // Each spec file: its span on the clock and the test time inside it (workers overlap files).
  const files = new Map();
  for (const t of e2e) {
    if (t.status === 'skipped' || Number.isNaN(t.start)) continue;
    const f = files.get(t.file) ?? { first: Infinity, last: 0, ms: 0, tests: 0 };
    f.first = Math.min(f.first, t.start);
    f.last = Math.max(f.last, t.start + t.ms);
    f.ms += t.ms;
    f.tests += 1;
    files.set(t.file, f);
  }
  for (const [file, f] of [...files.entries()].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `    ${pad(file, 28)} ${pad(s(f.last - f.first), 10)} wall, ${s(f.ms)} of tests (${f.tests})`,
    );
  if (gate)
    console.log(`  ${pad('total', 30)} ${gate.wallSeconds.toFixed(1)} s (e2e workers: ${gate.workers})`);

  const slowest = [...unit, ...e2e].sort((a, b) => b.ms - a.ms).slice(0, 10);
  if (slowest.length > 0) {
    console.log('\n  slowest ten tests:');
    for (const t of slowest)
      console.log(`    ${pad(s(t.ms), 8)} ${t.suite} ${t.file} › ${t.title.slice(0, 90)}`);
  }

  // The path specs' tests by flow (the describe title starts with the catalog id).
  const flows = new Map();
  for (const t of e2e) {
    if (!/paths.*\.spec\.ts$/.test(t.file) || t.status === 'skipped') continue;
    const id = (t.describe[0] ?? '').split(' — ')[0];
    if (!id) continue;
    const f = flows.get(id) ?? { ms: 0, paths: 0, reset: 0, start: 0, steps: 0 };
    f.ms += t.ms;
    f.paths += 1;
    f.reset += t.phases?.reset ?? 0;
    f.start += t.phases?.start ?? 0;
    f.steps += t.phases?.steps ?? 0;
    flows.set(id, f);
  }
  if (flows.size > 0) {
    const workers = gate?.workers ?? e2eReport?.config?.workers ?? 1;
    console.log(
      `\n  e2e seconds per flow (test time; about test time / ${workers} of wall with ${workers} workers;`,
    );
    console.log(
      '  of it: the reset, the start up to the first state (mostly the first page load), the steps,',
    );
    console.log("  and the rest: Playwright's own per test and the reused tab cleaned for the next one):");
    const sum = { ms: 0, paths: 0, reset: 0, start: 0, steps: 0 };
    const row = (id, f) =>
      console.log(
        `    ${pad(id, 22)} ${pad(s(f.ms), 9)} ${pad(`${f.paths} paths`, 10)} reset ${pad(s(f.reset), 8)} start ${pad(s(f.start), 8)} steps ${pad(s(f.steps), 8)} rest ${s(Math.max(0, f.ms - f.reset - f.start - f.steps))}`,
      );
    for (const [id, f] of [...flows.entries()].sort((a, b) => b[1].ms - a[1].ms)) {
      row(id, f);
      for (const k of Object.keys(sum)) sum[k] += f[k];
    }
    row('all flows', sum);
  }
  const r = resets();
  if (r)
    console.log(
      `\n  sandbox resets: ${r.count}, median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`,
    );

  // The failures by name, with the first line of their message, where the tail of a log shows them
  // (CI keeps only the end of the output).
  const failures = [...unit, ...e2e].filter((t) => t.status === 'failed' || t.status === 'timedOut');
  if (failures.length > 0) {
    console.log('\n  failed tests:');
    for (const t of failures.slice(0, 20)) {
      const why = stripVTControlCharacters(String(t.error ?? ''))
        .split('\n')
        .find((line) => line.trim() !== '');
      console.log(`    ${t.suite} ${t.file} › ${t.title.slice(0, 110)}`);
      if (why) console.log(`      ${why.trim().slice(0, 200)}`);
    }
    if (failures.length > 20) console.log(`    … and ${failures.length - 20} more`);
  }

  // ── the closing line
  const total = { passed: 0, failed: 0, skipped: 0 };
  const suites = { unit: unitCounts(unitReport), e2e: e2eCounts(e2eReport) };
  console.log('');
  for (const [name, c] of Object.entries(suites)) {
    if (!c) continue;
    console.log(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  const suiteStage = { unit: 'unit', e2e: 'e2e' };
  for (const st of gate?.stages ?? []) {
    if (st.ok) continue;
    const suite = Object.entries(suiteStage).find(([, n]) => n === st.name)?.[0];
    const shown = suite ? (suites[suite]?.failed ?? 0) : 0;
    if (shown === 0) {
      total.failed += 1;
      console.log(`${st.name}: ${st.skipped ? 'not run' : 'failed'}`);
    }
  }
  const gateFailed = (gate?.stages ?? []).some((st) => !st.ok);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.passed > 0 && total.failed === 0 && !gateFailed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!summarize()) process.exitCode = 1;
}
