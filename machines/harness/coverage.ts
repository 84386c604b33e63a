/**
 * Coverage of a flow by a test run: states entered, transitions taken and guard outcomes seen
 * (both the true and the false branch of every guarded transition), against the static model.
 * Written as reports/coverage/machines.json (read by the viewer as /auditoria/coverage.json) and
 * rendered as HTML by `renderCoverageHtml`.
 */
import { coverableGuardOutcomes, coverableStates, type ChartModel } from './model';

/** Ids hit by a run (any order, duplicates allowed). */
export interface Hits {
  states: Iterable<string>;
  transitions: Iterable<string>;
  guards: Iterable<string>;
}

export interface CoverageCount {
  total: number;
  covered: number;
  /** Percentage, 0–100 with one decimal (100 when total is 0). */
  percent: number;
  missing: string[];
}

/** Coverage of one flow. */
export interface MachineCoverage {
  flowId: string;
  machineId: string;
  title: string;
  states: CoverageCount;
  transitions: CoverageCount;
  guards: CoverageCount;
  /** How often each id was hit, for drawing over the chart. */
  hits: {
    states: Record<string, number>;
    transitions: Record<string, number>;
    guards: Record<string, number>;
  };
  paths: { total: number; passed: number; failed: string[] };
}

/** The file the unit suite writes. */
export interface CoverageReport {
  version: 1;
  generatedAt: string;
  machines: Record<string, MachineCoverage>;
}

function count(universe: string[], hit: ReadonlyMap<string, number>): CoverageCount {
  const missing = universe.filter((id) => !hit.has(id));
  const covered = universe.length - missing.length;
  return {
    total: universe.length,
    covered,
    percent: universe.length === 0 ? 100 : Math.floor((covered / universe.length) * 1000) / 10,
    missing,
  };
}

function tally(ids: Iterable<string>, into: Map<string, number>): void {
  for (const id of ids) into.set(id, (into.get(id) ?? 0) + 1);
}

/** Accumulates the hits of many replays of one flow. */
export class CoverageCollector {
  readonly states = new Map<string, number>();
  readonly transitions = new Map<string, number>();
  readonly guards = new Map<string, number>();
  readonly passed: string[] = [];
  readonly failed: string[] = [];

  add(hits: Hits, path?: { id: string; ok: boolean }): void {
    tally(hits.states, this.states);
    tally(hits.transitions, this.transitions);
    tally(hits.guards, this.guards);
    if (path) (path.ok ? this.passed : this.failed).push(path.id);
  }
}

/** Coverage of a flow from what a collector saw. */
export function computeCoverage(model: ChartModel, collected: CoverageCollector): MachineCoverage {
  const states = coverableStates(model).map((s) => s.id);
  const transitions = model.transitions.map((t) => t.id);
  const guards = coverableGuardOutcomes(model);
  const only = (m: Map<string, number>, keep: string[]): Record<string, number> => {
    const set = new Set(keep);
    return Object.fromEntries([...m].filter(([k]) => set.has(k)).sort(([a], [b]) => a.localeCompare(b)));
  };
  return {
    flowId: model.flowId,
    machineId: model.machineId,
    title: model.title,
    states: count(states, collected.states),
    transitions: count(transitions, collected.transitions),
    guards: count(guards, collected.guards),
    hits: {
      states: only(collected.states, states),
      transitions: only(collected.transitions, transitions),
      guards: only(collected.guards, guards),
    },
    paths: {
      total: collected.passed.length + collected.failed.length,
      passed: collected.passed.length,
      failed: [...collected.failed],
    },
  };
}

/** The gate: what keeps a flow under 100% of states or transitions (empty when it passes). */
export function coverageGaps(c: MachineCoverage): string[] {
  const out: string[] = [];
  if (c.states.missing.length)
    out.push(
      `${c.flowId}: states not reached (${c.states.covered}/${c.states.total}): ${c.states.missing.join(', ')}`,
    );
  if (c.transitions.missing.length) {
    out.push(
      `${c.flowId}: transitions not taken (${c.transitions.covered}/${c.transitions.total}):\n    ${c.transitions.missing.join('\n    ')}`,
    );
  }
  return out;
}

