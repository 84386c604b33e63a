/**
 * Automatic layout of a state chart with ELK's layered algorithm (elkjs, Eclipse Layout Kernel):
 * the whole hierarchy in one run (`hierarchyHandling: INCLUDE_CHILDREN`), so nested states sit
 * inside their parent, edges between nested states are routed across levels, and every transition
 * label is placed by the algorithm itself (as a dummy node of a layer), which is what keeps labels
 * off each other, off the boxes and off the titles. Edges are orthogonal polylines.
 *
 * It replaced a 408-line layered layout of our own whose hand-placed labels overlapped (117 label
 * and edge problems over the 12 flows, measured by ./layout-check.ts; none with ELK). ELK runs in
 * Node (its bundled, worker-less build) when the charts are exported and the build publishes them;
 * the browser only reads the published geometry, so the portal's bundle does not carry it.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import { headerText, labelWidth, leafLines, textWidth, transitionLabel } from './labels';
import type { ChartModel, ChartState } from './model';

export { headerText, textWidth } from './labels';

export interface Box {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface EdgeGeometry {
  /** Transition id. */
  id: string;
  /** SVG path data. */
  d: string;
  /** Label anchor (centre). */
  lx: number;
  ly: number;
  label: string;
  /** Targetless transitions: drawn as a small loop on the source. */
  selfLoop: boolean;
}

export interface ChartLayout {
  width: number;
  height: number;
  boxes: Record<string, Box>;
  /** For parallel states: x of the separators between regions (absolute), with their y range. */
  separators: Array<{ x: number; y1: number; y2: number }>;
  edges: EdgeGeometry[];
  /** Where the title of each compound state is written (a free stretch of its header band). */
  titles: Record<string, Box>;
  /** The initial marker of each compound state: a dot and the arrow to its initial child. */
  initials: Array<{ parent: string; cx: number; cy: number; r: number; d: string }>;
}

const PAD = 14;
const HEADER = 26;
const LEAF_H = 36;
const INVOKE_LINE = 16;
const MARGIN = 16;

const LABEL_H = 15;
const INITIAL = 10;

/** Lays out a model (ELK runs asynchronously; the result is plain data). */
export async function layoutChart(model: ChartModel): Promise<ChartLayout> {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const root = byId.get(model.root);
  if (!root) return { width: 0, height: 0, boxes: {}, separators: [], edges: [], initials: [], titles: {} };
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let cur = byId.get(id); cur; cur = cur.parent ? byId.get(cur.parent) : undefined) out.push(cur.id);
    return out;
  };
  const nodes = new Map<string, ElkNode>();
  const node = (state: ChartState): ElkNode => {
    const kids = state.children.map((c) => byId.get(c)).filter((c): c is ChartState => !!c);
    let n: ElkNode;
    if (kids.length === 0) {
      const lines = leafLines(state);
      n = {
        id: state.id,
        width: state.type === 'history' ? 28 : Math.max(84, ...lines.map((l) => textWidth(l) + 2 * PAD)),
        height:
          state.type === 'history'
            ? 28
            : LEAF_H + (lines.length - 1) * INVOKE_LINE + (state.type === 'final' ? 6 : 0),
      };
    } else {
      const children = kids.map(node);
      // The initial child's marker is a node of its own, so the layout keeps room for it.
      if (state.initial && state.type !== 'parallel')
        children.unshift({ id: `${state.id}#initial`, width: INITIAL, height: INITIAL });
      n = {
        id: state.id,
        children,
        layoutOptions: {
          // The bottom band is where the title goes when edges leave no room for it at the top.
          'elk.padding': `[top=${HEADER + PAD},left=${PAD},bottom=${HEADER},right=${PAD}]`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
          'elk.nodeSize.minimum': `(${textWidth(headerText(state)) + 2 * PAD},${HEADER + 2 * PAD})`,
          ...(state.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
        },
      };
    }
    nodes.set(state.id, n);
    return n;
  };
  const top: ElkNode = {
    id: '#chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.labelNode': '6',
      'elk.spacing.labelLabel': '4',
      'elk.layered.spacing.nodeNodeBetweenLayers': '34',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.padding': `[top=${MARGIN},left=${MARGIN},bottom=${MARGIN},right=${MARGIN}]`,
    },
    children: [node(root)],
    edges: [],
  };
  // Each edge is declared in the lowest state that contains both ends (ELK's rule for
  // hierarchical graphs); an edge between a state and its own descendant is declared above both.
  const containerOf = (a: string, b: string): ElkNode => {
    const up = ancestors(a);
    const other = new Set(ancestors(b));
    const common = up.find((x) => other.has(x) && x !== a && x !== b);
    return (common && nodes.get(common)) || top;
  };
  const labels = new Map<string, string>();
  const push = (container: ElkNode, e: ElkExtendedEdge): void => {
    (container.edges ??= []).push(e);
  };
  for (const state of model.states) {
    if (state.initial && state.type !== 'parallel' && nodes.has(state.initial))
      push(nodes.get(state.id) as ElkNode, {
        id: `${state.id}#initial>`,
        sources: [`${state.id}#initial`],
        targets: [state.initial],
      });
  }
  for (const t of model.transitions) {
    const label = transitionLabel(t);
    for (const target of t.targets.length ? t.targets : [t.source]) {
      if (!nodes.has(t.source) || !nodes.has(target)) continue;
      const id = t.targets.length > 1 ? `${t.id}>${target}` : t.id;
      labels.set(id, label);
      const elkLabel: ElkLabel = {
        id: `${id}#label`,
        text: label,
        width: labelWidth(label),
        height: LABEL_H,
      };
      push(containerOf(t.source, target), { id, sources: [t.source], targets: [target], labels: [elkLabel] });
    }
  }
  const laid = await new ELK().layout(top);
  const boxes: Record<string, Box> = {};
  const initials: ChartLayout['initials'] = [];
  const edges: EdgeGeometry[] = [];
  const visit = (n: ElkNode): void => {
    for (const c of n.children ?? []) {
      const box = { id: c.id, x: c.x ?? 0, y: c.y ?? 0, w: c.width ?? 0, h: c.height ?? 0 };
      if (c.id.endsWith('#initial'))
        initials.push({
          parent: c.id.slice(0, -'#initial'.length),
          cx: box.x + box.w / 2,
          cy: box.y + box.h / 2,
          r: box.w / 2 - 1,
          d: '',
        });
      else boxes[c.id] = box;
      visit(c);
    }
    for (const e of n.edges ?? []) {
      const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${f(p.x)},${f(p.y)}`).join(' ');
      if (e.id.endsWith('#initial>')) {
        const marker = initials.find((m) => `${m.parent}#initial>` === e.id);
        if (marker) marker.d = d;
        continue;
      }
      const l = e.labels?.[0];
      const label = labels.get(e.id) ?? '';
      const w = l?.width ?? labelWidth(label);
      edges.push({
        id: e.id,
        d,
        lx: (l?.x ?? 0) + w / 2,
        ly: (l?.y ?? 0) + 11,
        label,
        selfLoop: !model.transitions.find((t) => t.id === e.id.split('>')[0])?.targets.length,
      });
    }
  };
  visit(laid);
  // Initial markers were visited before their edges were known for nested levels: fill in late ones.
  const separators: ChartLayout['separators'] = [];
  for (const state of model.states) {
    if (state.type !== 'parallel') continue;
    const parent = boxes[state.id];
    const regions = state.children
      .map((c) => boxes[c])
      .filter((b): b is Box => !!b)
      .sort((a, b) => a.x - b.x);
    regions.slice(1).forEach((b, i) => {
      const prev = regions[i] as Box;
      if (parent)
        separators.push({
          x: (prev.x + prev.w + b.x) / 2,
          y1: parent.y + HEADER,
          y2: parent.y + parent.h - PAD / 2,
        });
    });
  }
  // Edges come out in the order of their containers: put them back in the model's order.
  const order = new Map(model.transitions.map((t, i) => [t.id, i]));
  edges.sort(
    (a, b) => (order.get(a.id.split('>')[0] ?? '') ?? 0) - (order.get(b.id.split('>')[0] ?? '') ?? 0),
  );
  return {
    width: Math.ceil(laid.width ?? 0),
    height: Math.ceil(laid.height ?? 0),
    boxes,
    separators,
    edges,
    initials,
    titles: placeTitles(model, boxes, edges),
  };
}

