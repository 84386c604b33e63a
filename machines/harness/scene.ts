/**
 * A drawn chart as a list of primitives (rects, texts, paths) with CSS classes, built from the
 * model and its layout. The static export serialises it to an SVG string (`renderSvg`); the viewer
 * maps the same list to React elements, so both draw exactly the same chart.
 */
import type { ChartLayout } from './layout';
import { headerText, leafLines } from './labels';
import type { ChartModel, ChartState } from './model';

export type SceneItem =
  | {
      kind: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      rx: number;
      cls: string;
      stateId?: string;
      title?: string;
    }
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      cls: string;
      anchor: 'start' | 'middle';
      stateId?: string;
      transitionId?: string;
    }
  | { kind: 'path'; d: string; cls: string; transitionId?: string; title?: string; arrow: boolean }
  | { kind: 'circle'; cx: number; cy: number; r: number; cls: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; cls: string };

/** What to emphasise. */
export interface SceneOptions {
  /** Active state ids (a played step or a live flow). */
  active?: ReadonlySet<string>;
  /** Transitions taken by the current step. */
  taken?: ReadonlySet<string>;
  /** Coverage hits: ids present are covered; with `coverage` given, absent ids are drawn as missing. */
  coverage?: { states: Record<string, number>; transitions: Record<string, number> };
  /** The selected state or transition. */
  selected?: string;
}

/** CSS of the chart classes (shared by the SVG export and the viewer). */
export const CHART_CSS = `
.sc-state{fill:#fff;stroke:#4a5568;stroke-width:1.2}
.sc-compound{fill:#f7f9fc;stroke:#718096}
.sc-parallel{fill:#fbf8ff;stroke:#805ad5;stroke-dasharray:0}
.sc-root{fill:#fdfdfd;stroke:#2d3748;stroke-width:1.6}
.sc-final-inner{fill:none;stroke:#4a5568;stroke-width:1}
.sc-busy{stroke:#b7791f}
.sc-label{font:600 12px system-ui,sans-serif;fill:#1a202c}
.sc-sub{font:11px system-ui,sans-serif;fill:#4a5568}
.sc-edge{fill:none;stroke:#4a5568;stroke-width:1.2}
.sc-edge-label{font:11px system-ui,sans-serif;fill:#2d3748;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
.sc-initial{fill:#2d3748}
.sc-sep{stroke:#805ad5;stroke-dasharray:6 4}
.sc-active{fill:#fefcbf;stroke:#b7791f;stroke-width:2.5}
.sc-taken{stroke:#d69e2e;stroke-width:3}
.sc-covered{fill:#e6fffa;stroke:#2c7a7b}
.sc-missing{stroke:#c53030;stroke-dasharray:5 3;stroke-width:1.8}
.sc-edge.sc-covered{stroke:#2c7a7b;fill:none}
.sc-edge.sc-missing{stroke:#c53030;fill:none}
.sc-selected{stroke:#3182ce;stroke-width:3}
[data-state],[data-transition]{cursor:pointer}
`;

function stateClass(state: ChartState, model: ChartModel, o: SceneOptions): string {
  const cls = ['sc-state'];
  if (state.id === model.root) cls.push('sc-root');
  else if (state.type === 'parallel') cls.push('sc-parallel');
  else if (state.children.length) cls.push('sc-compound');
  if (state.tags.includes('busy')) cls.push('sc-busy');
  if (o.coverage && state.id !== model.root && state.type !== 'history')
    cls.push(o.coverage.states[state.id] ? 'sc-covered' : 'sc-missing');
  if (o.active?.has(state.id)) cls.push('sc-active');
  if (o.selected === state.id) cls.push('sc-selected');
  return cls.join(' ');
}

