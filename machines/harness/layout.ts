/**
 * Automatic layout of a state chart, written here rather than pulling a graph library: a layered
 * (Sugiyama-style) layout applied recursively, so nested states sit inside their parent and the
 * regions of a parallel state sit side by side.
 *
 * In each compound state the children are ranked by the longest path from the initial child over
 * the transitions between them (transitions deeper down are lifted to the children that contain
 * their ends; back edges found by a depth-first search are ignored for ranking), ordered inside a
 * rank by the barycenter of their neighbours (a few sweeps), and placed top to bottom. Edges are
 * drawn afterwards between absolute boxes as cubic curves; back edges go round the right side.
 * Pure and synchronous: the same geometry feeds the static SVG and the viewer.
 */
import type { ChartModel, ChartState, ChartTransition } from './model';

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
}

const CHAR_W = 6.8;
const PAD = 14;
const HEADER = 26;
const GAP_X = 36;
const GAP_Y = 58;
const LEAF_H = 36;
const INVOKE_LINE = 16;
const MAX_ROW_W = 720;

/** Width in px of a label in the chart font (12px sans-serif), estimated. */
export function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_W);
}

/** Short label of a transition: event (shortened), guard, delay. */
export function transitionLabel(t: ChartTransition): string {
  let ev: string;
  switch (t.kind) {
    case 'always':
      ev = 'sempre';
      break;
    case 'after':
      ev = `após ${typeof t.delay === 'number' ? `${t.delay} ms` : (t.delay ?? '')}`;
      break;
    case 'done.actor':
      ev = `✓ ${t.actor ?? ''}`;
      break;
    case 'error.actor':
      ev = `✗ ${t.actor ?? ''}`;
      break;
    case 'done.state':
      ev = 'concluído';
      break;
    default:
      ev = t.event;
  }
  const label = t.guard ? `${ev} [${t.guard}]` : ev;
  return label.length > 42 ? `${label.slice(0, 41)}…` : label;
}

interface Sized {
  w: number;
  h: number;
  /** Child positions relative to this box. */
  children: Record<string, { x: number; y: number }>;
  separators: Array<{ x: number; y1: number; y2: number }>;
}

/** Header of a compound or parallel state: its label, '‖' for parallel, and what it invokes. */
export function headerText(state: ChartState): string {
  const ops = state.invokes.map((i) => `⇢ ${i.operationId ?? i.src}`).join(' ');
  return `${state.label}${state.type === 'parallel' ? ' ‖' : ''}${ops ? `  ${ops}` : ''}`;
}

/** Lines of a leaf state: its label, then one line per invoked operation. */
export function leafLines(state: ChartState): string[] {
  const lines = [state.label];
  for (const inv of state.invokes) lines.push(`⇢ ${inv.operationId ?? inv.src}`);
  return lines;
}

