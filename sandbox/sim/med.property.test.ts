import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MED_BOUNDS,
  MED_TIMELINE,
  medRefundCents,
  refundDueAt,
  stepsDue,
  type InfractionSide,
} from './med.ts';

/** The MED timeline's rules (sim/med.ts; docs/domain-notes.md "MED"), for any instant. */

const ORDER: Record<InfractionSide, readonly string[]> = {
  opened: ['OPEN', 'WAITINGDESTINATIONBANK', 'ACKNOWLEDGED', 'CLOSED'],
  received: ['AWAITING', 'ANALYSIS', 'CLOSED'],
};
const DAY = 86_400_000;
const created = fc.date({
  min: new Date('2025-10-01T00:00:00Z'),
  max: new Date('2030-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('the MED timeline', () => {
  it('walks the statuses in order, each step at or before now, and closes exactly on the receiver’s 7th day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<InfractionSide>('opened', 'received'),
        fc.constantFrom('FRAUD' as const, 'ERROR' as const),
        created,
        fc.integer({ min: 0, max: 20 * DAY }),
        (side, type, createdAt, elapsed) => {
          const now = new Date(createdAt.getTime() + elapsed);
          const first = ORDER[side][0] as 'OPEN' | 'AWAITING';
          const steps = stepsDue(side, first, createdAt, type, now);
          expect(steps.map((s) => s.status)).toEqual(ORDER[side].slice(1, steps.length + 1));
          let last = createdAt.getTime();
          for (const s of steps) {
            expect(s.at.getTime()).toBeGreaterThan(last);
            expect(s.at.getTime()).toBeLessThanOrEqual(now.getTime());
            last = s.at.getTime();
          }
          const closed = steps.find((s) => s.status === 'CLOSED');
          expect(closed !== undefined).toBe(elapsed >= MED_BOUNDS.receiverAnswerMs);
          if (closed) {
            expect(closed.at.getTime() - createdAt.getTime()).toBe(MED_BOUNDS.receiverAnswerMs);
            // Only a fraud report this bank opened is accepted.
            expect(closed.analysisResult).toBe(
              side === 'opened' && type === 'FRAUD' ? 'AGREED' : 'DISAGREED',
            );
          }
        },
      ),
    );
  });

  it('never moves a final infraction', () => {
    fc.assert(
      fc.property(created, fc.constantFrom('CLOSED' as const, 'CANCELLED' as const), (createdAt, status) => {
        const far = new Date(createdAt.getTime() + 365 * DAY);
        expect(stepsDue('opened', status, createdAt, 'FRAUD', far)).toEqual([]);
        expect(stepsDue('received', status, createdAt, 'FRAUD', far)).toEqual([]);
      }),
    );
  });

  it('asks the refund within 72 h of the acceptance and has it back within 24 h of the ask', () => {
    fc.assert(
      fc.property(created, (acceptedAt) => {
        const due = refundDueAt(acceptedAt).getTime() - acceptedAt.getTime();
        expect(MED_TIMELINE.refundRequestAfterMs).toBeLessThanOrEqual(MED_BOUNDS.refundRequestMs);
        expect(due - MED_TIMELINE.refundRequestAfterMs).toBeLessThanOrEqual(MED_BOUNDS.refundReturnMs);
        expect(due).toBeGreaterThan(0);
      }),
    );
  });

  it('returns what is left of the payment as far as the money is at the receiver, never more, never below 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -1_000_000, max: 20_000_000 }),
        (paid, refunded, atReceiver) => {
          const back = medRefundCents(paid, refunded, atReceiver);
          expect(back).toBeGreaterThanOrEqual(0);
          expect(back).toBeLessThanOrEqual(Math.max(0, paid - refunded));
          expect(back).toBeLessThanOrEqual(Math.max(0, atReceiver));
          if (atReceiver >= paid - refunded) expect(back).toBe(Math.max(0, paid - refunded));
        },
      ),
    );
  });
});
