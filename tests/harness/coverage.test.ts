import { describe, expect, it } from 'vitest';
import type { FlowEntry } from '../../machines/catalog-types';
import {
  CoverageCollector,
  computeCoverage,
  coverageGaps,
  guardGaps,
  isCoverageReport,
  makeReport,
  renderCoverageHtml,
} from '../../machines/harness/coverage';
import { generatePaths } from '../../machines/harness/generate';
import { buildModel } from '../../machines/harness/model';
import { replayPath } from '../../machines/harness/replay';
import { signInEntry, wizardEntry } from './fixtures';

async function coverageOf(entry: FlowEntry) {
  const collector = new CoverageCollector();
  for (const path of generatePaths(entry, { strategy: 'shortest' }).paths) {
    const r = await replayPath(entry, path);
    collector.add(r.hits, { id: path.id, ok: r.ok });
  }
  return computeCoverage(buildModel(entry), collector);
}

describe('coverage', () => {
  it('is 100% of states, transitions and guard outcomes for the fixtures', async () => {
    for (const entry of [signInEntry, wizardEntry]) {
      const c = await coverageOf(entry);
      expect(coverageGaps(c)).toEqual([]);
      expect(guardGaps(c)).toEqual([]);
      expect(c.states.percent).toBe(100);
      expect(c.transitions.total).toBe(buildModel(entry).transitions.length);
      // Transient states (left by an eventless transition at once) count as reached.
      if (entry === wizardEntry) expect(c.hits.states['wizard.confirm.check']).toBeGreaterThan(0);
      expect(c.paths.failed).toEqual([]);
    }
  });

  it('names what a missing fixture leaves uncovered', async () => {
    // Without the "bad credentials" outcome, the guarded onError branch back to editing is never taken.
    const partial: FlowEntry = {
      ...signInEntry,
      outcomes: signInEntry.outcomes.filter((o) => o.label !== 'Credenciais inválidas'),
    };
    const c = await coverageOf(partial);
    expect(c.transitions.missing).toEqual(['signIn.submitting::xstate.error.actor.login::0']);
    expect(c.transitions.percent).toBe(90);
    expect(c.guards.missing).toEqual(['signIn.submitting::xstate.error.actor.login::0:true']);
    const gaps = coverageGaps(c);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toContain('signIn.submitting::xstate.error.actor.login::0');
    expect(guardGaps(c)[0]).toContain(':true');
  });

  it('counts an unreachable state as missing', async () => {
    // Without any outcome of the client load, signing in never completes.
    const noClient: FlowEntry = {
      ...signInEntry,
      outcomes: signInEntry.outcomes.filter((o) => o.actor !== 'client'),
    };
    const c = await coverageOf(noClient);
    expect(c.states.missing).toEqual(['signIn.signedIn']);
    expect(coverageGaps(c)[0]).toContain('states not reached (5/6): signIn.signedIn');
  });

  it('writes a report the viewer recognises, and readable HTML', async () => {
    const c = await coverageOf(signInEntry);
    const report = makeReport([c], new Date('2026-01-02T03:04:05Z'));
    expect(isCoverageReport(JSON.parse(JSON.stringify(report)))).toBe(true);
    expect(isCoverageReport({ machines: {} })).toBe(false);
    const html = renderCoverageHtml(report, [buildModel(signInEntry)]);
    expect(html).toContain('<table>');
    expect(html).toContain('Entrar (fixture)');
    expect(html).toContain('Cobertura completa.');
    expect(html).not.toContain('<script');
  });
});
