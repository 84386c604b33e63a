import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KEY_LIMITS,
  canDeleteKey,
  dictKeyTypeOf,
  emailsMatch,
  isAtKeyLimit,
  isCnpjKey,
  isCpfKey,
  isEmailKey,
  isEvpKey,
  isPhoneKey,
  keyLimitFor,
  splitKeys,
  statusLabelOf,
  toEmailKey,
  toPhoneKey,
  toTaxIdKey,
  validateEmailConfirm,
  validateEmailKeyField,
  validateEvpField,
  validatePhoneConfirm,
  type DictKeyType,
} from '../../machines/validators/pix-key.ts';
import {
  ALNUM_UPPER,
  DIGITS,
  RUNS,
  refIsValidCnpj,
  refIsValidCpf,
  refMaskCnpj,
  refMaskCpf,
  singleSubstitutions,
  validAlnumCnpj,
  validCpf,
  validEmail,
  validEvp,
  validMobile,
  validNumericCnpj,
} from './reference.ts';

const STATUSES = [
  'ACTIVE',
  'INACTIVE',
  'CLEARING_REGISTRATION_PENDING',
  'IDENTITY_VALIDATION_PENDING',
  'PENDING_DELETION',
] as const;
const anyStatus = fc.oneof(fc.constantFrom(...STATUSES), fc.string({ minLength: 1, maxLength: 20 }));
const anyType = fc.constantFrom<DictKeyType>('CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP');
const ownKey = fc.record({ key: fc.string(), type: anyType, status: anyStatus });

describe('Pix key formats (DICT, notes §Keys)', () => {
  it('a CPF key is 11 digits with valid check digits; any single change of a digit is refused', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(isCpfKey(cpf)).toBe(true);
        expect(dictKeyTypeOf(cpf)).toBe('CPF');
        expect(isCpfKey(refMaskCpf(cpf))).toBe(false);
        for (const { mutated: changed } of singleSubstitutions(cpf, () => DIGITS))
          expect(isCpfKey(changed)).toBe(refIsValidCpf(changed));
      }),
      RUNS,
    );
  });

  it('a CNPJ key is 14 [0-9A-Z] with valid check digits, numeric or alphanumeric, unmasked', () => {
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlnumCnpj), (cnpj) => {
        expect(isCnpjKey(cnpj)).toBe(true);
        expect(dictKeyTypeOf(cnpj)).toBe('CNPJ');
        expect(isCnpjKey(refMaskCnpj(cnpj))).toBe(false);
        expect(isCnpjKey(cnpj.toLowerCase())).toBe(cnpj === cnpj.toLowerCase());
        for (const { mutated: changed } of singleSubstitutions(cnpj, (i) => (i < 12 ? ALNUM_UPPER : DIGITS)))
          expect(isCnpjKey(changed)).toBe(refIsValidCnpj(changed));
      }),
      RUNS,
    );
  });

  it('a phone key is +55, DDD, 9 and 8 digits; the dialog turns any mask into it', () => {
    fc.assert(
      fc.property(validMobile, (m) => {
        const masked = `(${m.slice(0, 2)}) ${m.slice(2, 7)}-${m.slice(7)}`;
        expect(toPhoneKey(masked)).toBe(`+55${m}`);
        expect(toPhoneKey(m)).toBe(`+55${m}`);
        expect(isPhoneKey(toPhoneKey(masked))).toBe(true);
        expect(dictKeyTypeOf(`+55${m}`)).toBe('PHONE');
        expect(isPhoneKey(m)).toBe(false);
        expect(isPhoneKey(`+55${m}0`)).toBe(false);
        expect(isPhoneKey(`+55${m.slice(0, 2)}8${m.slice(3)}`)).toBe(false);
      }),
      RUNS,
    );
  });

  it('an e-mail key is lower case and at most 77 characters; the dialog lower-cases and trims', () => {
    fc.assert(
      fc.property(validEmail, fc.constantFrom('', ' ', '  '), (e, pad) => {
        const key = toEmailKey(`${pad}${e}${pad}`);
        expect(key).toBe(e.toLowerCase());
        expect(isEmailKey(key)).toBe(key.length <= 77);
        expect(dictKeyTypeOf(key)).toBe(key.length <= 77 ? 'EMAIL' : undefined);
        if (/[a-z]/.test(key)) expect(isEmailKey(key.toUpperCase())).toBe(false);
      }),
      RUNS,
    );
    const local = 'a'.repeat(64);
    const at77 = `${local}@exemplo.com`;
    expect(at77.length).toBe(76);
    expect(isEmailKey(`${local}@exemplos.com`)).toBe(true);
    expect(isEmailKey(`${local}@exemploss.com`)).toBe(false);
    expect(validateEmailKeyField(`${local}@exemploss.com`)).toBe('PIX_KEYS.ERRORS.EMAIL_TOO_LONG');
    expect(validateEmailKeyField(`${local}@exemplos.com`)).toBeUndefined();
  });

  it('an EVP is a lower-case UUID; upper case or a changed length is refused', () => {
    fc.assert(
      fc.property(validEvp, fc.nat(), (evp, n) => {
        expect(isEvpKey(evp)).toBe(true);
        expect(dictKeyTypeOf(evp)).toBe('EVP');
        expect(validateEvpField(evp.toUpperCase())).toBeUndefined();
        if (/[a-f]/.test(evp)) expect(isEvpKey(evp.toUpperCase())).toBe(false);
        const i = n % evp.length;
        expect(isEvpKey(evp.slice(0, i) + evp.slice(i + 1))).toBe(false);
        expect(isEvpKey(evp.slice(0, i) + 'g' + evp.slice(i + 1))).toBe(false);
      }),
      RUNS,
    );
    expect(validateEvpField('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateEvpField('123e4567-e89b-12d3')).toBe('PIX_KEYS.ERRORS.EVP_SHORT');
    expect(validateEvpField('x'.repeat(36))).toBe('PIX_KEYS.ERRORS.EVP_INVALID');
  });

  it('no key is of two types', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          validCpf,
          validNumericCnpj,
          validAlnumCnpj,
          validMobile.map((m) => `+55${m}`),
          validEvp,
        ),
        (key) => {
          const types = (['CPF', 'CNPJ', 'PHONE', 'EMAIL', 'EVP'] as const).filter(
            (t) => dictKeyTypeOf(key) === t,
          );
          expect(types).toHaveLength(1);
        },
      ),
      RUNS,
    );
  });

  it('the own tax id key drops the mask and keeps its kind', () => {
    fc.assert(
      fc.property(validCpf, fc.oneof(validNumericCnpj, validAlnumCnpj), (cpf, cnpj) => {
        expect(toTaxIdKey(refMaskCpf(cpf))).toBe(cpf);
        expect(toTaxIdKey(refMaskCnpj(cnpj).toLowerCase())).toBe(cnpj);
      }),
      RUNS,
    );
  });
});

