/**
 * Money display in pt-BR (DESIGN.md "A view": `Intl.NumberFormat('pt-BR', { style: 'currency',
 * currency: 'BRL' })`, never concatenation).
 *
 * Intl writes a NO-BREAK SPACE (U+00A0) between `R$` and the number: `formatBRL(1234.56)` is
 * `'R$\u00a01.234,56'`. It is kept on purpose (the symbol never wraps away from the amount);
 * tests and searches must compare with it, or fold it (see `foldForSearch` in
 * machines/validators/statement-search.ts). Negative amounts come out as `'-R$\u00a01,00'`.
 */
import { parseBrlToCents } from '../../machines/validators/money.ts';

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** −0 and rounding to −0,00 would print a minus sign; money never shows "-R$ 0,00". */
const noNegativeZero = (amount: number): number => (Math.abs(amount) < 0.005 ? 0 : amount);

/**
 * An amount in reais as pt-BR currency: `1234.56` → `'R$\u00a01.234,56'`, rounded to the cent.
 * A non-finite amount gives `''`.
 */
export function formatBRL(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  return currency.format(noNegativeZero(amount));
}

/** An amount in centavos as pt-BR currency: `123456` → `'R$\u00a01.234,56'`. */
export function formatBRLFromCents(cents: number): string {
  return Number.isFinite(cents) ? formatBRL(Math.round(cents) / 100) : '';
}

/**
 * An amount in reais without the symbol: `1234.56` → `'1.234,56'`, `-5` → `'-5,00'`.
 * A non-finite amount gives `''`.
 */
export function formatAmountPlain(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  return plain.format(noNegativeZero(amount));
}

/**
 * An amount field's text once the customer leaves it (issue 32: '1234,56' stayed as typed): the
 * amount it stands for, written the pt-BR way, `'1234,56'` → `'1.234,56'`, `'50'` → `'50,00'`,
 * `'R$ 7,5'` → `'7,50'`. Text that is not an amount (empty, letters, a minus sign, three
 * decimals) is left as typed, so its field's rule still speaks about what was typed; so is a
 * mask longer than `maxLength`, which the field would refuse.
 */
export function maskAmountInput(typed: string, maxLength?: number): string {
  if (typed.trim() === '') return typed;
  const cents = parseBrlToCents(typed);
  if (cents === undefined || cents < 0) return typed;
  const masked = plain.format(cents / 100);
  return maxLength !== undefined && masked.length > maxLength ? typed : masked;
}
