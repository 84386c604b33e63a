/**
 * Text exports of a flow model: W3C SCXML and Mermaid `stateDiagram-v2`.
 *
 * SCXML: `<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">`
 * with `<state>`, `<parallel>`, `<final>`, `<history>`; transitions carry `event` (absent for
 * eventless), `cond` and `target`; actions are `<log label>`; delayed transitions get the
 * `<send delay>`/`<cancel>` pair SCXML uses for them. Written so that a W3C engine (Qt's
 * QScxmlStateMachine is the one the tests run) loads and runs it:
 * - every named guard is a boolean `<data>` of the datamodel, and `cond` is an ECMAScript
 *   expression over them (`isKnownFormatAndValidPeriod`, `!x`, `a && b`, `In('state')`). What the
 *   guard checks lives in the portal's code; whoever runs the chart sets those booleans (the
 *   replay test sets them from each step of a generated path);
 * - an invoked actor is the outside world (the bank's API): SCXML's `<invoke>` would need a
 *   document to run, so the actor is written as a `<portal:invoke id src operationId>` element in
 *   our namespace plus a comment, and its answer is the external event the state already waits for
 *   (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`, valid SCXML event names, so the export
 *   matches the machine event for event);
 * - `xstate.done.state.<id>` is SCXML's own `done.state.<id>`.
 * The portal's extra facts (spec rule, label, operationId) are attributes and elements in our own
 * namespace, which SCXML allows and engines ignore.
 */
import { CONTRACT_PATH } from './contract';
import { transitionLabel } from './labels';
import type { ChartModel, ChartState, ChartTransition } from './model';

export const SCXML_NS = 'http://www.w3.org/2005/07/scxml';
export const PORTAL_NS = 'urn:conta-digital-portal:audit';

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text for inside an XML comment ('--' is not allowed there). */
const xmlComment = (s: string): string => s.replace(/-{2,}/g, (m) => m.split('').join(' '));

