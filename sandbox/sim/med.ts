import type { components } from '../../openapi/portal.d.ts';

/**
 * The MED timeline (Mecanismo Especial de Devolução; issue 31; the facts and their sources are in
 * docs/domain-notes.md, section "MED"): the pure rules of how an infraction moves on the bank's
 * clock. routes/med-timeline.ts applies them to the database before every call, as the SPI's sweep.
 *
 * The regulation gives bounds (the receiver's institution answers within 7 calendar days, the
 * payer's asks the refund within 72 h of that answer, the money is returned within 24 h of the
 * ask). The sandbox's institutions act at fixed points inside those bounds, so a test or QA moving
 * the clock knows what it will see:
 *
 * - a report this bank opened (the holder was the payer): OPEN for its first day (the holder may
 *   still withdraw it: cancelInfraction; a sandbox decision, since the spec says only that a cancel
 *   makes it CANCELLED), WAITINGDESTINATIONBANK from day 1 (in the DICT, waiting for the
 *   receiver's institution), ACKNOWLEDGED from day 3 (the receiver acknowledged it and analyses),
 *   CLOSED on day 7, the receiver's deadline, with its answer. The sandbox's receivers accept a
 *   FRAUD report and reject an ERROR one: MED covers fraud and an institution's operational
 *   failure, not the payer's own mistake, and the sandbox's institutions never fail. An accepted
 *   report's refund is asked at once (inside the 72 h) and returned 24 h later (the bound), with
 *   what is left of the money at the receiver: in part when only part of it is there;
 * - a report another institution made about a Pix the holder received: AWAITING on its first day,
 *   ANALYSIS from day 1 (this bank analyses its customer's side), CLOSED on day 7. This bank's
 *   analysis finds no fraud by its demo customers (DISAGREED), so no money leaves the holder.
 */

type Schemas = components['schemas'];
export type InfractionStatus = Schemas['InfractionStatus'];
export type InfractionType = Schemas['InfractionType'];
export type AnalysisResult = 'AGREED' | 'DISAGREED';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Regulatory bounds (docs/domain-notes.md "MED"). */
export const MED_BOUNDS = {
  /** The receiver's institution accepts or rejects a notification within 7 calendar days. */
  receiverAnswerMs: 7 * DAY_MS,
  /** The payer's institution asks the refund within 72 h of an accepted notification. */
  refundRequestMs: 72 * HOUR_MS,
  /** The receiver's institution returns the money within 24 h of the ask. */
  refundReturnMs: 24 * HOUR_MS,
} as const;

/** Where the sandbox's institutions act inside those bounds (from the infraction's creation). */
export const MED_TIMELINE = {
  /** A report the holder opened stays OPEN (withdrawable) this long. */
  openForMs: DAY_MS,
  /** … then waits for the receiver's institution until it acknowledges. */
  acknowledgedAtMs: 3 * DAY_MS,
  /** A received report waits this long before this bank's analysis starts. */
  analysisAtMs: DAY_MS,
  /** Every report is answered on the receiver's last day. */
  closedAtMs: MED_BOUNDS.receiverAnswerMs,
  /** An accepted report's refund is asked at once … */
  refundRequestAfterMs: 0,
  /** … and the money comes back at the end of the receiver's 24 h. */
  refundReturnAfterMs: MED_BOUNDS.refundReturnMs,
} as const;

/** Who reported it, from the holder's side: this bank (opened) or another institution (received). */
export type InfractionSide = 'opened' | 'received';

export const sideOf = (reporterIspb: string, ownIspb: string): InfractionSide =>
  reporterIspb === ownIspb ? 'opened' : 'received';

/** The next move of an infraction, or undefined once it is final (CLOSED, CANCELLED). */
export interface MedStep {
  status: InfractionStatus;
  at: Date;
  /** Set on the step that closes it. */
  analysisResult?: AnalysisResult;
}

/** The receiver's answer to a report this bank opened (see the header). */
export const receiverAnswer = (type: InfractionType): AnalysisResult =>
  type === 'FRAUD' ? 'AGREED' : 'DISAGREED';

const after = (createdAt: Date, ms: number) => new Date(createdAt.getTime() + ms);

/** The step that follows `status` for an infraction created at `createdAt`. */
export function nextStep(
  side: InfractionSide,
  status: InfractionStatus,
  createdAt: Date,
  type: InfractionType,
): MedStep | undefined {
  if (side === 'opened') {
    switch (status) {
      case 'OPEN':
        return { status: 'WAITINGDESTINATIONBANK', at: after(createdAt, MED_TIMELINE.openForMs) };
      case 'WAITINGDESTINATIONBANK':
        return { status: 'ACKNOWLEDGED', at: after(createdAt, MED_TIMELINE.acknowledgedAtMs) };
      case 'ACKNOWLEDGED':
        return {
          status: 'CLOSED',
          at: after(createdAt, MED_TIMELINE.closedAtMs),
          analysisResult: receiverAnswer(type),
        };
      default:
        return undefined;
    }
  }
  switch (status) {
    case 'AWAITING':
      return { status: 'ANALYSIS', at: after(createdAt, MED_TIMELINE.analysisAtMs) };
    case 'ANALYSIS':
      return { status: 'CLOSED', at: after(createdAt, MED_TIMELINE.closedAtMs), analysisResult: 'DISAGREED' };
    default:
      return undefined;
  }
}

/** When the money of an accepted report comes back, from the moment it was accepted. */
export const refundDueAt = (acceptedAt: Date): Date =>
  new Date(acceptedAt.getTime() + MED_TIMELINE.refundRequestAfterMs + MED_TIMELINE.refundReturnAfterMs);

/**
 * What an accepted report returns: what is left of the payment (the amount less what was already
 * given back) as far as the money is still at the receiver; never below 0.
 */
export function medRefundCents(
  paidCents: number,
  alreadyRefundedCents: number,
  atReceiverCents: number,
): number {
  const left = Math.max(0, paidCents - alreadyRefundedCents);
  return Math.max(0, Math.min(left, atReceiverCents));
}

/**
 * Every step due by `now` from `status`, in order (a clock moved a week ahead takes an infraction
 * through all of them at once, each stamped at its own time).
 */
export function stepsDue(
  side: InfractionSide,
  status: InfractionStatus,
  createdAt: Date,
  type: InfractionType,
  now: Date,
): MedStep[] {
  const steps: MedStep[] = [];
  let current = status;
  for (;;) {
    const step = nextStep(side, current, createdAt, type);
    if (!step || step.at.getTime() > now.getTime()) return steps;
    steps.push(step);
    current = step.status;
  }
}
