/**
 * What machines/data/bank-names.json holds for a bank list (scripts/gen-bank-names.ts writes it,
 * tests/validators/bank-names.test.ts checks it): each code's name, a later entry of a code
 * replacing an earlier one as in banks.ts's `bankByCode`.
 */
import type { Bank } from './banks.ts';

export interface BankNames {
  source: string;
  names: Record<string, string>;
}

export function bankNamesOf(banks: readonly Bank[]): BankNames {
  const names: Record<string, string> = {};
  for (const bank of banks) names[bank.code] = bank.name;
  return {
    source: 'Generated from banks.json by scripts/gen-bank-names.ts (see its source there); never edited',
    names,
  };
}
