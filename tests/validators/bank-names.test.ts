/**
 * The codes and names the money-movement machines carry (machines/data/bank-names.json, issue 26)
 * are the Banco Central's list of machines/data/banks.json: generated from it, never edited.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankNameByCode } from '../../machines/data/bank-names';
import { bankNamesOf } from '../../machines/data/bank-names-of';
import { BANKS, bankByCode } from '../../machines/data/banks';
import { validateBankCode } from '../../machines/validators/recipient-form';

describe('bank-names.json', () => {
  it('is what scripts/gen-bank-names.ts writes from banks.json (run it when the list changes)', () => {
    const written: unknown = JSON.parse(
      readFileSync(new URL('../../machines/data/bank-names.json', import.meta.url), 'utf8'),
    );
    expect(written).toEqual(bankNamesOf(BANKS));
  });

  it('names every code of the list as the list does, and no other code', () => {
    expect(BANKS.length).toBeGreaterThan(400);
    for (const bank of BANKS) expect(bankNameByCode(bank.code)).toBe(bankByCode(bank.code)?.name);
    expect(bankNameByCode('000')).toBeUndefined();
    expect(bankByCode('000')).toBeUndefined();
  });

  it('is what the TED bank rule accepts: a code on the list, and only one', () => {
    expect(validateBankCode('260')).toBeUndefined();
    expect(validateBankCode('000')).toBe('RECIPIENTS.ERRORS.BANK_UNKNOWN');
  });
});
