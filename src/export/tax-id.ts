/**
 * CPF/CNPJ as printed in the statement header of the exports. The mask is the portal's own
 * (`maskTaxId`, src/format/masks.ts), so a file shows the tax id as the screen does; this module
 * only adds the label and keeps text of an unknown shape as the bank sent it. Following
 * shared/domain/notes.md §a, CPF is 11 digits and CNPJ 12 letters-or-digits plus 2 numeric check
 * digits (alphanumeric CNPJ, IN RFB 2.229/2024), told apart by length, never by "all digits".
 */
import { maskTaxId } from '../format/masks';

/** What kind of tax id the header shows, and its label. */
export type TaxIdKind = 'CPF' | 'CNPJ';

/** Strips the mask and upper-cases: the canonical form of a CPF or CNPJ. */
export function compactTaxId(taxId: string): string {
  return taxId.replace(/[\s./-]/g, '').toUpperCase();
}

/** 'CPF' for 11 digits, 'CNPJ' for 14 characters; undefined for anything else. */
export function taxIdKind(taxId: string): TaxIdKind | undefined {
  const c = compactTaxId(taxId);
  if (/^\d{11}$/.test(c)) return 'CPF';
  if (/^[0-9A-Z]{12}\d{2}$/.test(c)) return 'CNPJ';
  return undefined;
}

/**
 * `000.000.000-00` or `SS.SSS.SSS/SSSS-NN`. Text of any other shape is returned trimmed as it came,
 * so a header never loses what the bank sent.
 */
export function formatTaxId(taxId: string): string {
  return taxIdKind(taxId) ? maskTaxId(compactTaxId(taxId)) : taxId.trim();
}

/** The header label: 'CPF', 'CNPJ', or the neutral 'CPF/CNPJ' when the shape is unknown. */
export function taxIdLabel(taxId: string): string {
  return taxIdKind(taxId) ?? 'CPF/CNPJ';
}
