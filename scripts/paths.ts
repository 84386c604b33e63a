/**
 * QA export of the generated test plans, in Portuguese.
 *
 *   npm run paths -- [--machine ID] [--strategy shortest|simple] [--format md|csv|json] [--out FILE]
 *
 * --machine takes a flow id (or machine id) and may be repeated; without it every catalog flow is
 * exported. Writes to stdout unless --out is given.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { catalog } from '../machines/catalog';
import { exportPlans, type FlowPlan, type PlanFormat } from '../machines/harness/export-plan';
import { generatePaths, type Strategy } from '../machines/harness/generate';

const usage =
  'uso: npm run paths -- [--machine ID] [--strategy shortest|simple] [--format md|csv|json] [--out ARQUIVO]';

function main(): void {
  const { values } = parseArgs({
    options: {
      machine: { type: 'string', multiple: true },
      strategy: { type: 'string', default: 'shortest' },
      format: { type: 'string', default: 'md' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const strategy = values.strategy as Strategy;
  const format = values.format as PlanFormat;
  if (strategy !== 'shortest' && strategy !== 'simple')
    throw new Error(`--strategy deve ser shortest ou simple\n${usage}`);
  if (format !== 'md' && format !== 'csv' && format !== 'json')
    throw new Error(`--format deve ser md, csv ou json\n${usage}`);
  const wanted = values.machine ?? [];
  const entries = wanted.length
    ? catalog.filter((e) => wanted.includes(e.id) || wanted.includes(e.machine.id))
    : catalog;
  const unknown = wanted.filter((w) => !catalog.some((e) => e.id === w || e.machine.id === w));
  if (unknown.length)
    throw new Error(
      `fluxo desconhecido: ${unknown.join(', ')}. Fluxos: ${catalog.map((e) => e.id).join(', ')}`,
    );
  const plans: FlowPlan[] = entries.map((entry) => ({
    entry,
    strategy,
    paths: generatePaths(entry, { strategy }).paths,
  }));
  const text = exportPlans(plans, format);
  if (values.out) {
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(values.out, text);
    console.error(
      `${plans.reduce((n, p) => n + p.paths.length, 0)} caminhos de ${plans.length} fluxo(s) em ${values.out}`,
    );
  } else {
    process.stdout.write(text);
  }
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
}
