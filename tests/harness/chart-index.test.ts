// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import { CONTRACT_COPY, indexHtml } from '../../machines/harness/chart-index';
import { CONTRACT_PATH } from '../../machines/harness/contract';
import { toMermaid } from '../../machines/harness/exporters';
import { buildModel } from '../../machines/harness/model';

describe('the offline index of the chart export', () => {
  const models = catalog.map((e) => buildModel(e));
  const html = indexHtml(
    models,
    new Map(),
    undefined,
    new Map(models.map((m) => [m.flowId, 1])),
    readFileSync(CONTRACT_PATH, 'utf8'),
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const files = new Set([
    CONTRACT_COPY,
    ...models.flatMap((m) => ['svg', 'scxml', 'mmd', 'json'].map((x) => `${m.flowId}.${x}`)),
  ]);

  it('links only to its own anchors and to the files beside it in the folder', () => {
    const hrefs = Array.from(doc.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      if (href.startsWith('#')) expect(doc.getElementById(href.slice(1)), href).not.toBeNull();
      else expect(files.has(href), href).toBe(true);
    }
  });

  it('carries the contract text of every operation a chart invokes', () => {
    const ops = new Set(models.flatMap((m) => Object.values(m.operations).filter((o): o is string => !!o)));
    expect(ops.size).toBeGreaterThan(0);
    for (const op of ops) {
      const section = doc.getElementById(`op-${op}`)?.nextElementSibling?.textContent ?? '';
      expect(section, op).toContain(`operationId: ${op}`);
    }
  });
});

describe('one language per export', () => {
  it('Mermaid writes the SVG’s Portuguese words for eventless transitions', () => {
    const text = catalog.map((e) => toMermaid(buildModel(e))).join('\n');
    expect(text).toContain(': sempre');
    expect(text).not.toMatch(/: always\b/);
  });
});
