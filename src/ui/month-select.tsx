import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../format/dates';
import { Select, type SelectOption } from './select';

export interface MonthSelectProps {
  label: ReactNode;
  /** The month, `YYYY-MM`. */
  value: string;
  /** The first and the last month offered, `YYYY-MM`. */
  min: string;
  max: string;
  onChange: (month: string) => void;
  disabled?: boolean;
  error?: ReactNode;
  id?: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The months from `max` back to `min`, newest first, as `YYYY-MM`; none when either is malformed. */
export function monthsBetween(min: string, max: string): string[] {
  const a = MONTH.exec(min);
  const b = MONTH.exec(max);
  if (!a || !b) return [];
  const first = Number(a[1]) * 12 + Number(a[2]) - 1;
  const months: string[] = [];
  for (let m = Number(b[1]) * 12 + Number(b[2]) - 1; m >= first; m--) {
    months.push(`${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

const capitalised = (s: string): string => s.charAt(0).toLocaleUpperCase() + s.slice(1);

let namedKey = '';
let named: SelectOption[] = [];

/**
 * The options of the months from `max` back to `min`, named in language `lng`; the same array while
 * the range and the language stay. From 2020 the statement offers some 80 months, and naming them
 * all again each time its screen drew was a long task on a slow phone (issue 26).
 */
export function monthOptions(min: string, max: string, lng: string): SelectOption[] {
  // YYYY-MM twice, then the language: the concatenation is unambiguous.
  if (min + max + lng !== namedKey) {
    named = monthsBetween(min, max).map((m) => ({ value: m, label: capitalised(formatMonth(m, lng)) }));
    namedKey = min + max + lng;
  }
  return named;
}

/**
 * A month chosen by name in the portal's language ('Novembro de 2026', 'November 2026'), whatever
 * the browser's: a native `<input type="month">` names months in the browser's language. A native
 * select of the allowed months keeps the platform's keyboard and screen-reader support and cannot
 * offer a month outside the range.
 */
export function MonthSelect({ label, value, min, max, onChange, disabled, error, id }: MonthSelectProps) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const inRange = monthOptions(min, max, lng);
  // A month outside the range (a refused one) stays visible as what was picked.
  const options =
    MONTH.test(value) && !inRange.some((o) => o.value === value)
      ? [...inRange, { value, label: capitalised(formatMonth(value, lng)), disabled: true }]
      : inRange;
  return (
    <Select
      id={id}
      label={label}
      value={value}
      disabled={disabled}
      error={error}
      options={options}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
    />
  );
}
