/**
 * Chart export for auditors.
 *
 *   npm run charts                  per flow: reports/charts/<id>.svg, .scxml, .mmd, .json, and an
 *                                   index.html that works from the file system (everything inline)
 *   npm run charts -- --diff <ref>  what changed in the flows since <ref> (states, transitions,
 *                                   guards, operations): text on stdout and reports/charts/diff.html
 *   npm run charts -- --publish     the data of the /auditoria viewer in dist/auditoria/ (run by
 *                                   `npm run build` after `vite build`): per flow the model, its
 *                                   layout and its generated paths, and their coverage
 *
 * Coverage: the generated paths (shortest and simple) are replayed against the real machines
 * (machines/harness/replay.ts, a few seconds for the whole catalog) and what they reached is drawn
 * over the charts and published, so a fresh `npm start` shows it without running the test suite.
 *
 * --diff loads the catalog of <ref> from `git archive <ref>` unpacked into a temporary directory
 * (with node_modules linked), rather than a worktree: it never touches the repository's worktree
 * list or index, leaves nothing behind if interrupted, and brings every file the catalog imports.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FlowEntry } from '../machines/catalog-types';
import { CONTRACT_COPY, indexHtml } from '../machines/harness/chart-index';
import { CONTRACT_PATH } from '../machines/harness/contract';
import {
  AUDIT_DIR,
  AUDIT_INDEX_FILE,
  auditFlowFile,
  auditSimplePathsFile,
  COVERAGE_FILE,
  toAuditPath,
  type AuditFlow,
  type AuditIndex,
  type AuditPaths,
} from '../machines/harness/audit-data';
import {
  computeCoverage,
  CoverageCollector,
  makeReport,
  type CoverageReport,
  type MachineCoverage,
} from '../machines/harness/coverage';
import { diffCatalogs, diffToHtml, diffToText } from '../machines/harness/diff';
import { toMermaid, toScxml } from '../machines/harness/exporters';
import { generatePaths, type FlowPath } from '../machines/harness/generate';
import { layoutChart, type ChartLayout } from '../machines/harness/layout';
import { layoutProblems } from '../machines/harness/layout-check';
import { replayPath } from '../machines/harness/replay';
import { buildModel, type ChartModel } from '../machines/harness/model';
import { renderSvg } from '../machines/harness/scene';

const root = process.cwd();
const outDir = join(root, 'reports', 'charts');

/** One flow, ready to draw and publish: model, layout, generated paths and their coverage. */
interface Prepared {
  entry: FlowEntry;
  model: ChartModel;
  layout: ChartLayout;
  paths: Record<'shortest' | 'simple', FlowPath[]>;
  coverage: MachineCoverage;
}

async function prepare(entry: FlowEntry): Promise<Prepared> {
  const model = buildModel(entry);
  const layout = await layoutChart(model);
  const paths = {
    shortest: generatePaths(entry, { strategy: 'shortest' }).paths,
    simple: generatePaths(entry, { strategy: 'simple' }).paths,
  };
  const collector = new CoverageCollector();
  for (const path of [...paths.shortest, ...paths.simple]) {
    const result = await replayPath(entry, path);
    collector.add(result.hits, { id: path.id, ok: result.ok });
  }
  return { entry, model, layout, paths, coverage: computeCoverage(model, collector) };
}

/** Writes the viewer's data to dist/auditoria/ (see machines/harness/audit-data.ts). */
function publishAudit(prepared: Prepared[], report: CoverageReport): string {
  const dir = join(root, 'dist', AUDIT_DIR);
  mkdirSync(dir, { recursive: true });
  const index: AuditIndex = {
    version: 1,
    generatedAt: report.generatedAt,
    flows: prepared.map(({ entry, model }) => ({
      id: entry.id,
      machineId: model.machineId,
      title: entry.title,
      ...(entry.route ? { route: entry.route } : {}),
      spec: [...entry.spec],
    })),
  };
  writeFileSync(join(dir, AUDIT_INDEX_FILE), JSON.stringify(index));
  for (const p of prepared) {
    const flow: AuditFlow = {
      version: 1,
      model: p.model,
      layout: p.layout,
      shortest: p.paths.shortest.map(toAuditPath),
    };
    writeFileSync(join(dir, auditFlowFile(p.entry.id)), JSON.stringify(flow));
    const simple: AuditPaths = {
      version: 1,
      flowId: p.entry.id,
      strategy: 'simple',
      paths: p.paths.simple.map(toAuditPath),
    };
    writeFileSync(join(dir, auditSimplePathsFile(p.entry.id)), JSON.stringify(simple));
  }
  writeFileSync(join(dir, COVERAGE_FILE), JSON.stringify(report));
  return dir;
}

