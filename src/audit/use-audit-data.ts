/**
 * Data of the viewer, all of it published by the build (`scripts/charts.ts --publish`, see
 * machines/harness/audit-data.ts): the list of flows, each flow's model, layout and generated
 * paths (fetched when the flow is opened, kept for the session), the coverage of those paths
 * replayed against the machines at build time, and live flows (BroadcastChannel). The page
 * carries no machine, fixture or path generator of its own.
 */
import { useEffect, useState } from 'react';
import {
  AUDIT_DIR,
  AUDIT_INDEX_FILE,
  auditFlowFile,
  auditSimplePathsFile,
  COVERAGE_FILE,
  isAuditFlow,
  isAuditIndex,
  isAuditPaths,
  type AuditFlow,
  type AuditIndex,
  type AuditPath,
  type AuditPaths,
} from '../../machines/harness/audit-data';
import type { Strategy } from '../../machines/harness/generate';
import { isCoverageReport, type CoverageReport } from '../../machines/harness/coverage';
import { FLOW_CHANNEL, type FlowMessage } from './live';

const base = `${import.meta.env.BASE_URL}${AUDIT_DIR}/`;
/** Where the build publishes the coverage. */
export const COVERAGE_URL = `${base}${COVERAGE_FILE}`;
export const AUDIT_INDEX_URL = `${base}${AUDIT_INDEX_FILE}`;

/** A fetched resource: pending, failed (nothing published, or unreadable) or there. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

async function fetchJson<T>(url: string, guard: (v: unknown) => v is T, signal?: AbortSignal): Promise<T> {
  const r = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  const data: unknown = await r.json();
  if (!guard(data)) throw new Error(`${url}: not the viewer's data`);
  return data;
}

function useFetched<T>(url: string | null, guard: (v: unknown) => v is T, cache?: Map<string, T>): Loaded<T> {
  const cached = url ? cache?.get(url) : undefined;
  const [state, setState] = useState<{ url: string | null; loaded: Loaded<T> }>({
    url,
    loaded: cached ? { status: 'ready', data: cached } : { status: 'loading' },
  });
  useEffect(() => {
    if (!url || cache?.has(url)) return;
    const ctrl = new AbortController();
    fetchJson(url, guard, ctrl.signal)
      .then((data) => {
        cache?.set(url, data);
        setState({ url, loaded: { status: 'ready', data } });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setState({ url, loaded: { status: 'error' } });
      });
    return () => ctrl.abort();
  }, [url, guard, cache]);
  if (cached) return { status: 'ready', data: cached };
  return state.url === url ? state.loaded : { status: 'loading' };
}

const flows = new Map<string, AuditFlow>();
const indexes = new Map<string, AuditIndex>();

/** The list of published flows (fetched once per session). */
export function useAuditIndex(): Loaded<AuditIndex> {
  return useFetched(AUDIT_INDEX_URL, isAuditIndex, indexes);
}

/** One flow's model, layout and generated paths (fetched once per session). */
export function useAuditFlow(flowId: string | null): Loaded<AuditFlow> {
  return useFetched(flowId ? `${base}${auditFlowFile(flowId)}` : null, isAuditFlow, flows);
}

const simplePaths = new Map<string, AuditPaths>();

/** A flow's paths of a strategy: the shortest come with the flow, the simple ones on demand. */
export function useAuditPaths(
  flowId: string | null,
  flow: AuditFlow | undefined,
  strategy: Strategy,
): Loaded<AuditPath[]> {
  const simple = useFetched(
    flowId && strategy === 'simple' ? `${base}${auditSimplePathsFile(flowId)}` : null,
    isAuditPaths,
    simplePaths,
  );
  if (strategy === 'shortest') return flow ? { status: 'ready', data: flow.shortest } : { status: 'loading' };
  return simple.status === 'ready' ? { status: 'ready', data: simple.data.paths } : simple;
}

/** The coverage report, or null when there is none (or it cannot be read). */
export function useCoverage(): CoverageReport | null {
  const loaded = useFetched(COVERAGE_URL, isCoverageReport);
  return loaded.status === 'ready' ? loaded.data : null;
}

/** Running flows of other tabs, by session, most recent first. */
export function useLiveFlows(enabled: boolean): { supported: boolean; flows: FlowMessage[] } {
  const supported = typeof BroadcastChannel !== 'undefined';
  const [live, setLive] = useState<FlowMessage[]>([]);
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
      setLive((prev) => [msg, ...prev.filter((p) => p.session !== msg.session)].slice(0, 30));
    };
    return () => channel.close();
  }, [enabled, supported]);
  return { supported, flows: live };
}
