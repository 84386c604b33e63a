/**
 * The rules of the Withdraw Pix and Change Pix wizards (4-pix-part-two.md §2, §3, §5, §9; issue
 * 29), written once for the machine's guards and the view's fields: the amounts, the expiration,
 * and the request `createDynamicQrCode` is sent with, exactly as §3 lists it.
 */
import type { components } from '../../openapi/portal';
import { centsToDecimal, parseBrlToCents } from '../validators/money.ts';

type Schemas = components['schemas'];

/** WITHDRAW: Pix Saque (/WithdrawPixPage); CHANGE: Pix Troco (/ChangePixPage). */
export type CashQrKind = Schemas['CashValueType'];

/** §9. */
export const EXPIRATION_MAX_SECONDS = 86_400;
export const EXPIRATION_MAX_DIGITS = 5;
export const CHANGE_DEFAULT_EXPIRATION = 120;
export const QR_ERROR_CORRECTION = 'M' as const;
/** §9: 400 or 500; the wizard asks 500. */
export const QR_IMAGE_WIDTH = 500 as const;
export const AGENT_MODALITY = 'AGTEC' as const;

export const CASH_MESSAGES = {
  /** §5 Withdraw. */
  AMOUNT_REQUIRED: 'PIX_CASH.ERRORS.AMOUNT_REQUIRED',
  /** §5 Change: the total. */
  TOTAL_ABOVE_ZERO: 'PIX_CASH.ERRORS.TOTAL_ABOVE_ZERO',
  /** §5 Change: the purchase. */
  PURCHASE: 'PIX_CASH.ERRORS.PURCHASE',
  /** §5 Expiration: the minimum value and the maximum expiration. */
  EXPIRATION_MIN: 'PIX_CASH.ERRORS.EXPIRATION_MIN',
  EXPIRATION_MAX: 'PIX_CASH.ERRORS.EXPIRATION_MAX',
} as const;

/** What step 2 holds, as typed. */
export interface CashAmounts {
  /** Withdraw: the amount; change: the total paid. */
  total: string;
  /** Change only: the purchase. */
  purchase?: string;
  /** The expiration in seconds as typed; withdraw: only when its checkbox is on (else absent). */
  expiration?: string;
}

export type CashAmountErrors = Partial<Record<'total' | 'purchase' | 'expiration', string>>;

const cents = (text: string | undefined) => (text === undefined ? undefined : parseBrlToCents(text));

/** §5 Expiration: digits only, at most 5, above 0 and at most 86400. */
export function validateExpiration(text: string): string | undefined {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return CASH_MESSAGES.EXPIRATION_MIN;
  if (t.length > EXPIRATION_MAX_DIGITS || Number(t) > EXPIRATION_MAX_SECONDS)
    return CASH_MESSAGES.EXPIRATION_MAX;
  return Number(t) > 0 ? undefined : CASH_MESSAGES.EXPIRATION_MIN;
}

/** The change, in centavos: total − purchase (read-only, §5); null while either is not a value. */
export function changeCents(a: Pick<CashAmounts, 'total' | 'purchase'>): number | null {
  const total = cents(a.total);
  const purchase = cents(a.purchase);
  return total === undefined || purchase === undefined ? null : total - purchase;
}

/** Every field's message (§5), empty when step 2 may go on. */
export function validateCashAmounts(kind: CashQrKind, a: CashAmounts): CashAmountErrors {
  const out: CashAmountErrors = {};
  const total = cents(a.total);
  if (kind === 'WITHDRAW') {
    if (total === undefined || total <= 0) out.total = CASH_MESSAGES.AMOUNT_REQUIRED;
  } else {
    if (total === undefined || total <= 0) out.total = CASH_MESSAGES.TOTAL_ABOVE_ZERO;
    const purchase = cents(a.purchase ?? '');
    if (purchase === undefined || purchase <= 0 || (total !== undefined && purchase >= total))
      out.purchase = CASH_MESSAGES.PURCHASE;
  }
  if (a.expiration !== undefined) {
    const e = validateExpiration(a.expiration);
    if (e) out.expiration = e;
  }
  return out;
}

export const isValidCashAmounts = (kind: CashQrKind, a: CashAmounts): boolean =>
  Object.keys(validateCashAmounts(kind, a)).length === 0;

/** The expiration sent: as typed; withdraw without its checkbox none; change 120 when empty. */
export function expirationOf(kind: CashQrKind, a: CashAmounts): number | undefined {
  if (a.expiration !== undefined && a.expiration.trim() !== '') return Number(a.expiration.trim());
  return kind === 'CHANGE' ? CHANGE_DEFAULT_EXPIRATION : undefined;
}

/** What the confirmation shows and the request carries, in centavos. */
export function cashFigures(
  kind: CashQrKind,
  a: CashAmounts,
): { totalCents: number; cashCents: number; purchaseCents: number } {
  const totalCents = cents(a.total) ?? 0;
  const cashCents = kind === 'WITHDRAW' ? totalCents : (changeCents(a) ?? 0);
  return { totalCents, cashCents, purchaseCents: totalCents - cashCents };
}

/** §3: the dynamic QR request, field by field. */
export function buildDynamicQrRequest(p: {
  kind: CashQrKind;
  amounts: CashAmounts;
  alias: Schemas['AliasRef'];
  accountId: string;
  serviceProviderIspb: string;
  externalIdentifier: string;
}): Schemas['DynamicQrRequest'] {
  const { totalCents, cashCents } = cashFigures(p.kind, p.amounts);
  const expiration = expirationOf(p.kind, p.amounts);
  return {
    externalIdentifier: p.externalIdentifier,
    totalAmount: centsToDecimal(totalCents),
    currency: 'BRL',
    paymentInfo: {
      transactionType: 'InstantPayment',
      instantPayment: {
        alias: p.alias,
        cashValue: {
          cashValueType: p.kind,
          value: centsToDecimal(cashCents),
          allowValueChange: false,
          agentModality: AGENT_MODALITY,
          serviceProviderIspb: p.serviceProviderIspb,
        },
        qrCodeImageGenerationSpecification: {
          errorCorrectionLevel: QR_ERROR_CORRECTION,
          imageWidth: QR_IMAGE_WIDTH,
          generateImageRendering: true,
        },
        dynamicQrCodeType: 'IMMEDIATE',
        ...(expiration !== undefined ? { expiration } : {}),
        modalityChange: 0,
      },
    },
    recipients: [
      { account: { accountId: p.accountId }, amount: centsToDecimal(totalCents), currency: 'BRL' },
    ],
  };
}
