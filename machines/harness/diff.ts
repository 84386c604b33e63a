/**
 * What changed in the flows between two versions of the catalog, per machine: states,
 * transitions, guards and invoked operations added, removed or changed. Works on models
 * (JSON), so the older version only has to be loaded once to build them.
 *
 * States are matched by id; transitions by source, event and position among the transitions of
 * that source and event (so a changed guard, target or action list is a change, not a remove+add).
 */
import type { ChartModel, ChartState, ChartTransition } from './model';

export interface Change<T> {
  id: string;
  before: T;
  after: T;
  /** Which fields differ, e.g. ['targets', 'guard']. */
  fields: string[];
}

export interface MachineDiff {
  flowId: string;
  title: string;
  status: 'added' | 'removed' | 'changed' | 'unchanged';
  states: { added: ChartState[]; removed: ChartState[]; changed: Array<Change<ChartState>> };
  transitions: {
    added: ChartTransition[];
    removed: ChartTransition[];
    changed: Array<Change<ChartTransition>>;
  };
  guards: { added: string[]; removed: string[] };
  operations: { added: string[]; removed: string[] };
}

const STATE_FIELDS: Array<keyof ChartState> = [
  'type',
  'label',
  'spec',
  'tags',
  'initial',
  'invokes',
  'entry',
  'exit',
  'history',
];
const TRANSITION_FIELDS: Array<keyof ChartTransition> = [
  'targets',
  'guard',
  'actions',
  'reenter',
  'delay',
  'operationId',
  'spec',
];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function diffBy<T extends object>(
  before: T[],
  after: T[],
  key: (x: T) => string,
  fields: Array<keyof T>,
): { added: T[]; removed: T[]; changed: Array<Change<T>> } {
  const a = new Map(before.map((x) => [key(x), x]));
  const b = new Map(after.map((x) => [key(x), x]));
  const added = after.filter((x) => !a.has(key(x)));
  const removed = before.filter((x) => !b.has(key(x)));
  const changed: Array<Change<T>> = [];
  for (const [id, x] of b) {
    const old = a.get(id);
    if (!old) continue;
    const diff = fields.filter((f) => !same(old[f], x[f])).map(String);
    if (diff.length) changed.push({ id, before: old, after: x, fields: diff });
  }
  return { added, removed, changed };
}

const operationsOf = (m: ChartModel | undefined): string[] =>
  m
    ? [
        ...new Set(
          m.states.flatMap((s) =>
            s.invokes.map((i) => `${i.src}${i.operationId ? ` → ${i.operationId}` : ''}`),
          ),
        ),
      ].sort()
    : [];

/** Differences of one flow (either side may be missing). */
export function diffModel(before: ChartModel | undefined, after: ChartModel | undefined): MachineDiff {
  const ref = (after ?? before) as ChartModel;
  const states = diffBy(before?.states ?? [], after?.states ?? [], (s) => s.id, STATE_FIELDS);
  const transitions = diffBy(
    before?.transitions ?? [],
    after?.transitions ?? [],
    (t) => t.id,
    TRANSITION_FIELDS,
  );
  const gb = new Set(before?.guards ?? []);
  const ga = new Set(after?.guards ?? []);
  const ob = operationsOf(before);
  const oa = operationsOf(after);
  const d: MachineDiff = {
    flowId: ref.flowId,
    title: ref.title,
    status: !before ? 'added' : !after ? 'removed' : 'unchanged',
    states,
    transitions,
    guards: { added: [...ga].filter((g) => !gb.has(g)), removed: [...gb].filter((g) => !ga.has(g)) },
    operations: { added: oa.filter((o) => !ob.includes(o)), removed: ob.filter((o) => !oa.includes(o)) },
  };
  if (d.status === 'unchanged' && hasChanges(d)) d.status = 'changed';
  return d;
}

/** True when anything differs. */
export function hasChanges(d: MachineDiff): boolean {
  return (
    d.status === 'added' ||
    d.status === 'removed' ||
    d.states.added.length + d.states.removed.length + d.states.changed.length > 0 ||
    d.transitions.added.length + d.transitions.removed.length + d.transitions.changed.length > 0 ||
    d.guards.added.length + d.guards.removed.length > 0 ||
    d.operations.added.length + d.operations.removed.length > 0
  );
}

/** Differences between two catalogs' models, matched by flow id. */
export function diffCatalogs(before: ChartModel[], after: ChartModel[]): MachineDiff[] {
  const ids = [...new Set([...after.map((m) => m.flowId), ...before.map((m) => m.flowId)])];
  return ids.map((id) =>
    diffModel(
      before.find((m) => m.flowId === id),
      after.find((m) => m.flowId === id),
    ),
  );
}

