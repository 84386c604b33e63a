/**
 * Test plans for QA, in Portuguese: each generated path as readable steps (who acts, what happens,
 * which state must follow, which rule it implements), as Markdown, CSV (';' separated, for
 * spreadsheets in pt-BR) or JSON.
 *
 * A manual tester must be able to follow a plan alone (issue #11): step 0 lists every step that
 * reaches the flow (the entry's `entrySteps`: sign in, open the dialog), each step carries the
 * concrete test data its fixture sends, spec references are given in Portuguese, and no CSV cell
 * can be run by a spreadsheet as a formula.
 *
 * Each plan carries its day (issue 27): the fixtures are written for one day (the machine's
 * `today`, or its `now`), and the bank's answers they expect (bill lines, due dates) are the seed
 * of that day. A plan with a day says it, and how to put the sandbox there:
 * `POST /sandbox/reset` with `{ "at": <that day, 12:00 in São Paulo> }` seeds the bank for that day
 * and runs its clock from there (sandbox/http/test-routes.ts). A plan without one says that its
 * machine does not read the day.
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
  walk: 'percursos que podem voltar a um estado (nova tentativa, diálogo reaberto)',
};

/** Labels of the innermost active states of a step, e.g. 'Preenchendo + Valor alto'. */
export function stateNames(model: ChartModel, step: PathStep): string {
  const leaves = step.states.filter((x) => !step.states.some((y) => y.startsWith(`${x}.`)));
  return leaves.map((id) => model.states.find((s) => s.id === id)?.label ?? id).join(' + ') || model.title;
}

