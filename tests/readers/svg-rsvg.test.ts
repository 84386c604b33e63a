/**
 * The SVG charts in rsvg (librsvg's rsvg-convert, what GNOME and many converters render SVG with):
 * every flow's chart, with the coverage drawn over it as the export does, renders without a
 * warning to a PNG of the chart's size with ink on it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import { renderSvg } from '../../machines/harness/scene';
import { chartOf } from '../harness/charts';
import { signInEntry, wizardEntry } from '../harness/fixtures';
import { requireReader, RSVG } from './readers';

const dir = mkdtempSync(join(tmpdir(), 'charts-rsvg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { w: number; h: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { w: png.readUInt32BE(16), h: png.readUInt32BE(20) };
}

describe('SVG charts in rsvg', () => {
  beforeAll(() => requireReader(RSVG));

  for (const entry of [signInEntry, wizardEntry, ...catalog]) {
    it(`${entry.id}: renders at its size, without a warning`, async () => {
      const { model, layout } = await chartOf(entry);
      const covered = Object.fromEntries(model.states.slice(0, 3).map((s) => [s.id, 1]));
      const svg = renderSvg(model, layout, { coverage: { states: covered, transitions: {} } });
      const file = join(dir, `${entry.id}.svg`);
      writeFileSync(file, svg);
      const out = join(dir, `${entry.id}.png`);
      const run = spawnSync(RSVG.command, ['-f', 'png', '-o', out, file], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toBe('');
      const png = readFileSync(out);
      expect(pngSize(png)).toEqual({ w: layout.width, h: layout.height });
      // A chart, not an empty canvas: boxes, text and edges compress far worse than blank pixels.
      expect(png.length).toBeGreaterThan(8_000);
    });
  }
});
