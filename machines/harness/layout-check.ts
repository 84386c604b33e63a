/**
 * Measures a laid-out chart for what makes it unreadable: a transition label over another label,
 * over a state box or across a box's border, over a compound state's title, and an edge drawn
 * through a state box it neither leaves nor enters (or through a title). The layout test requires
 * none on every chart; `npm run charts` prints the count.
 */
import { headerText, labelBox, textWidth, type Box, type ChartLayout } from './layout';
import type { ChartModel } from './model';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const contains = (outer: Rect, inner: Rect): boolean =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.w <= outer.x + outer.w &&
  inner.y + inner.h <= outer.y + outer.h;
const shrink = (r: Rect, by: number): Rect => ({
  x: r.x + by,
  y: r.y + by,
  w: r.w - 2 * by,
  h: r.h - 2 * by,
});

type Point = [number, number];

/** The points of an SVG path made of M, L and C commands (curves sampled). */
export function pathPoints(d: string): Point[] {
  const tokens = d.match(/[MLC]|-?\d+(?:\.\d+)?/g) ?? [];
  const pts: Point[] = [];
  let cmd = 'M';
  let i = 0;
  const num = (): number => Number(tokens[i++]);
  while (i < tokens.length) {
    const t = tokens[i] as string;
    if (/[MLC]/.test(t)) {
      cmd = t;
      i++;
      continue;
    }
    if (cmd === 'C') {
      const [x0, y0] = pts[pts.length - 1] ?? [0, 0];
      const c1: Point = [num(), num()];
      const c2: Point = [num(), num()];
      const end: Point = [num(), num()];
      for (let k = 1; k <= 16; k++) {
        const s = k / 16;
        const a = (1 - s) ** 3;
        const b = 3 * (1 - s) ** 2 * s;
        const c = 3 * (1 - s) * s * s;
        const e = s ** 3;
        pts.push([a * x0 + b * c1[0] + c * c2[0] + e * end[0], a * y0 + b * c1[1] + c * c2[1] + e * end[1]]);
      }
    } else pts.push([num(), num()]);
  }
  return pts;
}

/** True when the segment p–q meets the inside of `r`. */
function segmentHits(p: Point, q: Point, r: Rect): boolean {
  // Liang–Barsky clipping against the rectangle.
  let t0 = 0;
  let t1 = 1;
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const edges: Array<[number, number]> = [
    [-dx, p[0] - r.x],
    [dx, r.x + r.w - p[0]],
    [-dy, p[1] - r.y],
    [dy, r.y + r.h - p[1]],
  ];
  for (const [pp, qq] of edges) {
    if (pp === 0) {
      if (qq < 0) return false;
    } else {
      const t = qq / pp;
      if (pp < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/** Everything unreadable in a layout, one line each (empty when the chart is clean). */
export function layoutProblems(model: ChartModel, layout: ChartLayout): string[] {
  const problems: string[] = [];
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const isAncestor = (a: string, b: string): boolean => b.startsWith(`${a}.`) || a === model.root;
  const leaves = model.states.filter((s) => s.children.length === 0 && layout.boxes[s.id]);
  const compounds = model.states.filter((s) => s.children.length > 0 && layout.boxes[s.id]);
  const titleOf = (id: string): Rect => {
    const b = layout.boxes[id] as Box;
    return (
      layout.titles[id] ?? {
        x: b.x + 4,
        y: b.y + 3,
        w: textWidth(headerText(byId.get(id) as never)) + 12,
        h: 19,
      }
    );
  };
  const labels = layout.edges.map((e) => ({ e, r: labelBox(e) }));
  const tSource = (edgeId: string): { source: string; target: string } | undefined => {
    const [tid, target] = edgeId.split('>');
    const t = model.transitions.find((x) => x.id === tid);
    return t ? { source: t.source, target: target ?? t.targets[0] ?? t.source } : undefined;
  };
  labels.forEach(({ e, r }, i) => {
    if (!e.label) return;
    for (const { e: f, r: s } of labels.slice(i + 1))
      if (f.label && overlaps(r, s)) problems.push(`label '${e.label}' over label '${f.label}'`);
    for (const leaf of leaves)
      if (overlaps(r, layout.boxes[leaf.id] as Box))
        problems.push(`label '${e.label}' over the box ${leaf.id}`);
    for (const c of compounds) {
      const b = layout.boxes[c.id] as Box;
      if (overlaps(r, b) && !contains(b, r)) problems.push(`label '${e.label}' across the border of ${c.id}`);
      if (overlaps(r, titleOf(c.id))) problems.push(`label '${e.label}' over the title of ${c.id}`);
    }
  });
  for (const e of layout.edges) {
    const ends = tSource(e.id);
    if (!ends) continue;
    const pts = pathPoints(e.d);
    const hits = (r: Rect): boolean => pts.some((p, k) => k > 0 && segmentHits(pts[k - 1] as Point, p, r));
    for (const leaf of leaves) {
      if (leaf.id === ends.source || leaf.id === ends.target) continue;
      if (hits(shrink(layout.boxes[leaf.id] as Box, 1)))
        problems.push(`edge ${e.id} through the box ${leaf.id}`);
    }
    for (const c of compounds) {
      const inside =
        c.id === ends.source ||
        c.id === ends.target ||
        isAncestor(c.id, ends.source) ||
        isAncestor(c.id, ends.target);
      if (!inside && hits(shrink(layout.boxes[c.id] as Box, 1)))
        problems.push(`edge ${e.id} through the box ${c.id}`);
      if (c.id !== ends.source && c.id !== ends.target && hits(titleOf(c.id)))
        problems.push(`edge ${e.id} over the title of ${c.id}`);
    }
  }
  return problems;
}