/** The spec rules of the innermost active states of a step, in Portuguese. */
export function stateSpecs(model: ChartModel, step: PathStep): string[] {
  const leaves = step.states.filter((x) => !step.states.some((y) => y.startsWith(`${x}.`)));
  return [
    ...new Set(
      leaves
        .map((id) => model.states.find((s) => s.id === id)?.spec)
        .filter((s): s is string => !!s)
        .map(specInPortuguese),
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

/**
 * Section names of the specifications, in the plan's language. The spec files are written in
 * English; a Portuguese plan names their sections in Portuguese ('§4 Estados e transições').
 */
const SPEC_SECTIONS_PT: Record<string, string> = {
  'States and transitions': 'Estados e transições',
  'The calls it makes': 'As chamadas que faz',
  'The error catalogue': 'O catálogo de erros',
  'Entities and their fields': 'Entidades e seus campos',
  'Business constants and limits': 'Constantes e limites do negócio',
  'Validation rules': 'Regras de validação',
  'Screens and routes': 'Telas e rotas',
  'Public routes': 'Rotas públicas',
  'Protected routes': 'Rotas protegidas',
  'Statement screen': 'Tela do extrato',
  'Statement period and export': 'Período do extrato e exportação',
  'Statement export': 'Exportação do extrato',
  'Export dialog': 'Diálogo de exportação',
  'Receipt dialog': 'Diálogo do comprovante',
  'New password (change and first access)': 'Nova senha (troca e primeiro acesso)',
  'Address book': 'Catálogo de endereços',
  'Address form': 'Formulário de endereço',
  'Address edit': 'Edição de endereço',
  'Address as shown': 'Endereço como exibido',
  'Address in the API form': 'Endereço no formato da API',
  'Statement client info': 'Dados do cliente no extrato',
  'Statement entry': 'Lançamento do extrato',
  'Transaction detail': 'Detalhe da transação',
  'add address': 'incluir endereço',
  'delete address': 'excluir endereço',
  Client: 'Cliente',
  Balance: 'Saldo',
  Export: 'Exportação',
};

const specPattern = new RegExp(
  `\\b(?:${Object.keys(SPEC_SECTIONS_PT)
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\p{L}])`,
  'gu',
);

/** A spec reference with its section names in Portuguese, in one pass (no name is translated twice). */
export function specInPortuguese(ref: string): string {
  return ref.replace(specPattern, (name) => SPEC_SECTIONS_PT[name] ?? name);
}

/** Payload keys as a tester reads them; the value is what the tester types or picks. */
const DATA_KEYS_PT: Record<string, string> = {
  value: 'valor',
  start: 'início',
  end: 'fim',
  text: 'texto',
  code: 'código',
  periodType: 'período',
  format: 'formato',
  month: 'mês',
  email: 'e-mail',
  password: 'senha',
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One value of a fixture's payload as a tester types it: dates as DD/MM/AAAA, '' as empty. */
function shownValue(v: unknown): string | undefined {
  if (typeof v === 'string') {
    if (v === '') return '(vazio)';
    const day = ISO_DAY.exec(v);
    return day ? `${day[3]}/${day[2]}/${day[1]}` : v;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/**
 * The concrete test data of an event's payload that its label does not already say, e.g.
 * 'valor: maria@exemplo.com.br'. Fields that only route the event (`field`) are left out.
 */
export function testData(event: unknown, label: string): string {
  if (typeof event !== 'object' || event === null) return '';
  const parts: string[] = [];
  const walk = (o: Record<string, unknown>, prefix: string): void => {
    for (const [key, v] of Object.entries(o)) {
      if (prefix === '' && (key === 'type' || key === 'field')) continue;
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        walk(v as Record<string, unknown>, `${prefix}${key}.`);
        continue;
      }
      const shown = shownValue(v);
      if (shown === undefined || (shown !== '(vazio)' && label.includes(shown))) continue;
      parts.push(`${prefix}${DATA_KEYS_PT[key] ?? key}: ${shown}`);
    }
  };
  walk(event as Record<string, unknown>, '');
  return parts.join(', ');
}

/** The day a plan's data assume, and how to put the sandbox bank on it. */
export interface PlanDay {
  /** YYYY-MM-DD, São Paulo. */
  day: string;
  /** The instant the bank is put at: the fixtures' `now`, else 12:00 of the day in São Paulo. */
  at: string;
  /** The request that seeds the bank for the day. */
  request: { method: 'POST'; path: '/sandbox/reset'; body: { at: string } };
}

const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/**
 * The day the flow's fixtures are written for: the machine input's `today`, else the São Paulo day
 * of its `now()`; undefined when the input has neither (the machine does not read the day).
 */
export function planDay(entry: FlowEntry): PlanDay | undefined {
  const input = (entry.input ?? {}) as { today?: unknown; now?: unknown };
  const now = typeof input.now === 'function' ? (input.now as () => unknown)() : undefined;
  const instant = now instanceof Date && !Number.isNaN(now.getTime()) ? now : undefined;
  const day =
    typeof input.today === 'string' && ISO_DAY.test(input.today)
      ? input.today
      : instant
        ? SAO_PAULO_DAY.format(instant)
        : undefined;
  if (!day) return undefined;
  // São Paulo has kept UTC-3 all year since 2019.
  const at =
    instant && SAO_PAULO_DAY.format(instant) === day ? instant.toISOString() : `${day}T12:00:00-03:00`;
  return { day, at, request: { method: 'POST', path: '/sandbox/reset', body: { at } } };
}

const shownDay = (day: string): string => day.split('-').reverse().join('/');

/** What a tester reads about the plan's day, in Portuguese. */
export function planDayText(entry: FlowEntry): string {
  const d = planDay(entry);
  if (!d)
    return 'qualquer: a máquina deste fluxo não lê o dia de hoje (as datas das respostas esperadas são exemplos)';
  return (
    `${shownDay(d.day)}. Antes de jogar, ponha o banco nesse dia: com o sandbox iniciado com ` +
    `SANDBOX_TEST_ROUTES=1, POST /sandbox/reset com ${JSON.stringify(d.request.body)} ` +
    `(o banco é semeado para esse dia e o relógio dele anda a partir daí; ` +
    `um POST /sandbox/reset sem corpo o traz de volta ao dia de hoje)`
  );
}

function action(model: ChartModel, step: PathStep, entry?: FlowEntry): string {
  if (step.kind === 'init') {
    const steps = entry?.entrySteps ?? [`Abre ${model.route ? `a rota ${model.route}` : 'o fluxo'}`];
    const day = entry ? planDay(entry) : undefined;
    const prepare = day
      ? [`Põe o banco em ${shownDay(day.day)} (POST /sandbox/reset ${JSON.stringify(day.request.body)})`]
      : [];
    return [...prepare, ...steps].join('; ');
  }
  const op = operationOf(model, step);
  const data = step.kind === 'event' ? testData(step.event, step.label) : '';
  const invalid = step.valid === false ? ' (dado inválido)' : '';
  const ignored = step.selfLoop ? ' — nada deve mudar' : '';
  return `${step.label}${data ? ` (${data})` : ''}${op ? ` [${op}]` : ''}${invalid}${ignored}`;
}

function markdown(plans: FlowPlan[]): string {
  const out: string[] = [];
  for (const plan of plans) {
    const model = buildModel(plan.entry);
    out.push(`# Plano de testes — ${plan.entry.title} (\`${plan.entry.id}\`)`, '');
    if (plan.entry.route) out.push(`- Rota: \`${plan.entry.route}\``);
    out.push(`- Especificação: ${plan.entry.spec.map(specInPortuguese).join('; ')}`);
    out.push(`- Estratégia: ${STRATEGY[plan.strategy]}`);
    out.push(`- Dia assumido: ${planDayText(plan.entry)}`);
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
            `0. **Início**: ${action(model, step, plan.entry)} → espera **${expected}**${rules.length ? ` _(${rules.join('; ')})_` : ''}`,
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

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * CR that some programs skip before one) gets a leading apostrophe, which Excel, LibreOffice and
 * Google Sheets show as text (OWASP's advice against CSV injection); then the usual quoting.
 */
export const csvCell = (v: string | number): string => {
  const raw = String(v);
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
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
      'dia assumido',
    ],
  ];
  for (const plan of plans) {
    const model = buildModel(plan.entry);
    const day = planDay(plan.entry);
    for (const path of plan.paths) {
      path.steps.forEach((step, i) => {
        rows.push([
          plan.entry.id,
          path.id,
          i,
          ACTOR[step.kind],
          KIND[step.kind],
          action(model, step, plan.entry),
          stateNames(model, step) + (step.status === 'done' ? ' (fim)' : ''),
          step.states.join(' '),
          stateSpecs(model, step).join(' | '),
          step.valid === false ? 'não' : 'sim',
          day ? shownDay(day.day) : 'qualquer',
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
      spec: plan.entry.spec.map(specInPortuguese),
      strategy: plan.strategy,
      day: planDay(plan.entry) ?? null,
      dayText: planDayText(plan.entry),
      paths: plan.paths.map((path) => ({
        id: path.id,
        title: path.title,
        replay: `npx playwright test e2e/paths.spec.ts -g "${path.id}"`,
        steps: path.steps.map((step, i) => ({
          index: i,
          who: ACTOR[step.kind],
          kind: step.kind,
          action: action(model, step, plan.entry),
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
