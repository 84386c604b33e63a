/**
 * The offline index of the chart export (reports/charts/index.html): every flow's SVG inline, its
 * states and transitions as tables, its coverage, and the contract's text of every operation a
 * chart invokes. It links only inside its folder (the export is sent to auditors as a folder):
 * to anchors of the page, to the flow files beside it and to the contract's copy
 * (CONTRACT_COPY), which scripts/charts.ts writes there.
 */
import { CONTRACT_PATH, operationExcerpt } from './contract';
import type { CoverageReport } from './coverage';
import { transitionLabel } from './labels';
import type { ChartModel } from './model';

/** Name of the contract's copy in the export folder. */
export const CONTRACT_COPY = 'openapi-portal.yaml';

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function indexHtml(
  models: ChartModel[],
  svgs: Map<string, string>,
  coverage: CoverageReport | undefined,
  pathsCount: Map<string, number>,
  contractText: string,
): string {
  // The export is sent to auditors as a folder: it carries the contract (a copy beside index.html)
  // and, inline, the text of every operation a chart invokes, instead of linking into the repository.
  const usedOps = [
    ...new Set(models.flatMap((m) => Object.values(m.operations).filter((o): o is string => !!o))),
  ].sort();
  const excerpts = new Map(
    usedOps.flatMap((op) => {
      const e = operationExcerpt(contractText, op);
      return e ? [[op, e] as const] : [];
    }),
  );
  const opLink = (op: string | undefined): string => {
    if (!op) return '';
    return excerpts.has(op) ? `<a href="#op-${esc(op)}">${esc(op)}</a>` : esc(op);
  };
  const contractSection = excerpts.size
    ? `<section id="contrato"><h2>Operações do contrato</h2><p>Trechos de <code>${esc(CONTRACT_PATH)}</code>; o contrato inteiro está em <a href="${CONTRACT_COPY}">${CONTRACT_COPY}</a>, nesta pasta.</p>${[
        ...excerpts,
      ]
        .map(
          ([op, e]) =>
            `<h3 id="op-${esc(op)}">${esc(op)} <small>(linha ${e.line})</small></h3><pre>${esc(e.text)}</pre>`,
        )
        .join('')}</section>`
    : '';
  const nav = models
    .map((m) => `<li><a href="#${esc(m.flowId)}">${esc(m.title)}</a> <code>${esc(m.flowId)}</code></li>`)
    .join('');
  const sections = models
    .map((m) => {
      const cov = coverage?.machines[m.flowId];
      const covLine = cov
        ? `<p class="cov">Cobertura dos caminhos gerados, reproduzidos nas máquinas: estados ${cov.states.percent}% · transições ${cov.transitions.percent}% · guardas ${cov.guards.percent}% (${cov.paths.passed}/${cov.paths.total} caminhos passaram)</p>`
        : '<p class="cov">Sem cobertura registrada (rode os testes unitários).</p>';
      const states = m.states
        .filter((s) => s.parent !== null)
        .map(
          (s) =>
            `<tr><td>${esc(s.label)}<br><code>${esc(s.id)}</code></td><td>${esc(s.type)}</td><td>${esc(s.spec ?? '')}</td><td>${s.invokes.map((i) => `${esc(i.id)}: ${opLink(i.operationId) || esc(i.src)}`).join('<br>')}</td><td>${esc(s.tags.join(', '))}</td></tr>`,
        )
        .join('');
      const transitions = m.transitions
        .map(
          (t) =>
            `<tr><td><code>${esc(t.source)}</code></td><td>${esc(transitionLabel(t))}<br><code>${esc(t.event || 'always')}</code></td><td>${esc(t.guard ?? '')}</td><td>${esc(t.actions.join(', '))}</td><td><code>${esc(t.targets.join(', ') || '—')}</code></td><td>${opLink(t.operationId)}</td><td>${esc(t.spec ?? '')}</td></tr>`,
        )
        .join('');
      return `<section id="${esc(m.flowId)}">
<h2>${esc(m.title)} <code>${esc(m.flowId)}</code></h2>
<p>${m.route ? `Rota <code>${esc(m.route)}</code> · ` : ''}${m.spec.map(esc).join(' · ')} · ${pathsCount.get(m.flowId) ?? 0} caminhos gerados</p>
${covLine}
<div class="chart">${svgs.get(m.flowId) ?? ''}</div>
<details><summary>Estados (${m.states.length - 1})</summary><table><thead><tr><th>Estado</th><th>Tipo</th><th>Regra</th><th>Operações</th><th>Tags</th></tr></thead><tbody>${states}</tbody></table></details>
<details><summary>Transições (${m.transitions.length})</summary><table><thead><tr><th>De</th><th>Evento</th><th>Guarda</th><th>Ações</th><th>Para</th><th>Operação</th><th>Regra</th></tr></thead><tbody>${transitions}</tbody></table></details>
<p>Arquivos: <a href="${esc(m.flowId)}.svg">SVG</a> · <a href="${esc(m.flowId)}.scxml">SCXML</a> · <a href="${esc(m.flowId)}.mmd">Mermaid</a> · <a href="${esc(m.flowId)}.json">JSON</a></p>
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Diagramas de estado do portal</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:16rem 1fr;color:#1a202c}
nav{position:sticky;top:0;height:100vh;overflow:auto;border-right:1px solid #e2e8f0;padding:1rem;box-sizing:border-box}
nav ul{list-style:none;padding:0}main{padding:1rem 2rem;min-width:0}.chart{overflow:auto;border:1px solid #e2e8f0;border-radius:8px;margin:.5rem 0}
pre{background:#f7fafc;border:1px solid #e2e8f0;padding:.5rem;overflow:auto;font-size:12px}table{border-collapse:collapse;width:100%;font-size:12px}th,td{border-bottom:1px solid #edf2f7;padding:.25rem .4rem;text-align:left;vertical-align:top}
.cov{color:#2c7a7b}section{margin-bottom:3rem}.legend span{display:inline-block;padding:0 .4rem;margin-right:.5rem;border-radius:4px}
</style></head><body>
<nav aria-label="Fluxos"><h1 style="font-size:1.1rem">Fluxos</h1><ul>${nav}</ul></nav>
<main><h1>Diagramas de estado do portal</h1>
<p class="legend">Gerado em ${esc(new Date().toLocaleString('pt-BR'))}. ${coverage ? `<span style="background:#e6fffa">coberto</span><span style="outline:2px dashed #c53030">não coberto</span> pelos caminhos gerados.` : ''}</p>
${sections}
${contractSection}
</main></body></html>
`;
}
