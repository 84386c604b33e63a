/**
 * The bank's refusals of a money movement, shaped like the API layer's ApiError, for the transfer
 * fixtures (openapi/portal.yaml createWithdrawal / createPayment / validateTotp).
 */
import { apiErrorLike, type ApiErrorLike } from '../fixtures/api-errors.ts';

/** 403 SECURITY 50: the confirmation token was refused (expired, used, another movement). */
export const confirmationRefused = (operation: string): ApiErrorLike =>
  apiErrorLike({
    status: 403,
    code: 50,
    group: 'SECURITY',
    messageKey: 'ERRORS.SECURITY.50',
    operation,
  });

/** 422 code 16: insufficient balance (ERRORS.API.16). */
export const insufficientBalance = (operation: string): ApiErrorLike =>
  apiErrorLike({ status: 422, code: 16, messageKey: 'ERRORS.API.16', operation });

/** 422 TRANSFER <code>: 51 signature, 53 destination, 54 field rule. */
export const transferRefused = (operation: string, code: 51 | 53 | 54): ApiErrorLike =>
  apiErrorLike({
    status: 422,
    code,
    group: 'TRANSFER',
    messageKey: `ERRORS.TRANSFER.${code}`,
    operation,
  });