/** An xsd:ID-safe version of a state id. */
export function scxmlId(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const ECMA_RESERVED = new Set([
  'In',
  'true',
  'false',
  'null',
  'undefined',
  '_event',
  '_sessionid',
  '_name',
  '_ioprocessors',
  '_x',
]);

/** The datamodel variable of a guard that is not a plain identifier (parameterised or inline). */
export function guardVariable(name: string): string {
  const v = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[A-Za-z_$]/.test(v) && !ECMA_RESERVED.has(v) ? v : `g_${v}`;
}

/**
 * ECMAScript condition of a guard description (see `describeGuard`) and the boolean variables it
 * reads: a name is a variable; `and(...)`, `or(...)` and `not(x)` become `&&`, `||` and `!`;
 * `stateIn("id")` becomes SCXML's `In('id')`; anything else is one variable.
 */
export function guardCondition(guard: string): { expr: string; vars: string[] } {
  const vars = new Set<string>();
  const split = (args: string): string[] => {
    const out: string[] = [];
    let depth = 0;
    let cur = '';
    for (const ch of args) {
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      if (ch === ')' || ch === ']' || ch === '}') depth--;
      if (ch === ',' && depth === 0) {
        out.push(cur.trim());
        cur = '';
      } else cur += ch;
    }
    if (cur.trim()) out.push(cur.trim());
    return out;
  };
  const walk = (g: string, top = false): string => {
    const m = /^(and|or|not|stateIn)\((.*)\)$/s.exec(g.trim());
    if (m?.[1] === 'not') return `!(${walk(m[2] ?? '')})`;
    if (m?.[1] === 'and' || m?.[1] === 'or') {
      const parts = split(m[2] ?? '').map((x) => walk(x));
      const joined = parts.join(m[1] === 'and' ? ' && ' : ' || ');
      return top ? joined : `(${joined})`;
    }
    if (m?.[1] === 'stateIn') {
      try {
        const target: unknown = JSON.parse(m[2] ?? '');
        if (typeof target === 'string') return `In('${scxmlId(target.replace(/^#/, ''))}')`;
      } catch {
        // not a state id: one variable, below
      }
    }
    const name = IDENT.test(g.trim()) && !ECMA_RESERVED.has(g.trim()) ? g.trim() : guardVariable(g.trim());
    vars.add(name);
    return name;
  };
  const expr = walk(guard, true);
  return { expr, vars: [...vars] };
}

/** The SCXML event of a transition (undefined for an eventless one). */
export function scxmlEvent(t: ChartTransition): string | undefined {
  if (t.kind === 'always') return undefined;
  if (t.kind === 'done.state') return `done.state.${scxmlId(t.event.replace(/^xstate\.done\.state\./, ''))}`;
  return t.event;
}

/** Every guard variable of a model, sorted. */
export function guardVariables(model: ChartModel): string[] {
  const vars = new Set<string>();
  for (const t of model.transitions) if (t.guard) guardCondition(t.guard).vars.forEach((v) => vars.add(v));
  return [...vars].sort();
}

/** SCXML document of a model. */
export function toScxml(model: ChartModel): string {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const bySource = new Map<string, ChartTransition[]>();
  for (const t of model.transitions) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t]);
  const lines: string[] = [];
  const portalAttrs = (s: ChartState): string =>
    `${s.label !== s.key ? ` portal:label="${xml(s.label)}"` : ''}${s.spec ? ` portal:spec="${xml(s.spec)}"` : ''}${s.tags.length ? ` portal:tags="${xml(s.tags.join(' '))}"` : ''}`;
  const transition = (t: ChartTransition, pad: string): void => {
    const event = scxmlEvent(t);
    const attrs = [
      event === undefined ? '' : ` event="${xml(event)}"`,
      t.guard ? ` cond="${xml(guardCondition(t.guard).expr)}"` : '',
      t.targets.length ? ` target="${t.targets.map(scxmlId).join(' ')}"` : '',
      t.targets.length && !t.reenter ? ' type="internal"' : '',
      t.operationId ? ` portal:operationId="${xml(t.operationId)}"` : '',
    ].join('');
    if (t.actions.length === 0) lines.push(`${pad}<transition${attrs}/>`);
    else {
      lines.push(`${pad}<transition${attrs}>`);
      for (const a of t.actions) lines.push(`${pad}  <log label="${xml(a)}"/>`);
      lines.push(`${pad}</transition>`);
    }
  };
  const emit = (s: ChartState, pad: string): void => {
    const tag =
      s.type === 'parallel'
        ? 'parallel'
        : s.type === 'final'
          ? 'final'
          : s.type === 'history'
            ? 'history'
            : 'state';
    const id = ` id="${scxmlId(s.id)}"`;
    if (tag === 'history') {
      lines.push(`${pad}<history${id} type="${s.history ?? 'shallow'}"/>`);
      return;
    }
    const initial = s.type === 'compound' && s.initial ? ` initial="${scxmlId(s.initial)}"` : '';
    lines.push(`${pad}<${tag}${id}${initial}${portalAttrs(s)}>`);
    const inner = `${pad}  `;
    for (const inv of s.invokes) {
      const what = inv.operationId
        ? `the operation ${inv.operationId} of ${CONTRACT_PATH}`
        : 'no contract operation';
      lines.push(
        `${inner}<!-- Invokes the actor ${xmlComment(inv.src)} (${xmlComment(what)}); its answer arrives as the event xstate.done.actor.${xmlComment(inv.id)} or xstate.error.actor.${xmlComment(inv.id)}. -->`,
        `${inner}<portal:invoke id="${xml(inv.id)}" src="${xml(inv.src)}"${inv.operationId ? ` operationId="${xml(inv.operationId)}"` : ''}/>`,
      );
    }
    const own = bySource.get(s.id) ?? [];
    const delayed = own.filter((t) => t.kind === 'after');
    const delays = [...new Set(delayed.map((t) => t.event))];
    if (s.entry.length || delays.length) {
      lines.push(`${inner}<onentry>`);
      for (const a of s.entry) lines.push(`${inner}  <log label="${xml(a)}"/>`);
      for (const ev of delays) {
        const t = delayed.find((x) => x.event === ev);
        const ms =
          typeof t?.delay === 'number'
            ? t.delay
            : typeof t?.delay === 'string'
              ? model.delays[t.delay]
              : undefined;
        lines.push(
          `${inner}  <send id="${xml(ev)}" event="${xml(ev)}"${typeof ms === 'number' ? ` delay="${ms}ms"` : ''}${typeof t?.delay === 'string' ? ` portal:delay="${xml(t.delay)}"` : ''}/>`,
        );
      }
      lines.push(`${inner}</onentry>`);
    }
    if (s.exit.length || delays.length) {
      lines.push(`${inner}<onexit>`);
      for (const a of s.exit) lines.push(`${inner}  <log label="${xml(a)}"/>`);
      for (const ev of delays) lines.push(`${inner}  <cancel sendid="${xml(ev)}"/>`);
      lines.push(`${inner}</onexit>`);
    }
    for (const t of own) transition(t, inner);
    for (const c of s.children) {
      const child = byId.get(c);
      if (child) emit(child, inner);
    }
    lines.push(`${pad}</${tag}>`);
  };
  const root = byId.get(model.root);
  if (!root) throw new Error(`model ${model.flowId} has no root`);
  const rootAsState =
    root.type === 'parallel' ||
    (bySource.get(root.id) ?? []).length > 0 ||
    root.invokes.length > 0 ||
    root.entry.length > 0 ||
    root.exit.length > 0;
  const first = rootAsState ? root.id : root.initial;
  const initial = first ? ` initial="${scxmlId(first)}"` : '';
  const head = `<scxml xmlns="${SCXML_NS}" xmlns:portal="${PORTAL_NS}" version="1.0" datamodel="ecmascript" name="${xml(model.machineId)}"${initial} portal:title="${xml(model.title)}">`;
  lines.push('<?xml version="1.0" encoding="UTF-8"?>', head);
  const vars = guardVariables(model);
  if (vars.length) {
    lines.push(
      '  <!-- Each guard of the flow, as a boolean: what it checks is in the portal code; set it before an event is processed. -->',
      '  <datamodel>',
      ...vars.map((v) => `    <data id="${xml(v)}" expr="false"/>`),
      '  </datamodel>',
    );
  }
  // <scxml> itself holds no transitions, invokes or actions, and is not parallel: when the root
  // needs any of these it becomes an element of its own.
  if (rootAsState) emit(root, '  ');
  else {
    for (const c of root.children) {
      const child = byId.get(c);
      if (child) emit(child, '  ');
    }
  }
  lines.push('</scxml>', '');
  return lines.join('\n');
}

