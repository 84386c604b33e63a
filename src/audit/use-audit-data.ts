/**
 * Data of the viewer: models and layouts per flow (computed once per flow), generated paths (on
 * demand, per strategy), the coverage of the last test run (fetched) and live flows
 * (BroadcastChannel).
 */
import { useEffect, useState } from 'react';
import type { FlowEntry } from '../../machines/catalog-types';
import { isCoverageReport, type CoverageReport } from '../../machines/harness/coverage';
import { generatePaths, type FlowPath, type Strategy } from '../../machines/harness/generate';
import { layoutChart, type ChartLayout } from '../../machines/harness/layout';
import { buildModel, type ChartModel } from '../../machines/harness/model';
import { FLOW_CHANNEL, type FlowMessage } from './live';

/** Where the build publishes the coverage (scripts/charts.ts copies reports/coverage/machines.json there). */
export const COVERAGE_URL = `${import.meta.env.BASE_URL}auditoria/coverage.json`;

const charts = new WeakMap<FlowEntry, { model: ChartModel; layout: ChartLayout; ms: number }>();
const pathsCache = new WeakMap<FlowEntry, Partial<Record<Strategy, FlowPath[]>>>();

/** Model and layout of a flow, computed once. */
export function chartOf(entry: FlowEntry): { model: ChartModel; layout: ChartLayout; ms: number } {
  let c = charts.get(entry);
  if (!c) {
    const t0 = performance.now();
    const model = buildModel(entry);
    const layout = layoutChart(model);
    c = { model, layout, ms: performance.now() - t0 };
    charts.set(entry, c);
  }
  return c;
}

/** Generated paths of a flow, computed once per strategy. */
export function pathsOf(entry: FlowEntry, strategy: Strategy): FlowPath[] {
  let byStrategy = pathsCache.get(entry);
  if (!byStrategy) {
    byStrategy = {};
    pathsCache.set(entry, byStrategy);
  }
  let paths = byStrategy[strategy];
  if (!paths) {
    try {
      paths = generatePaths(entry, { strategy }).paths;
    } catch {
      paths = [];
    }
    byStrategy[strategy] = paths;
  }
  return paths;
}

/**
 * Generated paths of a flow, computed after the chart has been painted (generation of a large
 * flow can take a few hundred ms): null while pending.
 */
export function usePaths(entry: FlowEntry | undefined, strategy: Strategy): FlowPath[] | null {
  const key = entry ? `${entry.id}|${strategy}` : '';
  const [result, setResult] = useState<{ key: string; paths: FlowPath[] } | null>(null);
  useEffect(() => {
    if (!entry) return;
    const timer = setTimeout(() => setResult({ key, paths: pathsOf(entry, strategy) }), 0);
    return () => clearTimeout(timer);
  }, [entry, strategy, key]);
  return result && result.key === key ? result.paths : null;
}

/** The coverage report, or null when there is none (or it cannot be read). */
export function useCoverage(): CoverageReport | null {
  const [report, setReport] = useState<CoverageReport | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetch(COVERAGE_URL, { signal: ctrl.signal, headers: { accept: 'application/json' } })
      .then(async (r) => (r.ok ? ((await r.json()) as unknown) : null))
      .then((data) => setReport(isCoverageReport(data) ? data : null))
      .catch(() => setReport(null));
    return () => ctrl.abort();
  }, []);
  return report;
}

/** Running flows of other tabs, by session, most recent first. */
export function useLiveFlows(enabled: boolean): { supported: boolean; flows: FlowMessage[] } {
  const supported = typeof BroadcastChannel !== 'undefined';
  const [flows, setFlows] = useState<FlowMessage[]>([]);
  useEffect(() => {
    if (!enabled || !supported) return;
    const channel = new BroadcastChannel(FLOW_CHANNEL);
    channel.onmessage = (e: MessageEvent<unknown>) => {
      const m = e.data as Partial<FlowMessage> | null;
      if (
        !m ||
        m.v !== 1 ||
        typeof m.session !== 'string' ||
        typeof m.machine !== 'string' ||
        !Array.isArray(m.states)
      )
        return;
      const msg = m as FlowMessage;
      setFlows((prev) => [msg, ...prev.filter((p) => p.session !== msg.session)].slice(0, 30));
    };
    return () => channel.close();
  }, [enabled, supported]);
  return { supported, flows };
}
