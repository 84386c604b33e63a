// Prints one closing line per suite and a total, in the plain form CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

function unit() {
  const file = 'reports/unit.json';
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: report.numPendingTests ?? 0,
  };
}

function e2e() {
  const file = 'reports/e2e.json';
  if (!existsSync(file)) return undefined;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
  };
}

const suites = { unit: unit(), e2e: e2e() };
const total = { passed: 0, failed: 0, skipped: 0 };
for (const [name, result] of Object.entries(suites)) {
  if (!result) continue;
  console.log(`${name}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
  total.passed += result.passed;
  total.failed += result.failed;
  total.skipped += result.skipped;
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.passed === 0 || total.failed > 0) process.exit(1);