/** Mermaid-safe identifier of a state. */
export function mermaidId(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_');
}

const mermaidText = (s: string): string =>
  s
    .replace(/[:;#{}"\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Mermaid `stateDiagram-v2` of a model. */
export function toMermaid(model: ChartModel): string {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let cur = byId.get(id); cur; cur = cur.parent ? byId.get(cur.parent) : undefined) out.push(cur.id);
    return out;
  };
  // Each transition is written in the block of the lowest common ancestor of its ends (or above, for parallel regions).
  const placeOf = (t: ChartTransition, target: string): string => {
    const a = ancestors(t.source);
    const b = new Set(ancestors(target));
    let lca = a.find((x) => b.has(x) && x !== t.source && x !== target) ?? model.root;
    // Mermaid draws regions of a parallel state as separate blocks: an edge crossing them goes above.
    while (byId.get(lca)?.type === 'parallel' && byId.get(lca)?.parent)
      lca = byId.get(lca)?.parent ?? model.root;
    return lca;
  };
  const edgesIn = new Map<string, string[]>();
  const labelOf = (t: ChartTransition): string => {
    // The same words as the SVG and the index (one language per export).
    return mermaidText(transitionLabel(t));
  };
  for (const t of model.transitions) {
    for (const target of t.targets.length ? t.targets : [t.source]) {
      const at = placeOf(t, target);
      edgesIn.set(at, [
        ...(edgesIn.get(at) ?? []),
        `${mermaidId(t.source)} --> ${mermaidId(target)} : ${labelOf(t)}`,
      ]);
    }
  }
  const lines: string[] = ['stateDiagram-v2', '  direction TB'];
  const block = (state: ChartState, pad: string): void => {
    const kids = state.children
      .map((c) => byId.get(c))
      .filter((c): c is ChartState => !!c && c.type !== 'history');
    kids.forEach((k, i) => {
      if (state.type === 'parallel' && i > 0) lines.push(`${pad}--`);
      const invokes = k.invokes.map((inv) => inv.operationId ?? inv.src);
      lines.push(
        `${pad}state "${mermaidText(k.label + (invokes.length ? ` (invoca ${invokes.join(', ')})` : ''))}" as ${mermaidId(k.id)}`,
      );
      if (k.children.length) {
        lines.push(`${pad}state ${mermaidId(k.id)} {`);
        block(k, `${pad}  `);
        lines.push(`${pad}}`);
      }
      if (k.type === 'final') lines.push(`${pad}${mermaidId(k.id)} --> [*]`);
    });
    if (state.type !== 'parallel' && state.initial) lines.push(`${pad}[*] --> ${mermaidId(state.initial)}`);
    for (const e of edgesIn.get(state.id) ?? []) lines.push(`${pad}${e}`);
  };
  const root = byId.get(model.root);
  if (root) block(root, '  ');
  return `${lines.join('\n')}\n`;
}
