/**
 * Generated paths of every catalog flow, replayed against the real machine, and the coverage gate.
 *
 * For each flow: the shortest-path set (one test per path), the bounded simple-path set and the
 * walks (one test replaying all of each) are replayed with deferred fake actors and a manual clock; then the
 * flow must reach 100% of its states and transitions, or the suite fails naming what is missing.
 * The coverage of the run is written to reports/coverage/machines.json and machines.html.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalog } from '../../machines/catalog';
import type { FlowEntry } from '../../machines/catalog-types';
import {
  CoverageCollector,
  computeCoverage,
  coverageGaps,
  guardGaps,
  makeReport,
  renderCoverageHtml,
  type MachineCoverage,
} from '../../machines/harness/coverage';
import { generatePaths, type Generated } from '../../machines/harness/generate';
import { buildModel, type ChartModel } from '../../machines/harness/model';
import { formatReplayFailure, replayPath } from '../../machines/harness/replay';
import { validateEntry } from '../../machines/harness/validate-entry';

/**
 * The generator's budget, as a count: simple paths grow combinatorially with a flow's branches, and
 * that growth is what would make generation (and every reader replaying the paths) slow. A count is
 * the same on every machine; the wall time is printed, not asserted, because on the shared 2-core
 * machine it varied from 1.3 s to 18 s for the same catalog with the load of other processes.
 */
const PATHS_PER_FLOW_BUDGET = 400;
const outDir = join(process.cwd(), 'reports', 'coverage');
const coverages: MachineCoverage[] = [];
const models: ChartModel[] = [];
let generationMs = 0;

interface Prepared {
  entry: FlowEntry;
  model: ChartModel;
  shortest?: Generated;
  simple?: Generated;
  walk?: Generated;
  error?: unknown;
}

const prepared: Prepared[] = catalog.map((entry) => {
  const model = buildModel(entry);
  try {
    const t0 = performance.now();
    const shortest = generatePaths(entry, { strategy: 'shortest' });
    const simple = generatePaths(entry, { strategy: 'simple' });
    const walk = generatePaths(entry, { strategy: 'walk' });
    generationMs += performance.now() - t0;
    return { entry, model, shortest, simple, walk };
  } catch (error) {
    return { entry, model, error };
  }
});

describe('the catalog', () => {
  it('has unique flow ids and well-formed entries', () => {
    const ids = catalog.map((e) => e.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'duplicate flow ids',
    ).toEqual([]);
    const problems = catalog.flatMap((e) => validateEntry(e));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('names every machine by its catalog id (kebab-case), which the charts, /auditoria and e2e read', () => {
    // One machine may serve several flows (password-setup: /FirstAcess and /ResetPassword;
    // change-password: /password/change and /password/first-login; pix-cash-qr: /WithdrawPixPage
    // and /ChangePixPage).
    const shared: Record<string, string> = {
      'first-access': 'password-setup',
      'reset-password': 'password-setup',
      'first-login': 'change-password',
      'pix-withdraw-qr': 'pix-cash-qr',
      'pix-change-qr': 'pix-cash-qr',
    };
    const wrong = catalog
      .filter((e) => e.machine.id !== (shared[e.id] ?? e.id) || !/^[a-z]+(-[a-z]+)*$/.test(e.machine.id))
      .map((e) => `${e.id}: machine id '${e.machine.id}'`);
    expect(wrong).toEqual([]);
  });

  it(`generates at most ${PATHS_PER_FLOW_BUDGET} paths per flow (shortest + simple)`, () => {
    const counts = prepared.map((p) => ({
      id: p.entry.id,
      n: (p.shortest?.paths.length ?? 0) + (p.simple?.paths.length ?? 0),
    }));
    const count = counts.reduce((n, c) => n + c.n, 0);
    console.info(
      `paths: ${count} generated for ${catalog.length} flows (shortest + simple) in ${Math.round(generationMs)} ms`,
    );
    expect(counts.filter((c) => c.n > PATHS_PER_FLOW_BUDGET)).toEqual([]);
  });
});

for (const p of prepared) {
  describe(`${p.entry.id} — ${p.entry.title}`, () => {
    const collector = new CoverageCollector();

    if (p.error !== undefined || !p.shortest || !p.simple || !p.walk) {
      it('generates its paths', () => {
        throw p.error instanceof Error ? p.error : new Error(String(p.error));
      });
      return;
    }

    for (const path of p.shortest.paths) {
      it(`${path.id} ${path.title}`, async () => {
        const result = await replayPath(p.entry, path);
        collector.add(result.hits, { id: path.id, ok: result.ok });
        if (!result.ok) throw new Error(`replay failed\n${formatReplayFailure(path, result)}`);
      });
    }

    const simple = p.simple;
    it(`replays the ${simple.paths.length} simple paths`, async () => {
      const failures: string[] = [];
      for (const path of simple.paths) {
        const result = await replayPath(p.entry, path);
        collector.add(result.hits, { id: path.id, ok: result.ok });
        if (!result.ok) failures.push(formatReplayFailure(path, result));
      }
      expect(failures.length, failures.join('\n\n')).toBe(0);
    });

    // The walks are what the browser mostly plays (e2e/paths.spec.ts's covering set).
    const walk = p.walk;
    it(`replays the ${walk.paths.length} walks`, async () => {
      const failures: string[] = [];
      for (const path of walk.paths) {
        const result = await replayPath(p.entry, path);
        collector.add(result.hits, { id: path.id, ok: result.ok });
        if (!result.ok) failures.push(formatReplayFailure(path, result));
      }
      expect(failures.length, failures.join('\n\n')).toBe(0);
    });

    it('covers 100% of its states and transitions', () => {
      const coverage = computeCoverage(p.model, collector);
      coverages.push(coverage);
      models.push(p.model);
      const gaps = coverageGaps(coverage);
      const info = guardGaps(coverage);
      if (info.length) console.info(info.join('\n'));
      expect(
        gaps,
        `coverage below 100%:\n${gaps.join('\n')}\n(add fixture events or outcomes to the catalog entry, or remove dead transitions)`,
      ).toEqual([]);
    });
  });
}

afterAll(() => {
  mkdirSync(outDir, { recursive: true });
  const report = makeReport(coverages);
  writeFileSync(join(outDir, 'machines.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(outDir, 'machines.html'), renderCoverageHtml(report, models));
});
