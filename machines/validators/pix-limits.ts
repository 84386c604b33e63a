/**
 * The limit adjustment fields (4-pix-part-two.md §5 Limit fields, §9 Limit field maximum; issue 28):
 * the day total and the night total are required, at most 13 characters, an amount in reais above
 * zero; the bank's rules are added (contract requestPixLimitAdjustment): at most the holder's
 * ceiling, and the night not above the day. Any broken rule gives the one message of §5, 'Por favor,
 * verificar dados inválidos.'. The dialog's form checks on input with this rule and the machine's
 * guard with the same one; the bank re-checks (PIXLIMIT 111).
 */
import { parseBrlToCents } from './money.ts';

/** §9: a limit field holds at most 13 characters. */
export const LIMIT_FIELD_MAX_LENGTH = 13;

/** §5's message (text in pix.json). */
export const LIMIT_INVALID_KEY = 'PIX_LIMITS.INVALID';

/** A field's centavos when it is a valid total, else undefined. */
export function limitFieldCents(input: string, maximumCents: number): number | undefined {
  if (input.trim() === '' || input.length > LIMIT_FIELD_MAX_LENGTH) return undefined;
  const cents = parseBrlToCents(input);
  return cents !== undefined && cents > 0 && cents <= maximumCents ? cents : undefined;
}

/** Both fields, or the message key of §5 when a field is invalid or the night exceeds the day. */
export function validateLimitAdjustment(
  values: { day: string; night: string },
  maximumCents: number,
): { dayCents: number; nightCents: number } | { error: string; fields: ('day' | 'night')[] } {
  const dayCents = limitFieldCents(values.day, maximumCents);
  const nightCents = limitFieldCents(values.night, maximumCents);
  const fields: ('day' | 'night')[] = [];
  if (dayCents === undefined) fields.push('day');
  if (nightCents === undefined) fields.push('night');
  if (dayCents !== undefined && nightCents !== undefined && nightCents > dayCents) fields.push('night');
  if (fields.length > 0 || dayCents === undefined || nightCents === undefined)
    return { error: LIMIT_INVALID_KEY, fields };
  return { dayCents, nightCents };
}
