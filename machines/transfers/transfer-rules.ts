/**
 * What the answers of a money movement mean, shared by the TED, the company transfer and bill
 * payment (openapi/portal.yaml, createWithdrawal and createPayment): the guards' predicates and
 * the spec rules the states cite.
 */
import { hasErrorCode, hasStatus } from '../kernel/call-error.ts';

export const SPEC_CONFIRM =
  '2-money-movement.md §2 confirmation dialog (cannot be cancelled after confirmation)';
export const SPEC_SECURITY = '2-money-movement.md §2 Security-code dialog';
export const SPEC_ERRORS = '2-money-movement.md §8 Error catalogue';

/** 403 SECURITY 50: the S-Confirmation token is missing, expired, used or of another movement. */
export const isConfirmationRefused = (thrown: unknown): boolean =>
  hasStatus(thrown, 403) && hasErrorCode(thrown, 50);

/** 422 code 16: not enough balance (ERRORS.API.16); nothing moved. */
export const isInsufficientBalance = (thrown: unknown): boolean =>
  hasStatus(thrown, 422) && hasErrorCode(thrown, 16);

/**
 * The bank refused and moved nothing, for certain: 400 (the contract), 422 (TRANSFER 51 signature,
 * 53 destination, 54 field rule) or 409 (TRANSFER 52, the id was used for another body). The next
 * submission is a new attempt with a new externalIdentifier. Anything else (no answer, 5xx) leaves
 * the result unknown and is retried with the same one.
 */
export const isRefusedWithoutMoving = (thrown: unknown): boolean =>
  hasStatus(thrown, 400) || hasStatus(thrown, 409) || hasStatus(thrown, 422);
