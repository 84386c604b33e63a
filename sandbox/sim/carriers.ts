import type { FieldProblem } from './recipient-rules.ts';

/**
 * Mobile carriers by area code (issue #14, 2-money-movement.md §2 Mobile top-up). The area codes
 * are ANATEL's 67 DDDs; Vivo, Claro and TIM sell prepaid top-ups in all of them, Algar Telecom only
 * in its own region (Triângulo Mineiro and the neighbouring areas of SP, GO and MS: DDDs 16, 17,
 * 34, 35, 37, 64 and 67, simplified to whole DDDs). The carrier ids are the ones the seeded
 * statement already uses (1 Vivo, 2 Claro, 3 TIM); the amounts are each carrier's usual prepaid
 * values. A decision of the sandbox, written here: the spec shows neither.
 */

export const AREA_CODES: readonly number[] = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
];

export interface CarrierEntry {
  id: number;
  name: string;
  /** Area codes served; undefined: all. */
  areaCodes?: readonly number[];
  /** Top-up amounts in cents. */
  valuesCents: readonly number[];
}

export const CARRIERS: readonly CarrierEntry[] = [
  { id: 1, name: 'Vivo', valuesCents: [1_500, 2_000, 2_500, 3_000, 3_500, 4_000, 5_000, 10_000] },
  { id: 2, name: 'Claro', valuesCents: [1_500, 2_000, 3_000, 4_000, 5_000, 10_000] },
  { id: 3, name: 'TIM', valuesCents: [1_500, 2_000, 3_000, 4_000, 5_000, 10_000] },
  {
    id: 4,
    name: 'Algar Telecom',
    areaCodes: [16, 17, 34, 35, 37, 64, 67],
    valuesCents: [1_500, 2_000, 2_500, 3_000, 5_000],
  },
];

/** The DDD of '011', '11' or '0 11'-free forms; undefined when it is not one of ANATEL's. */
export function areaCodeOf(text: string): number | undefined {
  const m = /^0?([1-9][0-9])$/.exec(text);
  const ddd = m ? Number(m[1]) : NaN;
  return AREA_CODES.includes(ddd) ? ddd : undefined;
}

export function carriersOf(ddd: number): CarrierEntry[] {
  if (!AREA_CODES.includes(ddd)) return [];
  return CARRIERS.filter((c) => !c.areaCodes || c.areaCodes.includes(ddd));
}

export function carrierOf(ddd: number, carrierId: string): CarrierEntry | undefined {
  return carriersOf(ddd).find((c) => String(c.id) === carrierId);
}

/**
 * §5 Phone, as the bank re-checks it for a top-up: DDD and number, digits only; a mobile number
 * is 11 digits, a valid DDD, then 9, then 8 digits (ANATEL numbering since 2016).
 */
export function mobileProblems(phoneNumber: string, ddd: number | undefined): FieldProblem[] {
  if (!/^[0-9]{11}$/.test(phoneNumber)) return ['mobilePhone.phoneNumber: a mobile number has 11 digits'];
  const out: FieldProblem[] = [];
  const own = areaCodeOf(phoneNumber.slice(0, 2));
  if (own === undefined) out.push('mobilePhone.phoneNumber: not a Brazilian area code');
  else if (ddd !== undefined && own !== ddd)
    out.push('mobilePhone.phoneNumber: the area code is not areaCode');
  if (phoneNumber[2] !== '9')
    out.push('mobilePhone.phoneNumber: a mobile number starts with 9 after the area code');
  return out;
}
