import { addDays, fromLocal, localDate } from './dates.ts';

/**
 * The rules of an account's Pix limits (issue 28; 4-pix-part-two.md §2 Pix limits, §4, §5, §9;
 * the 2026 rules of the domain notes §c), pure: no database, the bank's clock passed in. The
 * database side is sim/pix-limits.ts.
 *
 * - Limits are per period (since 2023-01-02): a day total for the day period and a night total for
 *   the night period, each counting every Pix sent in that period.
 * - The night period starts at 20h or at 22h, as the holder chose (IN BCB 185/2021: 22h–6h is the
 *   only alternative), and ends at 6h, on the São Paulo clock.
 * - A decrease takes effect at once; an increase no sooner than 24 h and no later than 48 h after
 *   the request. The bank decides within that window; the sandbox approves every increase at
 *   24 h exactly ({@link INCREASE_DELAY_MS}), so a test can count on it.
 * - A later night start (22h) lets the day total run two more hours: it is an increase.
 */

export type LimitField = 'DAY' | 'NIGHT' | 'NIGHT_START';
export type NightStartHour = 20 | 22;
/** The night period ends at 6h whatever its start. */
export const NIGHT_END_HOUR = 6;

const HOUR_MS = 3_600_000;
/** When the sandbox applies an increase: 24 h after the request, the earliest the rule allows. */
export const INCREASE_DELAY_MS = 24 * HOUR_MS;
/** The latest an increase may take effect (the rule's bound; the screen's 'de 24 a 48 horas'). */
export const INCREASE_LATEST_MS = 48 * HOUR_MS;

/** The limits of an account at one instant. */
export interface LimitSet {
  dayCents: number;
  nightCents: number;
  nightStartHour: NightStartHour;
}

export type PersonType = 'PERSON' | 'CORPORATE';

/**
 * What an account starts with. An individual: the 2021 night cap of R$ 1,000 (notes §c) and a
 * day total of R$ 5,000 (the bank's). A company: no regulatory night cap, so R$ 50,000 for each
 * period (the bank's). Both 20h–6h, the rule's default window.
 */
export const DEFAULT_LIMITS: Record<PersonType, LimitSet> = {
  PERSON: { dayCents: 500_000, nightCents: 100_000, nightStartHour: 20 },
  CORPORATE: { dayCents: 5_000_000, nightCents: 5_000_000, nightStartHour: 20 },
};

/** The highest total a holder may ask for either period (the bank's risk rule). */
export const MAX_LIMIT_CENTS: Record<PersonType, number> = {
  PERSON: 10_000_000,
  CORPORATE: 100_000_000,
};

/**
 * For an individual, TED, transfers within the bank and bill payments are held to R$ 1,000 a
 * night period all together (the 2021 rule, notes §c). The notes do not say whether each
 * instrument has a cap of its own; the bank counts them together, the stricter reading, so the
 * cap cannot be multiplied by switching instruments. Pix has its own night total (above).
 */
export const OTHER_MOVEMENTS_NIGHT_CAP_CENTS = 100_000;

export const personTypeOf = (t: string): PersonType => (t === 'CORPORATE' ? 'CORPORATE' : 'PERSON');

const pad = (n: number) => String(n).padStart(2, '0');
const at = (date: string, hour: number) => fromLocal(date, `${pad(hour)}:00:00`);

/** The period an instant is in, with its bounds [start, end). */
export interface LimitPeriod {
  period: 'DAY' | 'NIGHT';
  start: Date;
  end: Date;
}

/** The day or night period `now` falls in, on the São Paulo clock, for a night starting at `nightStartHour`. */
export function periodAt(now: Date, nightStartHour: NightStartHour): LimitPeriod {
  const today = localDate(now);
  const t = now.getTime();
  const nightToday = at(today, nightStartHour);
  if (t >= nightToday.getTime())
    return { period: 'NIGHT', start: nightToday, end: at(addDays(today, 1), NIGHT_END_HOUR) };
  const morning = at(today, NIGHT_END_HOUR);
  if (t < morning.getTime())
    return { period: 'NIGHT', start: at(addDays(today, -1), nightStartHour), end: morning };
  return { period: 'DAY', start: morning, end: nightToday };
}

/** One change of one field, as the bank records it. */
export interface LimitChange {
  field: LimitField;
  value: number;
  requestedAt: Date;
  effectiveAt: Date;
}

/**
 * The limits in force at `now`: for each field, the change with the latest `effectiveAt` not after
 * `now` (later rows win a tie), else the default. Changes are given in the order they were made.
 */
export function limitsAt(defaults: LimitSet, changes: readonly LimitChange[], now: Date): LimitSet {
  const out: LimitSet = { ...defaults };
  const seen: Partial<Record<LimitField, number>> = {};
  for (const c of changes) {
    const t = c.effectiveAt.getTime();
    if (t > now.getTime() || t < (seen[c.field] ?? -Infinity)) continue;
    seen[c.field] = t;
    if (c.field === 'DAY') out.dayCents = c.value;
    else if (c.field === 'NIGHT') out.nightCents = c.value;
    else out.nightStartHour = c.value === 22 ? 22 : 20;
  }
  return out;
}

/** The changes still waiting at `now`. */
export const pendingAt = (changes: readonly LimitChange[], now: Date): LimitChange[] =>
  changes.filter((c) => c.effectiveAt.getTime() > now.getTime());

/** Whether a new value of a field widens what may leave the account. */
export function isIncrease(field: LimitField, from: number, to: number): boolean {
  // A later night start is a longer day period, so a wider day total.
  return to > from && (field !== 'NIGHT_START' || to === 22);
}

/** Why a requested total is refused, or undefined. */
export function totalProblems(
  request: { dayCents: number; nightCents: number },
  personType: PersonType,
): string[] {
  const out: string[] = [];
  const max = MAX_LIMIT_CENTS[personType];
  const ceiling = `at most ${(max / 100).toFixed(2)} for this holder`;
  if (request.dayCents > max) out.push(`daytimeValue: ${ceiling}`);
  if (request.nightCents > max) out.push(`nighttimeValue: ${ceiling}`);
  if (request.nightCents > request.dayCents) out.push('nighttimeValue: may not exceed daytimeValue');
  return out;
}

/**
 * The changes a request makes, each taking effect at once (a decrease) or 24 h later (an
 * increase); an unchanged field makes none. The caller refuses the request first when another is
 * pending.
 */
export function changesFor(
  current: LimitSet,
  wanted: Partial<Record<LimitField, number>>,
  now: Date,
): LimitChange[] {
  const currentOf: Record<LimitField, number> = {
    DAY: current.dayCents,
    NIGHT: current.nightCents,
    NIGHT_START: current.nightStartHour,
  };
  const out: LimitChange[] = [];
  for (const field of ['DAY', 'NIGHT', 'NIGHT_START'] as const) {
    const value = wanted[field];
    if (value === undefined || value === currentOf[field]) continue;
    const later = isIncrease(field, currentOf[field], value);
    out.push({
      field,
      value,
      requestedAt: now,
      effectiveAt: new Date(now.getTime() + (later ? INCREASE_DELAY_MS : 0)),
    });
  }
  return out;
}
