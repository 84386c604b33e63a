/**
 * The S-Transaction signature of a movement (openapi/portal.yaml `components.parameters.STransaction`;
 * 2-money-movement.md §7): the one place the portal computes it. Apart from the transfer forms'
 * rules (transfer.ts re-exports it) so that signing a Pix or a bill does not bring the TED form's
 * bank list into the page's first load (issue 26, scripts/bundle-budget.ts).
 */
import type { components } from '../../openapi/portal';
import { decimalToCents } from './money.ts';
import { normalizeTaxId } from './tax-id.ts';

type Schemas = components['schemas'];

/** The integer part in reais of an API amount, without separators (`1234.56` → `'1234'`). */
export function amountIntegerPart(totalAmount: number): string {
  // Through centavos, so a binary value just under an integer (0.1 + 0.2 … 2.9999999) is read as
  // the amount the body means.
  return String(Math.trunc(decimalToCents(totalAmount) / 100));
}

/** A movement the S-Transaction header signs: the body as it is sent. */
export type SignedMovement =
  | { kind: 'withdraw'; sourceAccountId: string; withdraw: Schemas['Withdraw'] }
  | { kind: 'payment'; payment: Schemas['InternalTransferPayment'] }
  | {
      /** A Pix by key or manual data: the withdraw and its one pacs.008 (createWithdrawal). */
      kind: 'pix-withdraw';
      sourceAccountId: string;
      withdraw: Schemas['Withdraw'];
      payment: Schemas['Pacs008Message'];
    }
  | { kind: 'internal-pix'; sourceAccountId: string; request: Schemas['InternalPixRequest'] }
  | { kind: 'pix-qr'; sourceAccountId: string; request: Schemas['PayPixQrRequest'] }
  | { kind: 'pix-refund'; request: Schemas['RefundRequest'] };

/**
 * A tax id as a signature carries it: upper-case, digits and letters only. A masked CPF
 * (`***.456.789-**`, what the DICT shows a payer) keeps its 6 digits.
 */
export const signedTaxId = (taxId: string): string => taxId.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** The CRC field of a BR Code: its last 4 characters, upper-case (what a copy-and-paste Pix signs). */
export const brCodeCrcField = (emv: string): string => emv.trim().slice(-4).toUpperCase();

/**
 * The S-Transaction signature exactly as openapi/portal.yaml (`components.parameters.STransaction`)
 * fixes it, `|`-joined, read from the body about to be sent:
 * - TED: `trunc(totalAmount)|sourceAccountId|bankDestination|branchDestination|accountDestination|taxId`;
 * - company transfer: `trunc(totalAmount)|senderAccountId|recipientAccountId`;
 * - bill (boleto or utilities): `trunc(totalAmount)|sourceAccountId|barcode`;
 * - Pix by key or manual data (`pix-withdraw`):
 *   `trunc(totalAmount)|sourceAccountId|endToEndId|creditorAgent.ispb|creditorAccount.branch|creditorAccount.number|creditor.taxId`;
 * - internal Pix (`internal-pix`): `trunc(Amount)|sourceAccountId|Chave` (the key as sent);
 * - Pix copy-and-paste (`pix-qr`): `trunc(amount)|sourceAccountId|endToEndId|crc`, the code's CRC
 *   field (last 4 characters of `emv`, upper-case);
 * - Pix refund (`pix-refund`, refundPixPayment): `trunc(valor)|accountId|transactionId`, the
 *   refunded entry's transaction id.
 * The taxId is upper-cased, digits and letters only (a masked CPF keeps its digits). The portal
 * computes it here only; the bank recomputes it and refuses a mismatch (422 TRANSFER 51). A Pix
 * withdrawal signed as a plain `withdraw` (without its pacs.008) throws.
 */
export function transactionSignature(movement: SignedMovement): string {
  if (movement.kind === 'pix-withdraw') {
    const { withdraw: w, payment: p } = movement;
    return [
      amountIntegerPart(w.totalAmount),
      movement.sourceAccountId,
      p.endToEndId,
      p.creditorAgent.ispb,
      p.creditorAccount.branch,
      p.creditorAccount.number,
      signedTaxId(p.creditor.taxId),
    ].join('|');
  }
  if (movement.kind === 'internal-pix') {
    const r = movement.request;
    return [amountIntegerPart(r.Amount), movement.sourceAccountId, r.Chave].join('|');
  }
  if (movement.kind === 'pix-qr') {
    const r = movement.request;
    return [amountIntegerPart(r.amount), movement.sourceAccountId, r.endToEndId, brCodeCrcField(r.emv)].join(
      '|',
    );
  }
  if (movement.kind === 'pix-refund') {
    const r = movement.request;
    return [amountIntegerPart(r.valor), r.accountId, r.transactionId].join('|');
  }
  if (movement.kind === 'payment') {
    const p = movement.payment;
    const to = p.recipients[0]?.account;
    if (!to || !('accountId' in to)) throw new Error('company transfer without a destination account');
    return [amountIntegerPart(p.totalAmount), p.sender.account.accountId, to.accountId].join('|');
  }
  const { withdraw, sourceAccountId } = movement;
  const head = [amountIntegerPart(withdraw.totalAmount), sourceAccountId];
  const info = withdraw.withdrawInfo;
  switch (info.withdrawType) {
    case 'BankTransfer': {
      const t = info.bankTransfer;
      return [
        ...head,
        t.bankDestination,
        t.branchDestination,
        t.accountDestination,
        normalizeTaxId(t.taxIdentifier.taxId),
      ].join('|');
    }
    case 'Boleto':
      return [...head, info.boleto.barcode].join('|');
    case 'Utilities':
      return [...head, info.utilities.barcode].join('|');
    default:
      throw new Error(`no S-Transaction signature is defined for ${info.withdrawType}`);
  }
}
