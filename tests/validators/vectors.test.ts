/**
 * The public test vectors of tests/validators/data/vectors.json (each with its source; see the
 * README beside it), kept inside the repository so a clone tests itself with nothing beside it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  getBoletoInfo,
  isValidBoleto as libIsValidBoleto,
  isValidCnpj as libIsValidCnpj,
  isValidCpf as libIsValidCpf,
  isValidPixPayload,
} from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { formatBoletoLine, parseBoleto } from '../../machines/validators/boleto.ts';
import { crc16, parseBrCode } from '../../machines/validators/brcode.ts';
import { isValidCnpj, normalizeCnpj } from '../../machines/validators/cnpj.ts';
import { isValidCpf, normalizeCpf } from '../../machines/validators/cpf.ts';
import { isValidEndToEndId } from '../../machines/validators/end-to-end-id.ts';
import { validateTaxId } from '../../machines/validators/tax-id.ts';
import { isValidTotpCode } from '../../machines/validators/totp-code.ts';
import { maskCnpj, maskCpf } from '../../src/format/masks.ts';
import { cnpjCharValue, refCnpjDigits } from './reference.ts';

interface Doc {
  value: string;
  digits?: string;
  normalized?: string;
  check_digits?: string;
  char_values?: number[];
  sum1?: number;
  sum2?: number;
}
interface BankSlipVector {
  linha: string;
  linha_formatted?: string;
  barcode?: string;
  bank?: string;
  currency?: string;
  factor?: number;
  amount?: string;
  due_date_candidates?: string[];
  due_date_by_window_rule_on_2026_11_21?: string | null;
}
interface ArrecadacaoVector {
  linha: string;
  linha_formatted?: string;
  barcode?: string;
  segment?: string;
  value_identifier?: string;
  modulus?: number;
  amount?: string;
  amount_is_currency?: boolean;
}
interface BrCodeVector {
  code: string;
  type?: 'static' | 'dynamic';
  point_of_initiation?: string | null;
  key?: string | null;
  url?: string | null;
  info_adicional?: string | null;
  amount?: string | null;
  name?: string;
  city?: string;
  txid?: string;
  crc?: string;
}
interface Vectors {
  cpf: { valid: Doc[]; invalid: Doc[] };
  cnpj_numeric: { valid: Doc[]; invalid: Doc[] };
  cnpj_alphanumeric: { valid: Doc[]; invalid: Doc[] };
  boleto_bancario: {
    valid: BankSlipVector[];
    invalid: BankSlipVector[];
    check_digits_ok_but_semantically_invalid: BankSlipVector[];
  };
  arrecadacao: { valid: ArrecadacaoVector[]; invalid: ArrecadacaoVector[] };
  pix_brcode: { valid: BrCodeVector[]; invalid: BrCodeVector[]; crc_ok_but_nonconformant: BrCodeVector[] };
  pix_crc16_check: { input: string; crc: string };
  totp_rfc6238: Array<{ totp_6: string; totp_8: string }>;
  hotp_rfc4226: Array<{ hotp_6: string }>;
}

const vectors = JSON.parse(
  readFileSync(fileURLToPath(new URL('./data/vectors.json', import.meta.url)), 'utf8'),
) as Vectors;
const TODAY = '2026-11-21';
const toCents = (amount: string): number => Math.round(Number(amount) * 100);

describe('vectors: CPF', () => {
  it.each(vectors.cpf.valid)('accepts $value', (v) => {
    expect(isValidCpf(v.value)).toBe(true);
    expect(normalizeCpf(v.value)).toBe(v.digits);
    expect(normalizeCpf(v.value).slice(9)).toBe(v.check_digits);
    expect(maskCpf(v.value)).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(validateTaxId(v.value)).toBeUndefined();
  });
  it.each(vectors.cpf.invalid)('rejects $value', (v) => {
    expect(isValidCpf(v.value)).toBe(false);
    expect(validateTaxId(v.value)).toBe('TAXIDINPUT.ERRORS.CPF_INVALID');
  });
});

describe('vectors: CNPJ', () => {
  const valid = [...vectors.cnpj_numeric.valid, ...vectors.cnpj_alphanumeric.valid];
  it.each(valid)('accepts $value', (v) => {
    expect(isValidCnpj(v.value)).toBe(true);
    const n = normalizeCnpj(v.value);
    expect(n).toBe(v.digits ?? v.normalized);
    expect(n.slice(12)).toBe(v.check_digits);
    expect(maskCnpj(n)).toBe(maskCnpj(v.value));
    expect(validateTaxId(v.value)).toBeUndefined();
  });
  it.each(vectors.cnpj_alphanumeric.valid)('reproduces the published char values and sums of $value', (v) => {
    const n = normalizeCnpj(v.value);
    expect([...n.slice(0, 12)].map(cnpjCharValue)).toEqual(v.char_values);
    const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    expect([...n.slice(0, 12)].reduce((s, c, i) => s + cnpjCharValue(c) * (w1[i] ?? 0), 0)).toBe(v.sum1);
    expect([...n.slice(0, 13)].reduce((s, c, i) => s + cnpjCharValue(c) * (w2[i] ?? 0), 0)).toBe(v.sum2);
    expect(refCnpjDigits(n.slice(0, 12))).toBe(v.check_digits);
  });
  it.each([...vectors.cnpj_numeric.invalid, ...vectors.cnpj_alphanumeric.invalid])('rejects $value', (v) => {
    expect(isValidCnpj(v.value)).toBe(false);
    expect(validateTaxId(v.value)).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
  });
  it("rejects RFB's misprinted Q&A example AA345678/0003-29 (its DVs are 86)", () => {
    expect(isValidCnpj('AA.345.678/0003-29')).toBe(false);
    expect(refCnpjDigits('AA3456780003')).toBe('86');
  });
});

describe('vectors: bank-slip boletos', () => {
  it.each(vectors.boleto_bancario.valid)('parses $linha', (v) => {
    for (const input of [v.linha, v.linha_formatted ?? v.linha, v.barcode ?? v.linha]) {
      const r = parseBoleto(input, TODAY);
      expect(r.ok).toBe(true);
      if (!r.ok || r.value.kind !== 'bank-slip') throw new Error('expected a bank slip');
      expect(r.value.barcode).toBe(v.barcode);
      expect(r.value.typeableLine).toBe(v.linha);
      expect(r.value.bankCode).toBe(v.bank);
      expect(r.value.currency).toBe(v.currency);
      expect(r.value.factor).toBe(v.factor);
      expect(r.value.amountCents).toBe(toCents(v.amount ?? ''));
      expect(r.value.dueDateCandidates).toEqual(v.due_date_candidates);
      expect(r.value.dueDate).toBe(v.due_date_by_window_rule_on_2026_11_21);
    }
    expect(formatBoletoLine(v.linha)).toBe(v.linha_formatted);
  });
  it.each([
    ...vectors.boleto_bancario.invalid,
    ...vectors.boleto_bancario.check_digits_ok_but_semantically_invalid,
  ])('rejects $linha', (v) => {
    expect(parseBoleto(v.linha, TODAY).ok).toBe(false);
  });
  it('reports the reason the vectors give', () => {
    expect(parseBoleto('00190000020114971860168524522114675860000102656')).toEqual({
      ok: false,
      reason: 'field1_dv',
    });
    expect(parseBoleto('23793381286000782713695000063305475520000370000')).toEqual({
      ok: false,
      reason: 'general_dv',
    });
    expect(parseBoleto('00170000010114971860168524522114275860000102656')).toEqual({
      ok: false,
      reason: 'currency',
    });
  });
});

describe('vectors: arrecadação', () => {
  it.each(vectors.arrecadacao.valid)('parses $linha', (v) => {
    for (const input of [v.linha, v.linha_formatted ?? v.linha, v.barcode ?? v.linha]) {
      const r = parseBoleto(input, TODAY);
      expect(r.ok).toBe(true);
      if (!r.ok || r.value.kind !== 'arrecadacao') throw new Error('expected arrecadação');
      expect(r.value.barcode).toBe(v.barcode);
      expect(r.value.typeableLine).toBe(v.linha);
      expect(String(r.value.segment)).toBe(v.segment);
      expect(r.value.valueIdentifier).toBe(v.value_identifier);
      expect(r.value.modulus).toBe(v.modulus);
      expect(r.value.amountCents).toBe(toCents(v.amount ?? ''));
      expect(r.value.amountIsCurrency).toBe(v.amount_is_currency);
      expect(r.value.dueDate).toBeNull();
    }
    expect(formatBoletoLine(v.linha)).toBe(v.linha_formatted);
  });
  it.each(vectors.arrecadacao.invalid)('rejects $linha', (v) => {
    expect(parseBoleto(v.linha).ok).toBe(false);
  });
  it('reports the failing block', () => {
    expect(parseBoleto('836200000005667800481800180975657313001589636081')).toEqual({
      ok: false,
      reason: 'block2_dv',
    });
    expect(parseBoleto('858900004609524601791605607593050865831483000011')).toEqual({
      ok: false,
      reason: 'block4_dv',
    });
  });
});

describe('vectors: Pix BR Code', () => {
  it.each(vectors.pix_brcode.valid)('parses $description', (v) => {
    const r = parseBrCode(v.code);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.type).toBe(v.type);
    expect(r.value.pointOfInitiation).toBe(v.point_of_initiation);
    expect(r.value.key).toBe(v.key);
    expect(r.value.url).toBe(v.url);
    expect(r.value.infoAdicional).toBe(v.info_adicional);
    expect(r.value.amount).toBe(v.amount);
    expect(r.value.name).toBe(v.name);
    expect(r.value.city).toBe(v.city);
    expect(r.value.txid).toBe(v.txid);
    expect(r.value.crc).toBe(v.crc);
    expect(crc16(v.code.slice(0, -4))).toBe(v.crc);
  });
  it('keeps the Pix Automático template 80 of the QR composto', () => {
    const r = parseBrCode(vectors.pix_brcode.valid[1]?.code ?? '');
    expect(r.ok && r.value.unreservedTemplates[0]?.url).toBe(
      'pix.example.com/rec/2353c790eefb11eaadc10242ac120002',
    );
  });
  it.each(vectors.pix_brcode.invalid)('rejects $reason', (v) => {
    expect(parseBrCode(v.code).ok).toBe(false);
  });
  it('rejects the CRC-correct but non-conformant code (city of 19 characters, hyphenated txid)', () => {
    const [v] = vectors.pix_brcode.crc_ok_but_nonconformant;
    expect(crc16((v?.code ?? '').slice(0, -4))).toBe((v?.code ?? '').slice(-4));
    expect(parseBrCode(v?.code ?? '')).toEqual({ ok: false, reason: 'city' });
  });
  it('CRC check value and zero padding', () => {
    expect(crc16(vectors.pix_crc16_check.input)).toBe(vectors.pix_crc16_check.crc);
    // CRC 0x0056: a formatter using {:X} or toString(16) alone would write '56'.
    expect(crc16('A149')).toBe('0056');
  });
});

describe('vectors: TOTP codes and end-to-end ids', () => {
  it('every RFC 6238/4226 6-digit code is a well-formed security code; the 8-digit ones are not', () => {
    for (const v of vectors.totp_rfc6238) {
      expect(isValidTotpCode(v.totp_6)).toBe(true);
      expect(isValidTotpCode(v.totp_8)).toBe(false);
    }
    for (const v of vectors.hotp_rfc4226) expect(isValidTotpCode(v.hotp_6)).toBe(true);
  });
  it('accepts the published end-to-end id example', () => {
    expect(isValidEndToEndId('E9040088820210128000800123873170')).toBe(true);
  });
});

/**
 * Where @brazilian-utils 2.4.0 disagrees with the vectors or the portal's rules. Pinned so that
 * a library upgrade that changes them is noticed (and the wrappers can be simplified).
 */
