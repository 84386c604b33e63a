/**
 * The MED list's rules (machines/pix/pix-med-rules.ts; 4-pix-part-two.md §4, §9; issue 31): every
 * status is shown as itself but ANALYSIS, shown as awaiting; the origin is 'received' exactly when
 * the reporting participant is not this product's provider; only an OPEN report the holder opened
 * may be cancelled; 10 rows a page, every row on exactly one page; the contest offers only Pix sent
 * in the window with no report in progress.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contestable,
  infractionOrigin,
  isCancellable,
  lastPage,
  MED_PAGE_SIZE,
  pageOf,
  shownStatus,
  type InfractionStatus,
} from '../../machines/pix/pix-med-rules';
import {
  CONTESTABLE_PIX,
  OPENED_OPEN,
  RECEIVED_PIX,
  SAMPLE_NOW,
} from '../../machines/pix/pix-med-sample-data';

const STATUSES: readonly InfractionStatus[] = [
  'OPEN',
  'CLOSED',
  'CANCELLED',
  'AWAITING',
  'ANALYSIS',
  'WAITINGDESTINATIONBANK',
  'ACKNOWLEDGED',
];
const ispb = fc.stringMatching(/^[0-9A-Z]{8}$/);

describe('the MED list rules', () => {
  it('shows AWAITING and ANALYSIS both as awaiting, every other status as itself', () => {
    expect(STATUSES.map(shownStatus)).toEqual([
      'OPEN',
      'CLOSED',
      'CANCELLED',
      'AWAITING',
      'AWAITING',
      'WAITINGDESTINATIONBANK',
      'ACKNOWLEDGED',
    ]);
  });

  it("is a 'received report' exactly when the reporting participant is not the provider", () => {
    fc.assert(
      fc.property(ispb, ispb, (reporter, own) => {
        expect(infractionOrigin({ infractionReportParticipant: reporter }, own)).toBe(
          reporter === own ? 'opened' : 'received',
        );
        expect(infractionOrigin({ infractionReportParticipant: own }, own)).toBe('opened');
      }),
    );
  });

  it('offers cancel only on an OPEN report the holder opened', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), ispb, ispb, (status, reporter, own) => {
        const row = { ...OPENED_OPEN, infractionStatus: status, infractionReportParticipant: reporter };
        expect(isCancellable(row, own)).toBe(status === 'OPEN' && reporter === own);
      }),
    );
  });

  it('pages 10 rows at a time, every row on exactly one page', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 45 }), (rows) => {
        const pages = lastPage(rows.length);
        const all = Array.from({ length: pages }, (_, i) => pageOf(rows, i + 1));
        expect(all.flat()).toEqual(rows);
        for (const p of all) expect(p.length).toBeLessThanOrEqual(MED_PAGE_SIZE);
        expect(pageOf(rows, pages + 1)).toEqual([]);
      }),
    );
  });

  it('contests only a Pix sent in the window with no report in progress', () => {
    const old = { ...CONTESTABLE_PIX, transactionId: 'old', creditDate: '2026-08-01T12:00:00.000Z' };
    expect(contestable([RECEIVED_PIX, CONTESTABLE_PIX, old], [], SAMPLE_NOW)).toEqual([CONTESTABLE_PIX]);
    for (const status of STATUSES) {
      const report = { infractionE2E: CONTESTABLE_PIX.endToEndId, infractionStatus: status };
      const offered = contestable([CONTESTABLE_PIX], [report], SAMPLE_NOW).length === 1;
      expect(offered, status).toBe(status === 'CLOSED' || status === 'CANCELLED');
    }
  });
});
