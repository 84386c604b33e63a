/**
 * The fields of send by key (3-pix-part-one.md §2 Send by key, §5 Amount, Description, Saved-recipient
 * nickname, Schedule date; §9): the amount (at most 13 characters, above zero), the description (at
 * most 140), the nickname of a recipient to save (PIX_ERROR_NICKNAME when ticked and empty) and the
 * schedule date (not before today). The form's `validate` and the machine's guards read these, so
 * each rule is written once. The key and its type are read by machines/validators/pix-key-detect.ts
 * (issue 32). Values are message keys (PIX.PIX_KEY.* in pix.json; the shared ones in errors.json).
 */
import { MAX_LENGTH } from '../validators/input-keys.ts';
import { parseBrlToCents, validateAmount } from '../validators/money.ts';
import { validateNickname } from '../validators/recipient.ts';
import { PIX_AMOUNT_MAX_LENGTH, PIX_DESCRIPTION_MAX_LENGTH } from './pix-send-rules.ts';

/** Message keys of this flow's own rules. */
export const PIX_SEND_KEY_KEYS = {
  /** §5/§8: saving is ticked and the nickname is empty. */
  NICKNAME: 'PIX.PIX_KEY.PIX_ERROR_NICKNAME',
  /** §5: the schedule date may not be before today. */
  SCHEDULE_PAST: 'PIX.PIX_KEY.SCHEDULE_PAST',
  /** The schedule date is not a date. */
  SCHEDULE_INVALID: 'PIX.PIX_KEY.SCHEDULE_INVALID',
} as const;

/** §5/§9: the amount as typed: at most 13 characters, above zero. */
export function validatePixAmount(input: string): string | undefined {
  if (input.trim().length > PIX_AMOUNT_MAX_LENGTH) return MAX_LENGTH;
  return validateAmount(input);
}

/** The amount typed, in reais (two decimals); `undefined` when it is not an amount. */
export function pixAmountOf(input: string): number | undefined {
  const cents = parseBrlToCents(input);
  return cents === undefined ? undefined : cents / 100;
}

/** §5/§9: the description is optional, at most 140 characters. */
export const validatePixDescription = (v: string): string | undefined =>
  v.trim().length > PIX_DESCRIPTION_MAX_LENGTH ? MAX_LENGTH : undefined;

/**
 * §5 Saved-recipient nickname, when saving is ticked: empty → PIX_ERROR_NICKNAME (confirmation is
 * blocked); over 50 → the recipient book's maximum message.
 */
export function validateSaveNickname(save: boolean, nickname: string): string | undefined {
  if (!save) return undefined;
  if (nickname.trim() === '') return PIX_SEND_KEY_KEYS.NICKNAME;
  return validateNickname(nickname);
}

/** §5 Schedule date (YYYY-MM-DD or empty for now): not before `today` (São Paulo's date). */
export function validateScheduleDate(date: string, today: string): string | undefined {
  if (date === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return PIX_SEND_KEY_KEYS.SCHEDULE_INVALID;
  return date < today ? PIX_SEND_KEY_KEYS.SCHEDULE_PAST : undefined;
}