/** The primitives of a chart. */
export function buildScene(model: ChartModel, layout: ChartLayout, o: SceneOptions = {}): SceneItem[] {
  const items: SceneItem[] = [];
  for (const state of model.states) {
    const b = layout.boxes[state.id];
    if (!b) continue;
    const title = [state.label, state.id, state.spec].filter(Boolean).join('\n');
    const rx = state.type === 'history' ? b.h / 2 : 8;
    items.push({
      kind: 'rect',
      x: b.x,
      y: b.y,
      w: b.w,
      h: b.h,
      rx,
      cls: stateClass(state, model, o),
      stateId: state.id,
      title,
    });
    if (state.type === 'final')
      items.push({
        kind: 'rect',
        x: b.x + 3,
        y: b.y + 3,
        w: b.w - 6,
        h: b.h - 6,
        rx: 6,
        cls: 'sc-final-inner',
      });
    if (state.children.length) {
      const title = layout.titles[state.id];
      items.push({
        kind: 'text',
        x: (title?.x ?? b.x + 4) + 6,
        y: (title?.y ?? b.y + 3) + 14,
        text: headerText(state),
        cls: 'sc-label',
        anchor: 'start',
        stateId: state.id,
      });
    } else {
      const lines = leafLines(state);
      lines.forEach((line, i) => {
        items.push({
          kind: 'text',
          x: b.x + b.w / 2,
          y: b.y + 22 + i * 16,
          text: line,
          cls: i === 0 ? 'sc-label' : 'sc-sub',
          anchor: 'middle',
          stateId: state.id,
        });
      });
    }
  }
  // Initial markers: a dot with an arrow to the initial child, placed by the layout.
  for (const m of layout.initials) {
    items.push({ kind: 'circle', cx: m.cx, cy: m.cy, r: m.r, cls: 'sc-initial' });
    if (m.d) items.push({ kind: 'path', d: m.d, cls: 'sc-edge', arrow: true });
  }
  for (const sep of layout.separators)
    items.push({ kind: 'line', x1: sep.x, y1: sep.y1, x2: sep.x, y2: sep.y2, cls: 'sc-sep' });
  const tById = new Map(model.transitions.map((t) => [t.id, t]));
  for (const e of layout.edges) {
    const tid = e.id.split('>')[0] ?? e.id;
    const t = tById.get(tid);
    const cls = ['sc-edge'];
    if (o.coverage) cls.push(o.coverage.transitions[tid] ? 'sc-covered' : 'sc-missing');
    if (o.taken?.has(tid)) cls.push('sc-taken');
    if (o.selected === tid) cls.push('sc-selected');
    const title = t
      ? [
          t.event || 'always',
          t.guard ? `[${t.guard}]` : '',
          t.actions.length ? `/ ${t.actions.join(', ')}` : '',
          t.spec ?? '',
        ]
          .filter(Boolean)
          .join(' ')
      : e.label;
    items.push({ kind: 'path', d: e.d, cls: cls.join(' '), transitionId: tid, title, arrow: true });
    items.push({
      kind: 'text',
      x: e.lx,
      y: e.ly,
      text: e.label,
      cls: 'sc-edge-label',
      anchor: 'middle',
      transitionId: tid,
    });
  }
  return items;
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number): string => String(Math.round(v * 10) / 10);

/** A standalone SVG document (inline CSS, no external references). */
export function renderSvg(model: ChartModel, layout: ChartLayout, o: SceneOptions = {}): string {
  const parts: string[] = [];
  for (const it of buildScene(model, layout, o)) {
    switch (it.kind) {
      case 'rect':
        parts.push(
          `<rect x="${n(it.x)}" y="${n(it.y)}" width="${n(it.w)}" height="${n(it.h)}" rx="${n(it.rx)}" class="${it.cls}"${it.stateId ? ` data-state="${esc(it.stateId)}"` : ''}>${it.title ? `<title>${esc(it.title)}</title>` : ''}</rect>`,
        );
        break;
      case 'text':
        if (it.text)
          parts.push(
            `<text x="${n(it.x)}" y="${n(it.y)}" text-anchor="${it.anchor}" class="${it.cls}">${esc(it.text)}</text>`,
          );
        break;
      case 'path':
        parts.push(
          `<path d="${it.d}" class="${it.cls}"${it.arrow ? ' marker-end="url(#sc-arrow)"' : ''}${it.transitionId ? ` data-transition="${esc(it.transitionId)}"` : ''}>${it.title ? `<title>${esc(it.title)}</title>` : ''}</path>`,
        );
        break;
      case 'circle':
        parts.push(`<circle cx="${n(it.cx)}" cy="${n(it.cy)}" r="${n(it.r)}" class="${it.cls}"/>`);
        break;
      case 'line':
        parts.push(
          `<line x1="${n(it.x1)}" y1="${n(it.y1)}" x2="${n(it.x2)}" y2="${n(it.y2)}" class="${it.cls}"/>`,
        );
        break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="${esc(`Diagrama de estados: ${model.title}`)}">
<style>${CHART_CSS}</style>
<defs><marker id="sc-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#4a5568"/></marker></defs>
${parts.join('\n')}
</svg>
`;
}
