/**
 * The texts of a drawn chart and their estimated widths, shared by the layout (Node, at build
 * time), the SVG and the viewer (browser): kept apart from the layout so the viewer's bundle does
 * not carry the layout engine.
 */
import type { ChartState, ChartTransition } from './model';

const CHAR_W = 6.8;

/** Width in px of a label in the chart font (12px sans-serif), estimated. */
export function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_W);
}

/** Label of a transition: its event (or delay) and its guard, whole (the layout makes room). */
export function transitionLabel(t: ChartTransition): string {
  const ev = eventLabel(t);
  return t.guard ? `${ev} [${t.guard}]` : ev;
}

/** The event of a transition as the charts write it, in Portuguese like the rest of the export. */
export function eventLabel(t: ChartTransition): string {
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
  return ev;
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

/** Width in px of a transition label (11px sans-serif with its white halo), estimated generously. */
export function labelWidth(text: string): number {
  return Math.ceil(text.length * 6.3) + 6;
}
