/**
 * The S-Transaction signature, recomputed by the bank from the body it received (contract
 * components.parameters.STransaction; 2-money-movement.md §7 leaves the order open, the contract
 * fixes it): the integer part of the amount, then the account ids, then the destination details,
 * joined with `|`. Written here from the contract's text, independently of the portal's code.
 */

/** Integer part in reais, no separators: 1234.56 gives '1234'. */
export function truncReais(amount: number): string {
  return String(Math.trunc(amount));
}

/** taxId upper-case, digits and letters only. */
export function signatureTaxId(taxId: string): string {
  return taxId.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** TED: trunc(totalAmount)|sourceAccountId|bankDestination|branchDestination|accountDestination|taxId */
export function tedSignature(p: {
  totalAmount: number;
  sourceAccountId: string;
  bankDestination: string;
  branchDestination: string;
  accountDestination: string;
  taxId: string;
}): string {
  return [
    truncReais(p.totalAmount),
    p.sourceAccountId,
    p.bankDestination,
    p.branchDestination,
    p.accountDestination,
    signatureTaxId(p.taxId),
  ].join('|');
}

/** Company transfer: trunc(totalAmount)|senderAccountId|recipientAccountId */
export function internalTransferSignature(p: {
  totalAmount: number;
  senderAccountId: string;
  recipientAccountId: string;
}): string {
  return [truncReais(p.totalAmount), p.senderAccountId, p.recipientAccountId].join('|');
}

/** Bill (boleto or utilities): trunc(totalAmount)|sourceAccountId|barcode */
export function billSignature(p: { totalAmount: number; sourceAccountId: string; barcode: string }): string {
  return [truncReais(p.totalAmount), p.sourceAccountId, p.barcode].join('|');
}

/**
 * Pix by key or manual data (createWithdrawal, InstantPayment):
 * trunc(totalAmount)|sourceAccountId|endToEndId|creditorAgent.ispb|creditorAccount.branch|creditorAccount.number|creditor.taxId
 */
export function pixWithdrawSignature(p: {
  totalAmount: number;
  sourceAccountId: string;
  endToEndId: string;
  creditorIspb: string;
  creditorBranch: string;
  creditorAccount: string;
  creditorTaxId: string;
}): string {
  return [
    truncReais(p.totalAmount),
    p.sourceAccountId,
    p.endToEndId,
    p.creditorIspb,
    p.creditorBranch,
    p.creditorAccount,
    signatureTaxId(p.creditorTaxId),
  ].join('|');
}

/** Internal Pix (createInternalPix): trunc(Amount)|sourceAccountId|Chave (the key as sent). */
export function internalPixSignature(p: { amount: number; sourceAccountId: string; key: string }): string {
  return [truncReais(p.amount), p.sourceAccountId, p.key].join('|');
}

/** Pix copy-and-paste (payPixQrCode): trunc(amount)|sourceAccountId|endToEndId|crc, crc the last 4 of emv upper-case. */
export function pixQrSignature(p: {
  amount: number;
  sourceAccountId: string;
  endToEndId: string;
  emv: string;
}): string {
  return [truncReais(p.amount), p.sourceAccountId, p.endToEndId, p.emv.trim().slice(-4).toUpperCase()].join(
    '|',
  );
}