/** Guard outcomes never seen (reported, not gated: a guard may be true by construction). */
export function guardGaps(c: MachineCoverage): string[] {
  return c.guards.missing.length
    ? [
        `${c.flowId}: guard outcomes not seen (${c.guards.covered}/${c.guards.total}): ${c.guards.missing.join(', ')}`,
      ]
    : [];
}

/** A report from per-flow coverages. */
export function makeReport(coverages: MachineCoverage[], now: Date = new Date()): CoverageReport {
  return {
    version: 1,
    generatedAt: now.toISOString(),
    machines: Object.fromEntries(coverages.map((c) => [c.flowId, c])),
  };
}

/** True when `value` looks like a coverage report (for readers of the JSON file). */
export function isCoverageReport(value: unknown): value is CoverageReport {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { version?: unknown }).version === 1 &&
    typeof (value as { machines?: unknown }).machines === 'object'
  );
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function bar(c: CoverageCount): string {
  const cls = c.percent === 100 ? 'ok' : c.percent >= 80 ? 'warn' : 'bad';
  return `<td class="${cls}"><meter min="0" max="100" value="${c.percent}"></meter> ${c.percent.toLocaleString('pt-BR')}% <small>(${c.covered}/${c.total})</small></td>`;
}

/** Self-contained HTML report (no scripts, no network). */
export function renderCoverageHtml(report: CoverageReport, models: ChartModel[] = []): string {
  const byFlow = new Map(models.map((m) => [m.flowId, m]));
  const rows = Object.values(report.machines)
    .map(
      (c) =>
        `<tr><th scope="row"><a href="#${esc(c.flowId)}">${esc(c.title)}</a><br><code>${esc(c.flowId)}</code></th>${bar(c.states)}${bar(c.transitions)}${bar(c.guards)}<td>${c.paths.passed}/${c.paths.total}</td></tr>`,
    )
    .join('\n');
  const details = Object.values(report.machines)
    .map((c) => {
      const model = byFlow.get(c.flowId);
      const label = (id: string): string => {
        const st = model?.states.find((s) => s.id === id);
        return st ? `${esc(st.label)} <code>${esc(id)}</code>` : `<code>${esc(id)}</code>`;
      };
      const list = (title: string, ids: string[], fmt: (id: string) => string): string =>
        ids.length ? `<h4>${title}</h4><ul>${ids.map((id) => `<li>${fmt(id)}</li>`).join('')}</ul>` : '';
      const failed = c.paths.failed.length
        ? `<h4>Caminhos que falharam</h4><ul>${c.paths.failed.map((p) => `<li><code>${esc(p)}</code></li>`).join('')}</ul>`
        : '';
      const all =
        c.states.missing.length + c.transitions.missing.length + c.guards.missing.length === 0 && !failed;
      return `<section id="${esc(c.flowId)}"><h3>${esc(c.title)}</h3>${all ? '<p class="ok">Cobertura completa.</p>' : ''}${list('Estados não alcançados', c.states.missing, label)}${list('Transições não exercitadas', c.transitions.missing, (id) => `<code>${esc(id)}</code>`)}${list('Resultados de guardas não vistos', c.guards.missing, (id) => `<code>${esc(id)}</code>`)}${failed}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Cobertura das máquinas de estado</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#1b1f24}table{border-collapse:collapse}th,td{border:1px solid #ccd;padding:.4rem .6rem;text-align:left;vertical-align:top}
.ok{color:#116329}.warn{color:#7d4e00}.bad{color:#a40e26}code{font-size:12px}meter{width:6rem}section{margin-top:1.5rem}
</style></head><body>
<h1>Cobertura das máquinas de estado</h1>
<p>Gerado em ${esc(new Date(report.generatedAt).toLocaleString('pt-BR'))}. Estados e transições precisam de 100%; os dois resultados de cada guarda são informativos.</p>
<table><thead><tr><th scope="col">Fluxo</th><th scope="col">Estados</th><th scope="col">Transições</th><th scope="col">Guardas (verdadeiro/falso)</th><th scope="col">Caminhos</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${details}
</body></html>
`;
}