describe('@brazilian-utils 2.4.0 against the vectors (pinned quirks)', () => {
  it('agrees on every CPF and CNPJ check-digit verdict', () => {
    for (const v of vectors.cpf.valid) expect(libIsValidCpf(v.value)).toBe(true);
    for (const v of vectors.cpf.invalid) expect(libIsValidCpf(v.value)).toBe(false);
    for (const v of [...vectors.cnpj_numeric.valid, ...vectors.cnpj_alphanumeric.valid]) {
      expect(libIsValidCnpj(v.value, { version: 2 })).toBe(true);
    }
    for (const v of [...vectors.cnpj_numeric.invalid, ...vectors.cnpj_alphanumeric.invalid]) {
      expect(libIsValidCnpj(v.value, { version: 2 })).toBe(false);
    }
  });
  it('quirk: version 2 accepts a repeated-character base (the portal rejects it)', () => {
    expect(libIsValidCnpj('AAAAAAAAAAAA45', { version: 2 })).toBe(true);
    expect(isValidCnpj('AAAAAAAAAAAA45')).toBe(false);
  });
  it('quirk: the default (version 1) rejects every alphanumeric CNPJ', () => {
    expect(libIsValidCnpj('12.ABC.345/01DE-35')).toBe(false);
  });
  it('quirk: isValidBoleto accepts currency 7 (the portal rejects it)', () => {
    const [v] = vectors.boleto_bancario.check_digits_ok_but_semantically_invalid;
    expect(libIsValidBoleto(v?.linha ?? '')).toBe(true);
  });
  it('quirk: isValidBoleto rejects the 44-digit barcode of a bank slip (the portal reads it)', () => {
    for (const v of vectors.boleto_bancario.valid) expect(libIsValidBoleto(v.barcode ?? '')).toBe(false);
  });
  it('quirk: getBoletoInfo ignores the 3000/5500-day window and answers 2018-07-15 for a slip not payable on 2026-11-21', () => {
    const [v] = vectors.boleto_bancario.valid;
    const info = getBoletoInfo(v?.linha ?? '', { referenceDate: new Date(2026, 10, 21) });
    // The library returns a local-midnight Date, so it is read with local getters.
    const d = info?.expirationDate;
    expect(d && [d.getFullYear(), d.getMonth() + 1, d.getDate()]).toEqual([2018, 7, 15]);
    expect(v?.due_date_by_window_rule_on_2026_11_21).toBeNull();
  });
  it('quirk: isValidPixPayload accepts the non-conformant BR Code (the portal rejects it)', () => {
    const [v] = vectors.pix_brcode.crc_ok_but_nonconformant;
    expect(isValidPixPayload(v?.code ?? '')).toBe(true);
  });
});
