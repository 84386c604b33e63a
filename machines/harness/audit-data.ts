/**
 * What the build publishes for the auditors' viewer (dist/auditoria/, by `scripts/charts.ts
 * --publish`), so the public page carries no machine, fixture, sample data or path generator:
 * - `flows.json`: the list of flows;
 * - `flow-<id>.json`: one flow's chart model, its laid-out geometry and its shortest paths;
 * - `flow-<id>.simple.json`: its simple paths (many more; fetched when an auditor asks for them);
 * - `coverage.json`: the coverage of those paths replayed against the machines at build time.
 * Types and readers only: the viewer imports this module, the build writes what it describes.
 */
import type { FlowPath, PathStep, Strategy } from './generate';
import type { ChartLayout } from './layout';
import type { ChartModel } from './model';

/** Folder under the site root (and under dist/). */
export const AUDIT_DIR = 'auditoria';
export const AUDIT_INDEX_FILE = 'flows.json';
export const COVERAGE_FILE = 'coverage.json';

/** File of one flow's data. */
export function auditFlowFile(flowId: string): string {
  return `flow-${flowId}.json`;
}

/** File of one flow's simple paths. */
export function auditSimplePathsFile(flowId: string): string {
  return `flow-${flowId}.simple.json`;
}

/** A step as the viewer plays it: no context, guard outcomes or output (the replays' business). */
export type AuditStep = Pick<PathStep, 'kind' | 'event' | 'label' | 'status' | 'states' | 'transitions'>;
export type AuditPath = Omit<FlowPath, 'steps'> & { steps: AuditStep[] };

/** A path reduced to what the viewer shows. */
export function toAuditPath(path: FlowPath): AuditPath {
  return {
    id: path.id,
    flowId: path.flowId,
    strategy: path.strategy,
    title: path.title,
    steps: path.steps.map(({ kind, event, label, status, states, transitions }) => ({
      kind,
      event,
      label,
      status,
      states,
      transitions,
    })),
  };
}

export interface AuditFlowSummary {
  id: string;
  machineId: string;
  title: string;
  route?: string;
  spec: string[];
}

export interface AuditIndex {
  version: 1;
  generatedAt: string;
  flows: AuditFlowSummary[];
}

export interface AuditFlow {
  version: 1;
  model: ChartModel;
  layout: ChartLayout;
  shortest: AuditPath[];
}

export interface AuditPaths {
  version: 1;
  flowId: string;
  strategy: Strategy;
  paths: AuditPath[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isAuditIndex(v: unknown): v is AuditIndex {
  return isObject(v) && v.version === 1 && Array.isArray(v.flows);
}

export function isAuditFlow(v: unknown): v is AuditFlow {
  return (
    isObject(v) && v.version === 1 && isObject(v.model) && isObject(v.layout) && Array.isArray(v.shortest)
  );
}

export function isAuditPaths(v: unknown): v is AuditPaths {
  return isObject(v) && v.version === 1 && Array.isArray(v.paths);
}
