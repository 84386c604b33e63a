// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import type { Box } from '../../machines/harness/layout';
import { layoutProblems } from '../../machines/harness/layout-check';
import { renderSvg } from '../../machines/harness/scene';
import { chartOf } from './charts';
import { signInEntry, wizardEntry } from './fixtures';

const inside = (a: Box, b: Box): boolean =>
  a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('layered layout', () => {
  for (const entry of [signInEntry, wizardEntry, ...catalog]) {
    it(`${entry.id}: nests children inside parents, siblings apart, an edge per transition target`, async () => {
      const { model, layout } = await chartOf(entry);
      for (const s of model.states) {
        const box = layout.boxes[s.id];
        expect(box, s.id).toBeDefined();
        if (!box) continue;
        if (s.parent)
          expect(inside(box, layout.boxes[s.parent] as Box), `${s.id} inside ${s.parent}`).toBe(true);
        const siblings = s.children.map((c) => layout.boxes[c] as Box);
        for (let i = 0; i < siblings.length; i++)
          for (let j = i + 1; j < siblings.length; j++)
            expect(
              overlap(siblings[i] as Box, siblings[j] as Box),
              `${s.children[i]} × ${s.children[j]}`,
            ).toBe(false);
      }
      expect(layout.edges.length).toBe(
        model.transitions.reduce((n, t) => n + Math.max(1, t.targets.length), 0),
      );
      expect(layout.width).toBeGreaterThan(0);
      for (const e of layout.edges) expect(e.d).toMatch(/^M[\d.-]+,[\d.-]+ [CL]/);
    });

    it(`${entry.id}: no label over a label, a box or a title, no edge through a box`, async () => {
      const { model, layout } = await chartOf(entry);
      const problems = layoutProblems(model, layout);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  it('the measure finds overlaps: two labels at one place, an edge through a box', async () => {
    const { model, layout } = await chartOf(signInEntry);
    const [a, b] = layout.edges;
    if (!a || !b) throw new Error('sign-in has edges');
    const ends = model.transitions.find((t) => b.id.startsWith(t.id));
    const leaf = model.states.find(
      (s) => s.parent && s.children.length === 0 && s.id !== ends?.source && !ends?.targets.includes(s.id),
    );
    const box = layout.boxes[leaf?.id ?? ''] as Box;
    const broken = {
      ...layout,
      edges: [
        { ...a, lx: b.lx, ly: b.ly },
        { ...b, d: `M${box.x - 50},${box.y + box.h / 2} L${box.x + box.w + 50},${box.y + box.h / 2}` },
        ...layout.edges.slice(2),
      ],
    };
    const problems = layoutProblems(model, broken);
    expect(problems.some((p) => p.includes('over label'))).toBe(true);
    expect(problems.some((p) => p.includes(`through the box ${leaf?.id}`))).toBe(true);
  });

  it('draws parallel regions side by side with a separator', async () => {
    const { layout } = await chartOf(wizardEntry);
    const a = layout.boxes['wizard.form.amount'] as Box;
    const r = layout.boxes['wizard.form.recipient'] as Box;
    expect(a.y).toBe(r.y);
    expect(r.x).toBeGreaterThan(a.x + a.w);
    expect(layout.separators).toHaveLength(1);
  });

  it('renders a standalone, well-formed SVG with coverage classes', async () => {
    const { model, layout } = await chartOf(signInEntry);
    const svg = renderSvg(model, layout, {
      coverage: { states: { 'signIn.editing': 1 }, transitions: {} },
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(svg).toContain('sc-covered');
    expect(svg).toContain('sc-missing');
    expect(svg).not.toMatch(/href="http/);
  });
});
