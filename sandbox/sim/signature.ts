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