/** Lays out a model. */
export function layoutChart(model: ChartModel): ChartLayout {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const sized = new Map<string, Sized>();
  const childOf = (ancestor: ChartState, id: string): string | undefined => {
    // The child of `ancestor` that contains `id` (or is it).
    let cur = byId.get(id);
    while (cur && cur.parent !== ancestor.id) cur = cur.parent ? byId.get(cur.parent) : undefined;
    return cur?.id;
  };

  const measure = (state: ChartState): Sized => {
    const done = sized.get(state.id);
    if (done) return done;
    let result: Sized;
    const kids = state.children.map((c) => byId.get(c)).filter((c): c is ChartState => !!c);
    const header = textWidth(headerText(state)) + 2 * PAD;
    if (kids.length === 0) {
      const lines = leafLines(state);
      const w = Math.max(84, ...lines.map((l) => textWidth(l) + 2 * PAD));
      result = {
        w,
        h: LEAF_H + (lines.length - 1) * INVOKE_LINE + (state.type === 'final' ? 6 : 0),
        children: {},
        separators: [],
      };
    } else if (state.type === 'parallel') {
      let x = PAD;
      const children: Sized['children'] = {};
      const separators: Sized['separators'] = [];
      let h = 0;
      kids.forEach((k, i) => {
        const s = measure(k);
        if (i > 0) {
          separators.push({ x: x - GAP_X / 2, y1: HEADER, y2: 0 });
        }
        children[k.id] = { x, y: HEADER + PAD };
        x += s.w + GAP_X;
        h = Math.max(h, s.h);
      });
      const w = Math.max(header, x - GAP_X + PAD);
      const total = HEADER + PAD + h + PAD;
      separators.forEach((s) => (s.y2 = total - PAD / 2));
      result = { w, h: total, children, separators };
    } else {
      result = layered(state, kids);
    }
    sized.set(state.id, result);
    return result;
  };

  const layered = (state: ChartState, kids: ChartState[]): Sized => {
    const ids = kids.map((k) => k.id);
    const index = new Map(ids.map((id, i) => [id, i]));
    const out = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
    const inn = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
    for (const t of model.transitions) {
      for (const target of t.targets) {
        const a = childOf(state, t.source);
        const b = childOf(state, target);
        if (a && b && a !== b) {
          out.get(a)?.add(b);
          inn.get(b)?.add(a);
        }
      }
    }
    // Back edges by DFS from the initial child, then the others in document order.
    const back = new Set<string>();
    const color = new Map<string, number>();
    const visit = (id: string): void => {
      color.set(id, 1);
      for (const n of [...(out.get(id) ?? [])].sort((x, y) => (index.get(x) ?? 0) - (index.get(y) ?? 0))) {
        const c = color.get(n) ?? 0;
        if (c === 1) back.add(`${id}>${n}`);
        else if (c === 0) visit(n);
      }
      color.set(id, 2);
    };
    const start = state.initial && index.has(state.initial) ? state.initial : ids[0];
    if (start) visit(start);
    for (const id of ids) if (!color.get(id)) visit(id);
    // Longest-path ranks over the forward edges.
    const rank = new Map<string, number>();
    const rankOf = (id: string, seen: Set<string>): number => {
      const known = rank.get(id);
      if (known !== undefined) return known;
      if (seen.has(id)) return 0;
      seen.add(id);
      let r = 0;
      for (const p of inn.get(id) ?? []) if (!back.has(`${p}>${id}`)) r = Math.max(r, rankOf(p, seen) + 1);
      if (id === start) r = 0;
      rank.set(id, r);
      return r;
    };
    ids.forEach((id) => rankOf(id, new Set()));
    const layers: string[][] = [];
    for (const id of ids) (layers[rank.get(id) ?? 0] ??= []).push(id);
    // Long ranks (typically siblings with no transitions between them) wrap onto several rows.
    const rows: string[][] = [];
    for (const layer of layers.filter((l) => l && l.length > 0)) {
      let row: string[] = [];
      let width = 0;
      for (const id of layer) {
        const w = measure(byId.get(id) as ChartState).w;
        if (row.length > 0 && width + w > MAX_ROW_W) {
          rows.push(row);
          row = [];
          width = 0;
        }
        row.push(id);
        width += w + GAP_X;
      }
      if (row.length) rows.push(row);
    }
    // Barycenter sweeps: down using predecessors, then up using successors.
    const pos = new Map<string, number>();
    const setPos = (): void => rows.forEach((row) => row.forEach((id, i) => pos.set(id, i)));
    setPos();
    const bary = (id: string, nbrs: Set<string> | undefined): number => {
      const ps = [...(nbrs ?? [])].map((n) => pos.get(n)).filter((p): p is number => p !== undefined);
      return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : (pos.get(id) ?? 0);
    };
    for (let sweep = 0; sweep < 4; sweep++) {
      const down = sweep % 2 === 0;
      const order = down ? rows.slice(1) : rows.slice(0, -1).reverse();
      for (const row of order) {
        const keyed = row.map((id) => ({ id, b: bary(id, down ? inn.get(id) : out.get(id)) }));
        keyed.sort((a, b) => a.b - b.b || (index.get(a.id) ?? 0) - (index.get(b.id) ?? 0));
        row.splice(0, row.length, ...keyed.map((k) => k.id));
        setPos();
      }
    }
    // Place rows, centred.
    const sizes = new Map(kids.map((k) => [k.id, measure(k)]));
    const rowW = rows.map(
      (row) => row.reduce((w, id) => w + (sizes.get(id)?.w ?? 0), 0) + GAP_X * (row.length - 1),
    );
    const innerW = Math.max(...rowW, 0);
    const hasBack = back.size > 0;
    const w = Math.max(textWidth(headerText(state)) + 2 * PAD, innerW + 2 * PAD + (hasBack ? GAP_X : 0));
    const children: Sized['children'] = {};
    // Room for the stacked labels of transitions from this state into its descendants.
    const intoChildren = new Map<string, number>();
    for (const t of model.transitions) {
      if (t.source !== state.id) continue;
      for (const target of t.targets)
        if (target !== state.id && target.startsWith(`${state.id}.`))
          intoChildren.set(target, (intoChildren.get(target) ?? 0) + 1);
    }
    const most = Math.max(0, ...intoChildren.values());
    let y = HEADER + PAD + 8 + (most > 1 ? (most - 1) * LABEL_LINE : 0);
    rows.forEach((row, r) => {
      let x = PAD + (innerW - (rowW[r] ?? 0)) / 2;
      const rowH = Math.max(...row.map((id) => sizes.get(id)?.h ?? 0));
      for (const id of row) {
        const s = sizes.get(id);
        if (!s) continue;
        children[id] = { x, y: y + (rowH - s.h) / 2 };
        x += s.w + GAP_X;
      }
      y += rowH + GAP_Y;
    });
    return { w, h: y - GAP_Y + PAD + 10, children, separators: [] };
  };

  const root = byId.get(model.root);
  if (!root) return { width: 0, height: 0, boxes: {}, separators: [], edges: [] };
  const rootSize = measure(root);
  const boxes: Record<string, Box> = {};
  const separators: ChartLayout['separators'] = [];
  const place = (state: ChartState, x: number, y: number): void => {
    const s = sized.get(state.id) ?? measure(state);
    boxes[state.id] = { id: state.id, x, y, w: s.w, h: s.h };
    for (const sep of s.separators) separators.push({ x: x + sep.x, y1: y + sep.y1, y2: y + sep.y2 });
    for (const child of state.children) {
      const c = byId.get(child);
      const at = s.children[child];
      if (c && at) place(c, x + at.x, y + at.y);
    }
  };
  const MARGIN = 16;
  place(root, MARGIN, MARGIN);
  const edges = routeEdges(model, boxes);
  let width = rootSize.w + 2 * MARGIN;
  let height = rootSize.h + 2 * MARGIN;
  for (const e of edges) {
    width = Math.max(width, e.lx + textWidth(e.label) / 2 + MARGIN);
    height = Math.max(height, e.ly + MARGIN);
  }
  return { width: Math.ceil(width), height: Math.ceil(height), boxes, separators, edges };
}

