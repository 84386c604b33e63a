/**
 * Test plans for QA, in Portuguese: each generated path as readable steps (who acts, what happens,
 * which state must follow, which rule it implements), as Markdown, CSV (';' separated, for
 * spreadsheets in pt-BR) or JSON.
 */
import type { FlowEntry } from '../catalog-types';
import type { FlowPath, PathStep, Strategy, StepKind } from './generate';
import { buildModel, type ChartModel } from './model';
import { toPlain } from './serialize';

export type PlanFormat = 'md' | 'csv' | 'json';

/** One flow's plan. */
export interface FlowPlan {
  entry: FlowEntry;
  strategy: Strategy;
  paths: FlowPath[];
}

const ACTOR: Record<StepKind, string> = {
  init: 'Usuário',
  event: 'Usuário',
  done: 'Sistema',
  error: 'Sistema',
  timer: 'Tempo',
};

const KIND: Record<StepKind, string> = {
  init: 'Início',
  event: 'Ação do usuário',
  done: 'Resposta da API',
  error: 'Falha da API',
  timer: 'Tempo decorrido',
};

const STRATEGY: Record<Strategy, string> = {
  shortest: 'caminhos mais curtos + cobertura de transições',
  simple: 'caminhos simples (sem repetir estado), limitados',
};

/** Labels of the innermost active states of a step, e.g. 'Preenchendo + Valor alto'. */
export function stateNames(model: ChartModel, step: PathStep): string {
  const leaves = step.states.filter((x) => !step.states.some((y) => y.startsWith(`${x}.`)));
  return leaves.map((id) => model.states.find((s) => s.id === id)?.label ?? id).join(' + ') || model.title;
}

/** The spec rules of the innermost active states of a step. */
export function stateSpecs(model: ChartModel, step: PathStep): string[] {
  const leaves = step.states.filter((x) => !step.states.some((y) => y.startsWith(`${x}.`)));
  return [
    ...new Set(
      leaves.map((id) => model.states.find((s) => s.id === id)?.spec).filter((s): s is string => !!s),
    ),
  ];
}

function operationOf(model: ChartModel, step: PathStep): string | undefined {
  if (!step.actor) return undefined;
  for (const s of model.states) {
    const inv = s.invokes.find((i) => i.id === step.actor);
    if (inv) return inv.operationId ?? inv.src;
  }
  return undefined;
}

function action(model: ChartModel, step: PathStep): string {
  if (step.kind === 'init') return `Abre ${model.route ? `a rota ${model.route}` : 'o fluxo'}`;
  const op = operationOf(model, step);
  const invalid = step.valid === false ? ' (dado inválido)' : '';
  const ignored = step.selfLoop ? ' — nada deve mudar' : '';
  return `${step.label}${op ? ` [${op}]` : ''}${invalid}${ignored}`;
}

function markdown(plans: FlowPlan[]): string {
  const out: string[] = [];
  for (const plan of plans) {
    const model = buildModel(plan.entry);
    out.push(`# Plano de testes — ${plan.entry.title} (\`${plan.entry.id}\`)`, '');
    if (plan.entry.route) out.push(`- Rota: \`${plan.entry.route}\``);
    out.push(`- Especificação: ${plan.entry.spec.join('; ')}`);
    out.push(`- Estratégia: ${STRATEGY[plan.strategy]}`);
    out.push(`- Caminhos: ${plan.paths.length}`, '');
    plan.paths.forEach((path, n) => {
      out.push(`## Caminho ${n + 1} — \`${path.id}\``, '');
      out.push(`Repetir sozinho: \`npx playwright test e2e/paths.spec.ts -g "${path.id}"\``, '');
      path.steps.forEach((step, i) => {
        const who = ACTOR[step.kind];
        const expected = stateNames(model, step) + (step.status === 'done' ? ' (fim do fluxo)' : '');
        const rules = stateSpecs(model, step);
        if (i === 0)
          out.push(
            `0. **Início**: ${action(model, step)} → espera **${expected}**${rules.length ? ` _(${rules.join('; ')})_` : ''}`,
          );
        else
          out.push(
            `${i}. **${who}**: ${action(model, step)} → espera **${expected}**${rules.length ? ` _(${rules.join('; ')})_` : ''}`,
          );
      });
      out.push('');
    });
  }
  return out.join('\n');
}

const csvCell = (v: string | number): string => {
  const s = String(v);
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

function csv(plans: FlowPlan[]): string {
  const rows: Array<Array<string | number>> = [
    [
      'fluxo',
      'caminho',
      'passo',
      'quem',
      'tipo',
      'ação',
      'estado esperado',
      'ids dos estados',
      'regra da especificação',
      'dado válido',
    ],
  ];
  for (const plan of plans) {
    const model = buildModel(plan.entry);
    for (const path of plan.paths) {
      path.steps.forEach((step, i) => {
        rows.push([
          plan.entry.id,
          path.id,
          i,
          ACTOR[step.kind],
          KIND[step.kind],
          action(model, step),
          stateNames(model, step) + (step.status === 'done' ? ' (fim)' : ''),
          step.states.join(' '),
          stateSpecs(model, step).join(' | '),
          step.valid === false ? 'não' : 'sim',
        ]);
      });
    }
  }
  // BOM so spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

function json(plans: FlowPlan[]): string {
  const data = plans.map((plan) => {
    const model = buildModel(plan.entry);
    return {
      flow: plan.entry.id,
      title: plan.entry.title,
      route: plan.entry.route ?? null,
      spec: plan.entry.spec,
      strategy: plan.strategy,
      paths: plan.paths.map((path) => ({
        id: path.id,
        title: path.title,
        replay: `npx playwright test e2e/paths.spec.ts -g "${path.id}"`,
        steps: path.steps.map((step, i) => ({
          index: i,
          who: ACTOR[step.kind],
          kind: step.kind,
          action: action(model, step),
          event: toPlain(step.event),
          valid: step.valid !== false,
          expected: {
            label: stateNames(model, step),
            states: step.states,
            value: step.value,
            status: step.status,
          },
          spec: stateSpecs(model, step),
        })),
      })),
    };
  });
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The plans in the given format. */
export function exportPlans(plans: FlowPlan[], format: PlanFormat): string {
  if (format === 'csv') return csv(plans);
  if (format === 'json') return json(plans);
  return markdown(plans);
}
