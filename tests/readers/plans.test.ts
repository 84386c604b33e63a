/**
 * QA's test plans read by Python's csv and json modules, as a tester's tools read them (issue
 * #11): every row whole, no cell a spreadsheet would run as a formula, step 0 saying how to reach
 * the flow, the fixtures' test data in the steps, spec references in Portuguese.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import { csvCell, exportPlans, type FlowPlan } from '../../machines/harness/export-plan';
import { generatePaths } from '../../machines/harness/generate';
import { SAMPLE_REPORT } from '../../machines/statement/sample-data';
import { python, requirePythonModule } from './tools';

const READ_CSV = `
import csv, json, sys
with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
    print(json.dumps(list(csv.reader(f, delimiter=';'))))
`;
const READ_JSON = `
import json, sys
with open(sys.argv[1], encoding='utf-8') as f:
    print(json.dumps(json.load(f)))
`;
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/users';

interface JsonPlan {
  flow: string;
  spec: string[];
  paths: Array<{
    id: string;
    steps: Array<{ index: number; action: string; spec: string[]; event: unknown }>;
  }>;
}

/** Section names the specs use in English; a Portuguese plan must not show them. */
const ENGLISH =
  /States and transitions|The calls it makes|error catalogue|Entities and their fields|Validation rules|Export dialog|Receipt dialog|Statement screen|Business constants/;

let dir = '';
let plans: FlowPlan[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plans-'));
  plans = catalog.map((entry) => ({
    entry,
    strategy: 'shortest',
    paths: generatePaths(entry, { strategy: 'shortest' }).paths,
  }));
  writeFileSync(join(dir, 'plans.csv'), exportPlans(plans, 'csv'));
  writeFileSync(join(dir, 'plans.json'), exportPlans(plans, 'json'));
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the plans read by Python csv', () => {
  it('has every step of every path as a whole row, and no formula cell', () => {
    requirePythonModule('csv', 'python3');
    const rows = JSON.parse(python(READ_CSV, [join(dir, 'plans.csv')])) as string[][];
    expect(rows[0]?.[0]).toBe('fluxo');
    const steps = plans.reduce((n, p) => n + p.paths.reduce((m, path) => m + path.steps.length, 0), 0);
    expect(rows).toHaveLength(steps + 1);
    for (const row of rows) expect(row).toHaveLength(11);
    expect(rows[0]?.[10]).toBe('dia assumido');
    for (const cell of rows.flat()) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    for (const cell of rows.map((r) => r[8] ?? '')) expect(cell).not.toMatch(ENGLISH);
  });

  it('escapes a cell a spreadsheet would run as a formula, and reads it back as text', () => {
    const hostile = [
      '=HYPERLINK("http://x","y")',
      '+55 11',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      'normal; "quoted"',
    ];
    const file = join(dir, 'hostile.csv');
    writeFileSync(file, `${hostile.map(csvCell).join(';')}\r\n`);
    const [row] = JSON.parse(python(READ_CSV, [file])) as string[][];
    expect(row).toEqual(hostile.map((h, i) => (i < hostile.length - 1 ? `'${h}` : h)));
  });
});

describe('the plans read by Python json', () => {
  let read: JsonPlan[] = [];
  beforeAll(() => {
    read = JSON.parse(python(READ_JSON, [join(dir, 'plans.json')])) as JsonPlan[];
  });
  const flow = (id: string): JsonPlan => read.find((p) => p.flow === id) as JsonPlan;

  it('lists every flow, in Portuguese throughout', () => {
    expect(read.map((p) => p.flow).sort()).toEqual(catalog.map((e) => e.id).sort());
    for (const plan of read) {
      for (const ref of plan.spec) expect(ref).not.toMatch(ENGLISH);
      for (const step of plan.paths.flatMap((p) => p.steps))
        for (const ref of step.spec) expect(ref).not.toMatch(ENGLISH);
    }
    expect(flow('login').spec.join(' ')).toContain('§4 Estados e transições');
  });

  it('opens the receipt and the export dialog in step 0, after signing in', () => {
    for (const path of flow('receipt').paths) {
      expect(path.steps[0]?.action).toContain('Entra como maria@exemplo.com.br com a senha Senha@123');
      expect(path.steps[0]?.action).toContain('Clica em Ver comprovante');
    }
    for (const path of flow('statement-export').paths)
      expect(path.steps[0]?.action).toContain('Clica em EXPORTAR');
  });

  it('carries the test data each step types', () => {
    const actions = flow('login').paths.flatMap((p) => p.steps.map((s) => s.action));
    expect(actions.some((a) => a.includes(DEMO_USERS.maria.email))).toBe(true);
    expect(
      actions.filter((a) => a.startsWith('Digita a senha')).every((a) => a.includes(DEMO_PASSWORD)),
    ).toBe(true);
  });

  it('types a period that holds the rows the export answer it expects', () => {
    const typed = flow('statement-export')
      .paths.flatMap((p) => p.steps)
      .map((s) => s.event as { type?: string; start?: string; end?: string } | null)
      .filter((e) => e?.type === 'export.dates' && e.start && e.end && e.start <= e.end);
    expect(typed.length).toBeGreaterThan(0);
    const days = SAMPLE_REPORT.map((r) => r.transactionDate.slice(0, 10).split('/').reverse().join('-'));
    for (const e of typed) {
      if (!e?.start || !e.end || e.end > '2026-05-20') continue;
      for (const d of days) expect(d >= e.start && d <= e.end, `${d} in ${e.start}..${e.end}`).toBe(true);
    }
  });
});
