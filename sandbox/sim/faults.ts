/**
 * Switchable faults for reliability tests: the next `times` calls of an operation (or of any
 * /api operation, with operationId '*') wait `delayMs` and/or fail with `status`.
 */
export interface FaultRule {
  operationId: string;
  /** HTTP status to answer with; absent or 0 means only delay. */
  status?: number;
  /** How many calls it applies to (default 1). */
  times?: number;
  delayMs?: number;
}

interface ActiveFault {
  operationId: string;
  status: number;
  remaining: number;
  delayMs: number;
}

export class FaultTable {
  private rules: ActiveFault[] = [];

  add(rule: FaultRule): void {
    this.rules.push({
      operationId: rule.operationId,
      status: rule.status ?? 0,
      remaining: Math.max(1, Math.floor(rule.times ?? 1)),
      delayMs: Math.max(0, Math.floor(rule.delayMs ?? 0)),
    });
  }

  /** Consumes and returns the first rule matching the operation, if any. */
  take(operationId: string): { status: number; delayMs: number } | undefined {
    const rule = this.rules.find((r) => r.operationId === operationId || r.operationId === '*');
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return { status: rule.status, delayMs: rule.delayMs };
  }

  list(): readonly Readonly<ActiveFault>[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }
}
