/**
 * Text exports of a flow model: W3C SCXML and Mermaid `stateDiagram-v2`.
 *
 * SCXML: `<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="null">` with
 * `<state>`, `<parallel>`, `<final>`, `<history>`; transitions carry `event` (absent for eventless),
 * `cond` (the guard's name) and `target`; invoked actors are `<invoke id type src>`; actions are
 * `<log label>`; delayed transitions get the `<send delay>`/`<cancel>` pair SCXML uses for them.
 * The portal's extra facts (spec rule, label, operationId) are attributes in our own namespace,
 * which SCXML allows. XState's actor events keep their names (`xstate.done.actor.<id>`), which are
 * valid SCXML event descriptors, so the export matches the machine event for event.
 */
import type { ChartModel, ChartState, ChartTransition } from './model';

export const SCXML_NS = 'http://www.w3.org/2005/07/scxml';
export const PORTAL_NS = 'urn:conta-digital-portal:audit';

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An xsd:ID-safe version of a state id. */
export function scxmlId(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
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
    const attrs = [
      t.kind === 'always' ? '' : ` event="${xml(t.event)}"`,
      t.guard ? ` cond="${xml(t.guard)}"` : '',
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
    for (const inv of s.invokes) {
      lines.push(
        `${inner}<invoke id="${xml(inv.id)}" type="xstate:fromPromise" src="urn:xstate:actor:${xml(inv.src)}"${inv.operationId ? ` portal:operationId="${xml(inv.operationId)}"` : ''}/>`,
      );
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
  const head = `<scxml xmlns="${SCXML_NS}" xmlns:portal="${PORTAL_NS}" version="1.0" datamodel="null" name="${xml(model.machineId)}"${initial} portal:title="${xml(model.title)}">`;
  lines.push('<?xml version="1.0" encoding="UTF-8"?>', head);
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
    const ev = t.kind === 'always' ? 'always' : t.event;
    return mermaidText(`${ev}${t.guard ? ` [${t.guard}]` : ''}`);
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