describe('register dialog confirmations (§5)', () => {
  it('the phone confirmation must be the same number, whatever the mask', () => {
    fc.assert(
      fc.property(validMobile, validMobile, (a, b) => {
        const masked = `(${a.slice(0, 2)}) ${a.slice(2, 7)}-${a.slice(7)}`;
        expect(validatePhoneConfirm(masked, a)).toBeUndefined();
        expect(validatePhoneConfirm(a, b)).toBe(a === b ? undefined : 'PIX_KEYS.ERRORS.CONFIRM_PHONE');
      }),
      RUNS,
    );
    expect(validatePhoneConfirm('11987654321', ' ')).toBe('ERRORS.INPUTS.EMPTY');
  });

  it('the e-mail confirmation ignores spaces (and case); any other change is a mismatch', () => {
    fc.assert(
      fc.property(validEmail, fc.nat(), (e, n) => {
        const i = n % (e.length + 1);
        expect(emailsMatch(e, `${e.slice(0, i)} ${e.slice(i)}`)).toBe(true);
        expect(validateEmailConfirm(e, ` ${e.toUpperCase()} `)).toBeUndefined();
        expect(validateEmailConfirm(e, `${e.slice(0, i)}x${e.slice(i)}`)).toBe(
          'PIX_KEYS.ERRORS.CONFIRM_EMAIL',
        );
      }),
      RUNS,
    );
    expect(validateEmailConfirm('maria@exemplo.com', '')).toBe('ERRORS.INPUTS.EMPTY');
  });
});

describe('status label, delete rule, lists and limits (§3, §4, §5)', () => {
  it('labels the five statuses of §3 and shows any other as pending with the raw status', () => {
    expect(STATUSES.map((s) => statusLabelOf(s).key)).toEqual([
      'PIX_KEYS.STATUS.ACTIVE',
      'PIX_KEYS.STATUS.INACTIVE',
      'PIX_KEYS.STATUS.CLEARING_REGISTRATION_PENDING',
      'PIX_KEYS.STATUS.IDENTITY_VALIDATION_PENDING',
      'PIX_KEYS.STATUS.PENDING_DELETION',
    ]);
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const label = statusLabelOf(raw);
        expect(label.status).toBe(raw);
        if (!(STATUSES as readonly string[]).includes(raw)) expect(label.key).toBe('PIX_KEYS.STATUS.PENDING');
      }),
      RUNS,
    );
  });

  it('delete is enabled exactly for ACTIVE, IDENTITY_VALIDATION_PENDING or an EVP', () => {
    fc.assert(
      fc.property(ownKey, (k) => {
        const expected =
          k.type === 'EVP' || k.status === 'ACTIVE' || k.status === 'IDENTITY_VALIDATION_PENDING';
        expect(canDeleteKey(k)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('splits ACTIVE keys from open requests and drops the ones pending deletion, keeping order', () => {
    fc.assert(
      fc.property(fc.array(ownKey, { maxLength: 25 }), (keys) => {
        const { mine, open } = splitKeys(keys);
        expect(mine.every((k) => k.status === 'ACTIVE')).toBe(true);
        expect(open.every((k) => k.status !== 'ACTIVE' && k.status !== 'PENDING_DELETION')).toBe(true);
        const pendingDeletion = keys.filter((k) => k.status === 'PENDING_DELETION').length;
        expect(mine.length + open.length + pendingDeletion).toBe(keys.length);
        expect(mine).toEqual(keys.filter((k) => mine.includes(k)));
        expect(open).toEqual(keys.filter((k) => open.includes(k)));
      }),
      RUNS,
    );
  });

  it('the 2026 limit: 5 keys for an individual, 20 for a company; every listed key counts', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.oneof(validNumericCnpj, validAlnumCnpj),
        fc.array(ownKey, { maxLength: 25 }),
        (cpf, cnpj, keys) => {
          expect(keyLimitFor(refMaskCpf(cpf))).toBe(KEY_LIMITS.individual);
          expect(keyLimitFor(cnpj)).toBe(KEY_LIMITS.company);
          expect(isAtKeyLimit(keys, cpf)).toBe(keys.length >= 5);
          expect(isAtKeyLimit(keys, cnpj)).toBe(keys.length >= 20);
        },
      ),
      RUNS,
    );
  });
});