const f = (n: number): string => n.toFixed(1);

/**
 * The title of a compound state goes in its header band (ELK keeps that band free of children),
 * but edges entering the state from above cross the band: the title takes the leftmost stretch of
 * the band that no edge crosses.
 */
function placeTitles(
  model: ChartModel,
  boxes: Record<string, Box>,
  edges: EdgeGeometry[],
): Record<string, Box> {
  const titles: Record<string, Box> = {};
  const segments = edges.flatMap((e) => {
    const pts = [...e.d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    return pts.slice(1).map((p, i) => [pts[i] as readonly [number, number], p] as const);
  });
  for (const state of model.states) {
    const b = boxes[state.id];
    if (!b || state.children.length === 0) continue;
    const w = textWidth(headerText(state)) + 12;
    const free = (y1: number, y2: number): number | undefined => {
      const blocked: Array<[number, number]> = [];
      for (const [p, q] of segments) {
        if (Math.max(p[1], q[1]) < y1 || Math.min(p[1], q[1]) > y2) continue;
        blocked.push([Math.min(p[0], q[0]) - 6, Math.max(p[0], q[0]) + 6]);
      }
      blocked.sort((x, y) => x[0] - y[0]);
      let x = b.x + 4;
      for (const [from, to] of blocked) {
        if (to < x) continue;
        if (from >= x + w) break;
        x = to;
      }
      return x + w <= b.x + b.w - 4 ? x : undefined;
    };
    const top = free(b.y + 2, b.y + HEADER);
    const bottom = top === undefined ? free(b.y + b.h - HEADER + 2, b.y + b.h - 2) : undefined;
    titles[state.id] =
      top !== undefined || bottom === undefined
        ? { id: state.id, x: top ?? b.x + 4, y: b.y + 3, w, h: 19 }
        : { id: state.id, x: bottom, y: b.y + b.h - HEADER + 4, w, h: 19 };
  }
  return titles;
}
/** The rectangle a transition label covers (lx is its centre, ly its baseline). */
export function labelBox(e: EdgeGeometry): Box {
  const w = labelWidth(e.label);
  return { id: e.id, x: e.lx - w / 2, y: e.ly - 11, w, h: 15 };
}