function exportCharts(prepared: Prepared[], report: CoverageReport): void {
  mkdirSync(outDir, { recursive: true });
  const models: ChartModel[] = [];
  const svgs = new Map<string, string>();
  const pathsCount = new Map<string, number>();
  for (const { entry, model, layout, paths, coverage: cov } of prepared) {
    const svg = renderSvg(model, layout, {
      coverage: { states: cov.hits.states, transitions: cov.hits.transitions },
    });
    pathsCount.set(entry.id, paths.shortest.length);
    models.push(model);
    svgs.set(entry.id, svg);
    writeFileSync(join(outDir, `${entry.id}.svg`), svg);
    writeFileSync(join(outDir, `${entry.id}.scxml`), toScxml(model));
    writeFileSync(join(outDir, `${entry.id}.mmd`), toMermaid(model));
    writeFileSync(
      join(outDir, `${entry.id}.json`),
      `${JSON.stringify({ model, layout, paths: paths.shortest, coverage: cov }, null, 2)}\n`,
    );
  }
  const contractText = existsSync(join(root, CONTRACT_PATH))
    ? readFileSync(join(root, CONTRACT_PATH), 'utf8')
    : '';
  writeFileSync(join(outDir, 'index.html'), indexHtml(models, svgs, report, pathsCount, contractText));
  if (existsSync(join(root, CONTRACT_PATH)))
    copyFileSync(join(root, CONTRACT_PATH), join(outDir, CONTRACT_COPY));
  writeFileSync(join(outDir, 'coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `${prepared.length} fluxo(s) em ${relative(root, outDir)}/ (svg, scxml, mmd, json, index.html)`,
  );
}

async function loadCatalogAt(ref: string): Promise<{ models: ChartModel[]; label: string }> {
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8' }).trim();
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], {
    cwd: top,
    encoding: 'utf8',
  }).trim();
  const label = `${ref} (${sha.slice(0, 10)})`;
  const dir = mkdtempSync(join(tmpdir(), 'charts-diff-'));
  try {
    const tar = execFileSync('git', ['archive', '--format=tar', sha], {
      cwd: top,
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    symlinkSync(join(top, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const catalogFile = join(dir, relative(top, root), 'machines', 'catalog.ts');
    if (!existsSync(catalogFile)) return { models: [], label: `${label}, sem machines/catalog.ts` };
    const mod = (await import(pathToFileURL(catalogFile).href)) as { catalog?: FlowEntry[] };
    return { models: (mod.catalog ?? []).map((e) => buildModel(e)), label };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      diff: { type: 'string' },
      publish: { type: 'boolean' },
      machine: { type: 'string', multiple: true },
      out: { type: 'string' },
    },
  });
  const { catalog } = await import('../machines/catalog');
  const wanted = values.machine ?? [];
  const entries = wanted.length
    ? catalog.filter((e) => wanted.includes(e.id) || wanted.includes(e.machine.id))
    : catalog;
  if (values.diff) {
    const before = await loadCatalogAt(values.diff);
    const after = entries.map((e) => buildModel(e));
    const diffs = diffCatalogs(before.models, after);
    process.stdout.write(diffToText(diffs, before.label));
    const file = resolve(values.out ?? join(outDir, 'diff.html'));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, diffToHtml(diffs, before.label));
    console.error(`HTML: ${relative(root, file)}`);
    return;
  }
  const t0 = performance.now();
  const prepared: Prepared[] = [];
  for (const entry of entries) prepared.push(await prepare(entry));
  const report = makeReport(prepared.map((p) => p.coverage));
  const problems = prepared.flatMap((p) =>
    layoutProblems(p.model, p.layout).map((x) => `${p.entry.id}: ${x}`),
  );
  if (problems.length) console.warn(`${problems.length} problema(s) de desenho:\n  ${problems.join('\n  ')}`);
  const failed = prepared.flatMap((p) => p.coverage.paths.failed);
  if (failed.length) console.warn(`${failed.length} caminho(s) não reproduzidos: ${failed.join(', ')}`);
  if (values.publish) {
    const dir = publishAudit(prepared, report);
    console.log(
      `auditoria: ${prepared.length} fluxo(s) e a cobertura de ${prepared.reduce((n, p) => n + p.coverage.paths.total, 0)} caminhos em ${relative(root, dir)}/ (${Math.round(performance.now() - t0)} ms)`,
    );
    return;
  }
  exportCharts(prepared, report);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
});
