/**
 * Name of a downloaded statement: `Export_` followed by the dates (1-access-shell-statement.md §2
 * Export dialog, §9).
 *
 * Dates are written `YYYY-MM-DD` (e.g. `Export_2026-11-14_2026-11-21.xlsx`): the period's own
 * form, free of the '/' that DD/MM/YYYY would put in a file name, unambiguous across locales, and
 * sorting by name sorts by date.
 */
import type { ExportPeriod } from './types';
import { parseCalendarDate } from './datetime';

/** The three export formats, by file extension. */
export type ExportExtension = 'xlsx' | 'pdf' | 'ofx';

/**
 * `Export_<start>_<end>.<ext>`.
 *
 * @throws RangeError when a date is not a valid `YYYY-MM-DD`.
 */
export function exportFileName(period: ExportPeriod, ext: ExportExtension): string {
  parseCalendarDate(period.start);
  parseCalendarDate(period.end);
  return `Export_${period.start}_${period.end}.${ext}`;
}
