/**
 * Deposit by boleto (2-money-movement.md §2 Deposit by boleto, §5 Deposit amount: greater than 0).
 */
import { parseBrlToCents, validateAmount } from './money.ts';

/**
 * The largest boleto the bank issues, in centavos (R$ 50.000,00). The spec gives no limit; the
 * bank refuses more with 422 TRANSFER 54 (openapi/portal.yaml createDeposit), so the form says it
 * before any call, with its own message.
 */
export const DEPOSIT_MAX_CENTS = 5_000_000;

/** Message keys of the deposit amount. */
export const DEPOSIT_KEYS = { MAX: 'DEPOSIT.ERRORS.MAX_AMOUNT' } as const;

/**
 * The deposit amount (§5): blank or unreadable → `ERRORS.INPUTS.EMPTY`; zero or less →
 * `ERRORS.INPUTS.MIN_VALUE`; above R$ 50.000,00 → `DEPOSIT.ERRORS.MAX_AMOUNT`.
 */
export function validateDepositAmount(v: string): string | undefined {
  const rule = validateAmount(v);
  if (rule !== undefined) return rule;
  return (parseBrlToCents(v) ?? 0) > DEPOSIT_MAX_CENTS ? DEPOSIT_KEYS.MAX : undefined;
}
