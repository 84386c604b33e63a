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
  /**
   * The bank answers normally but the movement is declined: a TED comes back `success: false` and
   * moves no money (2-money-movement.md §2: the portal then goes home after 1.8 s). Only
   * createWithdrawal with a BankTransfer reads it; with a status the status wins.
   */
  decline?: boolean;
  /**
   * With a status: answer with this entry of the bank's error catalogue (sandbox/http/replies.ts
   * ERROR_CODES, e.g. 'recipientAlreadyRegistered') instead of the generic simulated failure, for a
   * refusal the bank gives only for data a path cannot set up (checked by the test route).
   */
  reply?: string;
}

interface ActiveFault {
  operationId: string;
  status: number;
  remaining: number;
  delayMs: number;
  decline: boolean;
  reply: string | undefined;
}

export class FaultTable {
  private rules: ActiveFault[] = [];

  add(rule: FaultRule): void {
    this.rules.push({
      operationId: rule.operationId,
      status: rule.status ?? 0,
      remaining: Math.max(1, Math.floor(rule.times ?? 1)),
      delayMs: Math.max(0, Math.floor(rule.delayMs ?? 0)),
      decline: rule.decline === true,
      reply: rule.reply,
    });
  }

  /** Consumes and returns the first rule matching the operation, if any. */
  take(
    operationId: string,
  ): { status: number; delayMs: number; decline: boolean; reply: string | undefined } | undefined {
    const rule = this.rules.find((r) => r.operationId === operationId || r.operationId === '*');
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return { status: rule.status, delayMs: rule.delayMs, decline: rule.decline, reply: rule.reply };
  }

  list(): readonly Readonly<ActiveFault>[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }
}
