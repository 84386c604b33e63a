/**
 * What the build publishes for the auditors' viewer (dist/auditoria/, by `scripts/charts.ts
 * --publish`), so the public page carries no machine, fixture, sample data or path generator:
 * - `flows.json`: the list of flows;
 * - `flow-<id>.json`: one flow's chart model, its laid-out geometry and its generated paths;
 * - `coverage.json`: the coverage of those paths replayed against the machines at build time.
 * Types and readers only: the viewer imports this module, the build writes what it describes.
 */
import type { Strategy, FlowPath } from './generate';
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
  paths: Record<Strategy, FlowPath[]>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isAuditIndex(v: unknown): v is AuditIndex {
  return isObject(v) && v.version === 1 && Array.isArray(v.flows);
}

export function isAuditFlow(v: unknown): v is AuditFlow {
  return (
    isObject(v) &&
    v.version === 1 &&
    isObject(v.model) &&
    isObject(v.layout) &&
    isObject(v.paths) &&
    Array.isArray(v.paths.shortest) &&
    Array.isArray(v.paths.simple)
  );
}