function isInside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.w <= outer.x + outer.w &&
    inner.y + inner.h <= outer.y + outer.h
  );
}

const LABEL_LINE = 13;

function routeEdges(model: ChartModel, boxes: Record<string, Box>): EdgeGeometry[] {
  const edges: EdgeGeometry[] = [];
  // Transitions between the same two states share one curve; their labels stack.
  const pairTotal = new Map<string, number>();
  for (const t of model.transitions)
    for (const target of t.targets.length ? t.targets : [t.source])
      pairTotal.set(`${t.source}>${target}`, (pairTotal.get(`${t.source}>${target}`) ?? 0) + 1);
  const pairCount = new Map<string, number>();
  // Labels of curves from different sources converging on one target are staggered too.
  const intoTarget = new Map<string, number>();
  const f = (n: number): string => n.toFixed(1);
  for (const t of model.transitions) {
    const s = boxes[t.source];
    if (!s) continue;
    const label = transitionLabel(t);
    const targets = t.targets.length ? t.targets : [t.source];
    for (const targetId of targets) {
      const d = boxes[targetId];
      if (!d) continue;
      const key = `${t.source}>${targetId}`;
      const nth = pairCount.get(key) ?? 0;
      const total = pairTotal.get(key) ?? 1;
      pairCount.set(key, nth + 1);
      const id = t.targets.length > 1 ? `${t.id}>${targetId}` : t.id;
      if (targetId === t.source) {
        // A loop on the right edge of the source (self transition or targetless).
        const x = s.x + s.w;
        const y = s.y + Math.min(14 + nth * 14, s.h - 6);
        const r = 18 + nth * 6;
        edges.push({
          id,
          d: `M${f(x)},${f(y)} C${f(x + r)},${f(y - r / 2)} ${f(x + r)},${f(y + r)} ${f(x)},${f(y + 8)}`,
          lx: x + r + 4 + textWidth(label) / 2,
          ly: y + 4,
          label,
          selfLoop: t.targets.length === 0,
        });
        continue;
      }
      const sx = s.x + s.w / 2;
      const dx = d.x + d.w / 2;
      const stack = nth * LABEL_LINE;
      let path: string;
      let lx: number;
      let ly: number;
      if (isInside(d, s)) {
        // From a state into one of its descendants: a short arrow down from the header (the
        // layout leaves room above the child for the stacked labels).
        const x2 = d.x + Math.min(d.w / 2, 24);
        const y1 = Math.max(s.y + 20, d.y - 16 - (total - 1) * LABEL_LINE);
        path = `M${f(x2)},${f(y1)} L${f(x2)},${f(d.y)}`;
        lx = x2 + 6 + textWidth(label) / 2;
        ly = y1 + 9 + stack;
      } else if (isInside(s, d)) {
        // From a descendant out to one of its ancestors: up to the ancestor's header.
        const x1 = s.x + s.w - Math.min(s.w / 2, 24);
        const y2 = Math.max(d.y + 20, s.y - 26);
        path = `M${f(x1)},${f(s.y)} L${f(x1)},${f(y2)}`;
        lx = x1 + 6 + textWidth(label) / 2;
        ly = y2 + 10 + stack;
      } else if (d.y >= s.y + s.h - 1) {
        // Downwards: bottom centre to top centre.
        const x1 = sx;
        const y1 = s.y + s.h;
        const x2 = dx;
        const y2 = d.y;
        const my = (y1 + y2) / 2;
        path = `M${f(x1)},${f(y1)} C${f(x1)},${f(my)} ${f(x2)},${f(my)} ${f(x2)},${f(y2)}`;
        // Towards the target, so labels of edges fanning out of one state do not collide.
        const converging = nth === 0 ? (intoTarget.get(targetId) ?? 0) : 0;
        if (nth === 0) intoTarget.set(targetId, converging + total);
        lx = x1 + (x2 - x1) * 0.8;
        ly = my + (y2 - my) * 0.5 - ((total - 1) * LABEL_LINE) / 2 + stack - converging * LABEL_LINE;
      } else if (d.y + d.h <= s.y + 1) {
        // Upwards (a back edge): round the right side.
        const x1 = s.x + s.w;
        const y1 = s.y + s.h / 2;
        const x2 = d.x + d.w;
        const y2 = d.y + d.h / 2;
        const bulge = Math.max(x1, x2) + 40;
        path = `M${f(x1)},${f(y1)} C${f(bulge)},${f(y1)} ${f(bulge)},${f(y2)} ${f(x2)},${f(y2)}`;
        lx = bulge - 8 + textWidth(label) / 2;
        ly = (y1 + y2) / 2 + stack;
      } else {
        // Same row: side to side.
        const right = d.x > s.x;
        const x1 = right ? s.x + s.w : s.x;
        const x2 = right ? d.x : d.x + d.w;
        const y1 = s.y + s.h / 2;
        const y2 = d.y + d.h / 2;
        const mx = (x1 + x2) / 2;
        path = `M${f(x1)},${f(y1)} C${f(mx)},${f(y1)} ${f(mx)},${f(y2)} ${f(x2)},${f(y2)}`;
        lx = mx;
        ly = (y1 + y2) / 2 - 6 - (total - 1) * LABEL_LINE + stack;
      }
      edges.push({ id, d: path, lx, ly, label, selfLoop: false });
    }
  }
  return edges;
}