const tLabel = (t: ChartTransition): string =>
  `${t.source} —${t.event || 'always'}${t.guard ? ` [${t.guard}]` : ''}→ ${t.targets.join(', ') || '(sem alvo)'}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;

const show = (v: unknown): string => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** Plain-text report (pt-BR). */
export function diffToText(diffs: MachineDiff[], refLabel: string): string {
  const out: string[] = [`Mudanças nas máquinas de estado: ${refLabel} → árvore de trabalho`, ''];
  const changed = diffs.filter(hasChanges);
  if (changed.length === 0) out.push('Nenhuma mudança.');
  for (const d of changed) {
    const status = { added: 'nova', removed: 'removida', changed: 'alterada', unchanged: 'sem mudança' }[
      d.status
    ];
    out.push(`## ${d.title} (${d.flowId}) — ${status}`);
    const list = (title: string, items: string[]): void => {
      if (items.length) out.push(`  ${title}:`, ...items.map((i) => `    ${i}`));
    };
    list(
      '+ estados',
      d.states.added.map((s) => `${s.id} "${s.label}"${s.spec ? ` (${s.spec})` : ''}`),
    );
    list(
      '- estados',
      d.states.removed.map((s) => `${s.id} "${s.label}"`),
    );
    list(
      '~ estados',
      d.states.changed.map(
        (c) =>
          `${c.id}: ${c.fields.map((f) => `${f} ${show(c.before[f as keyof ChartState])} → ${show(c.after[f as keyof ChartState])}`).join('; ')}`,
      ),
    );
    list('+ transições', d.transitions.added.map(tLabel));
    list('- transições', d.transitions.removed.map(tLabel));
    list(
      '~ transições',
      d.transitions.changed.map(
        (c) =>
          `${c.id}: ${c.fields.map((f) => `${f} ${show(c.before[f as keyof ChartTransition])} → ${show(c.after[f as keyof ChartTransition])}`).join('; ')}`,
      ),
    );
    list('+ guardas', d.guards.added);
    list('- guardas', d.guards.removed);
    list('+ operações', d.operations.added);
    list('- operações', d.operations.removed);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Self-contained HTML report (pt-BR). */
export function diffToHtml(diffs: MachineDiff[], refLabel: string): string {
  const changed = diffs.filter(hasChanges);
  const sections = changed
    .map((d) => {
      const rows: string[] = [];
      const row = (kind: 'add' | 'del' | 'mod', what: string, text: string): void => {
        rows.push(
          `<tr class="${kind}"><td>${{ add: '+', del: '−', mod: '~' }[kind]}</td><td>${esc(what)}</td><td>${esc(text)}</td></tr>`,
        );
      };
      d.states.added.forEach((s) =>
        row('add', 'estado', `${s.id} "${s.label}"${s.spec ? ` (${s.spec})` : ''}`),
      );
      d.states.removed.forEach((s) => row('del', 'estado', `${s.id} "${s.label}"`));
      d.states.changed.forEach((c) =>
        row(
          'mod',
          'estado',
          `${c.id}: ${c.fields.map((f) => `${f}: ${show(c.before[f as keyof ChartState])} → ${show(c.after[f as keyof ChartState])}`).join('; ')}`,
        ),
      );
      d.transitions.added.forEach((t) => row('add', 'transição', tLabel(t)));
      d.transitions.removed.forEach((t) => row('del', 'transição', tLabel(t)));
      d.transitions.changed.forEach((c) =>
        row(
          'mod',
          'transição',
          `${c.id}: ${c.fields.map((f) => `${f}: ${show(c.before[f as keyof ChartTransition])} → ${show(c.after[f as keyof ChartTransition])}`).join('; ')}`,
        ),
      );
      d.guards.added.forEach((g) => row('add', 'guarda', g));
      d.guards.removed.forEach((g) => row('del', 'guarda', g));
      d.operations.added.forEach((o) => row('add', 'operação', o));
      d.operations.removed.forEach((o) => row('del', 'operação', o));
      return `<section><h2>${esc(d.title)} <code>${esc(d.flowId)}</code> <small>(${esc(d.status)})</small></h2><table><tbody>${rows.join('')}</tbody></table></section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Mudanças nas máquinas de estado</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td{border-bottom:1px solid #e2e8f0;padding:.3rem .5rem;vertical-align:top;font-family:ui-monospace,monospace;font-size:12px}
tr.add td:first-child{color:#22543d}tr.del td:first-child{color:#9b2c2c}tr.mod td:first-child{color:#975a16}tr.add{background:#f0fff4}tr.del{background:#fff5f5}tr.mod{background:#fffff0}</style></head>
<body><h1>Mudanças nas máquinas de estado</h1><p>${esc(refLabel)} → árvore de trabalho. ${changed.length} fluxo(s) com mudanças.</p>
${sections || '<p>Nenhuma mudança.</p>'}
</body></html>
`;
}
