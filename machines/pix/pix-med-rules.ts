/**
 * The rules of the MED list (/PixMEDPage; 4-pix-part-two.md §2 Infractions, §3 Infraction, §4
 * Infraction statuses and origin, §9 Infraction grid page size; issue 31), pure so the machine, the
 * view and their tests share them.
 */
import type { components } from '../../openapi/portal';
import { canReport, REPORT_WINDOW_DAYS, type PixStatementEntry } from './pix-statement-rules.ts';

export type Infraction = components['schemas']['Infraction'];
export type InfractionStatus = components['schemas']['InfractionStatus'];

/** §9: rows of the infraction grid per page. */
export const MED_PAGE_SIZE = 10;

/** How a status is shown: §4 shows AWAITING and ANALYSIS both as awaiting. */
export type ShownStatus = Exclude<InfractionStatus, 'ANALYSIS'>;

export function shownStatus(status: InfractionStatus): ShownStatus {
  return status === 'ANALYSIS' ? 'AWAITING' : status;
}

/** §4: who made the report, from the holder's side. */
export type InfractionOrigin = 'opened' | 'received';

/**
 * §4: 'received report' when the reporting participant differs from the product's own provider
 * (its ISPB, config.serviceProviderId), otherwise 'opened report'.
 */
export function infractionOrigin(
  infraction: Pick<Infraction, 'infractionReportParticipant'>,
  ownIspb: string,
): InfractionOrigin {
  return infraction.infractionReportParticipant === ownIspb ? 'opened' : 'received';
}

/**
 * §4 "Cancelling moves an infraction to CANCELLED"; which ones may be cancelled is the bank's rule
 * (contract cancelInfraction): a report the holder opened, while it is OPEN.
 */
export function isCancellable(infraction: Infraction, ownIspb: string): boolean {
  return infraction.infractionStatus === 'OPEN' && infractionOrigin(infraction, ownIspb) === 'opened';
}

/** The last page of `count` rows (1 when there is none). */
export const lastPage = (count: number): number => Math.max(1, Math.ceil(count / MED_PAGE_SIZE));

/** The rows of page `pageNumber` (1-based). */
export function pageOf<T>(rows: readonly T[], pageNumber: number): T[] {
  const start = (pageNumber - 1) * MED_PAGE_SIZE;
  return rows.slice(start, start + MED_PAGE_SIZE);
}

/**
 * The self-service contest's choices (Resolução BCB 493/2025; docs/domain-notes.md "MED"): the
 * Pix the holder sent that may still be reported (canReport: 8011, within 80 days), newest first,
 * leaving out those with a report still in progress (open or being analysed: the bank refuses a
 * second OPEN one, and a second report of a payment under analysis would only repeat it). A
 * closed or cancelled report does not block a new one, as at the bank.
 */
export function contestable(
  entries: readonly PixStatementEntry[],
  infractions: readonly Pick<Infraction, 'infractionE2E' | 'infractionStatus'>[],
  now: Date,
): PixStatementEntry[] {
  const reported = new Set(
    infractions
      .filter((i) => i.infractionStatus !== 'CANCELLED' && i.infractionStatus !== 'CLOSED')
      .map((i) => i.infractionE2E),
  );
  return entries
    .filter((e) => canReport(e, now) && !reported.has(e.endToEndId))
    .sort((a, b) => Date.parse(b.creditDate) - Date.parse(a.creditDate));
}

/** The period of the Pix statement the contest reads: the report window up to today (São Paulo). */
export const CONTEST_WINDOW_DAYS = REPORT_WINDOW_DAYS;
