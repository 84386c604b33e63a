import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANKS } from '../../machines/data/banks.ts';
import {
  EMPTY_RECIPIENT_FORM,
  RECIPIENT_FIELDS,
  RECIPIENT_TYPES,
  defaultNickname,
  isCompanyDocument,
  switchRecipientType,
  validateAccountDigit,
  validateAccountNumber,
  validateAccountType,
  validateBranch,
  validateCompanyCnpj,
  validateNickname,
  validateRecipientName,
  validateRecipientType,
  validatePixRecipientKey,
  switchPixKeyType,
  toPixKey,
  keyChoiceOf,
  type RecipientFormValues,
} from '../../machines/validators/recipient.ts';
import { validateBankCode, validateRecipientForm } from '../../machines/validators/recipient-form.ts';
import {
  DIGITS,
  RUNS,
  refIsValidCnpj,
  refMaskCnpj,
  validAlnumCnpj,
  validCpf,
  validNumericCnpj,
} from './reference.ts';

const digitsOf = (min: number, max: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: min, maxLength: max }).map((a) => a.join(''));
const LETTERS = 'abcdefghijklmnopqrstuvwxyzáéíóúâêôãõçàüÁÉÍÓÚÇ';
const word = (min: number) =>
  fc.array(fc.constantFrom(...LETTERS), { minLength: min, maxLength: 10 }).map((a) => a.join(''));
/** Two to four words of letters, the first of at least two letters, within 50 characters. */
const personName = fc
  .tuple(word(2), fc.array(word(1), { minLength: 1, maxLength: 3 }))
  .map(([first, rest]) => [first, ...rest].join(' '))
  .filter((n) => [...n].length <= 50);
const bankCode = fc.constantFrom(...BANKS.map((b) => b.code));

const validTed = fc
  .record({
    nickname: fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ''),
    name: personName,
    cpfCnpj: validCpf,
    bankCode,
    branchCode: digitsOf(1, 4),
    accountType: fc.constantFrom('CC', 'POUPANCA'),
    accountNumber: digitsOf(1, 17),
    accountNumberDigit: digitsOf(1, 2),
  })
  .map((r): RecipientFormValues => ({ ...r, recipientType: 'BankTransfer', pixKeyType: '', pixKey: '' }));

describe('recipient name (2-money-movement.md §5 Name)', () => {
  it('accepts two or more words of letters, accents included', () => {
    fc.assert(
      fc.property(personName, (name) => {
        expect(validateRecipientName(name)).toBeUndefined();
        expect(validateRecipientName(`  ${name}  `, '')).toBeUndefined();
      }),
      RUNS,
    );
    expect(validateRecipientName("Joana D'Ávila")).toBeUndefined();
    expect(validateRecipientName('Ana-Maria Souza Jr.')).toBeUndefined();
  });

  it('a single word, a one-letter first word or digits are incomplete for a person', () => {
    fc.assert(
      fc.property(word(1), digitsOf(1, 3), (w, d) => {
        expect(validateRecipientName(w)).toBe('NAMEINPUT.ERRORS.INCOMPLETE');
        expect(validateRecipientName(`${w} ${d}`)).toBe('NAMEINPUT.ERRORS.INCOMPLETE');
      }),
      RUNS,
    );
    expect(validateRecipientName('J Silva')).toBe('NAMEINPUT.ERRORS.INCOMPLETE');
    expect(validateRecipientName('Maria Silva', '529.982.247-25')).toBeUndefined();
  });

  it('a company (the document is a CNPJ) may have one word and digits', () => {
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlnumCnpj), (cnpj) => {
        expect(isCompanyDocument(cnpj)).toBe(true);
        expect(validateRecipientName('Padaria2000', refMaskCnpj(cnpj))).toBeUndefined();
      }),
      RUNS,
    );
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(isCompanyDocument(cpf)).toBe(false);
      }),
      RUNS,
    );
  });

  it('blank is EMPTY and over 50 characters is MAX_LENGTH, for persons and companies', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\s*$/), fc.integer({ min: 51, max: 80 }), (blank, n) => {
        expect(validateRecipientName(blank)).toBe('ERRORS.INPUTS.EMPTY');
        const long = `Ana ${'a'.repeat(n - 4)}`;
        expect(validateRecipientName(long)).toBe('ERRORS.INPUTS.MAX_LENGTH');
        expect(validateRecipientName(long, '11.222.333/0001-81')).toBe('ERRORS.INPUTS.MAX_LENGTH');
      }),
      RUNS,
    );
    expect(validateRecipientName(`Ana ${'ã'.repeat(46)}`)).toBeUndefined();
  });
});

describe('bank transfer fields (§5, §9: branch 4, account 17, digit 2)', () => {
  it.each([
    ['branch', validateBranch, 4],
    ['account number', validateAccountNumber, 17],
    ['account digit', validateAccountDigit, 2],
  ] as const)('%s: digits up to its maximum, required, digits only', (_, validate, max) => {
    fc.assert(
      fc.property(digitsOf(1, max), digitsOf(max + 1, max + 5), (ok, long) => {
        expect(validate(ok)).toBeUndefined();
        expect(validate(long)).toBe('ERRORS.INPUTS.MAX_LENGTH');
      }),
      RUNS,
    );
    fc.assert(
      fc.property(digitsOf(0, max - 1), fc.constantFrom('a', '-', ' ', '.', '١'), fc.nat(), (d, bad, at) => {
        const i = at % (d.length + 1);
        expect(validate(`${d.slice(0, i)}${bad}${d.slice(i)}`)).not.toBeUndefined();
      }),
      RUNS,
    );
    expect(validate('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validate('1a')).toBe('ERRORS.INPUTS.ONLY_NUMBERS');
  });

  it('account type is CC or POUPANCA', () => {
    expect(validateAccountType('CC')).toBeUndefined();
    expect(validateAccountType('POUPANCA')).toBeUndefined();
    expect(validateAccountType('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateAccountType('SALARIO')).toBe('RECIPIENTS.ERRORS.ACCOUNT_TYPE');
    expect(validateAccountType('cc')).toBe('RECIPIENTS.ERRORS.ACCOUNT_TYPE');
  });

  it('bank is a code on the bank list', () => {
    fc.assert(
      fc.property(bankCode, (code) => {
        expect(validateBankCode(code)).toBeUndefined();
      }),
      RUNS,
    );
    const listed = new Set(BANKS.map((b) => b.code));
    fc.assert(
      fc.property(
        digitsOf(3, 3).filter((c) => !listed.has(c)),
        (code) => {
          expect(validateBankCode(code)).toBe('RECIPIENTS.ERRORS.BANK_UNKNOWN');
        },
      ),
      RUNS,
    );
    expect(validateBankCode('')).toBe('ERRORS.INPUTS.EMPTY');
  });
});

describe('nickname (§5 Nickname)', () => {
  it('required after trimming, at most 50 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ''),
        fc.string({ minLength: 51, maxLength: 80 }).filter((s) => [...s.trim()].length > 50),
        (ok, long) => {
          expect(validateNickname(ok)).toBeUndefined();
          expect(validateNickname(` ${ok} `)).toBeUndefined();
          expect(validateNickname(long)).toBe('RECIPIENTS.ERRORS.NICKNAME_MAX');
        },
      ),
      RUNS,
    );
    expect(validateNickname('   ')).toBe('ERRORS.INPUTS.EMPTY');
  });

  it("defaultNickname is 'name - bank', under 50 characters, and always a valid nickname", () => {
    expect(defaultNickname('Maria Silva', 'BCO DO BRASIL S.A.')).toBe('Maria Silva - BCO DO BRASIL S.A.');
    expect(defaultNickname('Maria Silva', '')).toBe('Maria Silva');
    fc.assert(
      fc.property(personName, fc.string({ maxLength: 80 }), (name, bank) => {
        const nick = defaultNickname(name, bank);
        expect([...nick].length).toBeLessThan(50);
        expect(validateNickname(nick)).toBeUndefined();
        expect(
          nick.startsWith(
            [...name]
              .slice(0, 49)
              .join('')
              .trimEnd()
              .replace(/[\s-]+$/u, ''),
          ),
        ).toBe(true);
        expect(nick).not.toMatch(/[\s-]$/u);
      }),
      RUNS,
    );
  });
});

describe('company account CNPJ', () => {
  it('accepts numeric and alphanumeric CNPJs, masked or not; a CPF or a change is refused', () => {
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlnumCnpj), fc.nat(13), (cnpj, at) => {
        expect(validateCompanyCnpj(cnpj)).toBeUndefined();
        expect(validateCompanyCnpj(refMaskCnpj(cnpj))).toBeUndefined();
        const c = cnpj[at] ?? '0';
        const other = c === '9' ? '8' : '9';
        const changed = `${cnpj.slice(0, at)}${other}${cnpj.slice(at + 1)}`;
        // A letter and a digit 22 apart weigh the same modulo 11, so the reference decides.
        expect(validateCompanyCnpj(changed)).toBe(
          refIsValidCnpj(changed) ? undefined : 'TAXIDINPUT.ERRORS.CNPJ_INVALID',
        );
      }),
      RUNS,
    );
    fc.assert(
      fc.property(validCpf, digitsOf(1, 13), (cpf, short) => {
        expect(validateCompanyCnpj(cpf)).toBe('TAXIDINPUT.ERRORS.SHORT');
        expect(validateCompanyCnpj(short)).toBe('TAXIDINPUT.ERRORS.SHORT');
      }),
      RUNS,
    );
    expect(validateCompanyCnpj('')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validateCompanyCnpj('112223330001811')).toBe('TAXIDINPUT.ERRORS.CNPJ_INVALID');
  });
});

describe('the recipient form by type (§5 Recipient form)', () => {
  it('a complete TED recipient is valid; each missing field is reported on that field', () => {
    fc.assert(
      fc.property(validTed, fc.constantFrom(...RECIPIENT_FIELDS.BankTransfer), (values, field) => {
        expect(validateRecipientForm(values)).toEqual({});
        const errors = validateRecipientForm({ ...values, [field]: '' });
        expect(Object.keys(errors)).toEqual([field]);
      }),
      RUNS,
    );
  });

  it('Pix needs type, nickname, a key type and a key of it; a company account also a CNPJ', () => {
    fc.assert(
      fc.property(validTed, fc.oneof(validNumericCnpj, validAlnumCnpj), (ted, cnpj) => {
        const pix = { ...ted, recipientType: 'Pix', name: '', cpfCnpj: 'x', bankCode: '' };
        expect(validateRecipientForm(pix)).toEqual({ pixKeyType: 'PIX_RECIPIENTS.ERRORS.KEY_TYPE' });
        expect(validateRecipientForm({ ...pix, pixKeyType: 'TAX_ID' })).toEqual({
          pixKey: 'ERRORS.INPUTS.EMPTY',
        });
        expect(validateRecipientForm({ ...pix, pixKeyType: 'TAX_ID', pixKey: cnpj })).toEqual({});
        const company = {
          ...EMPTY_RECIPIENT_FORM,
          recipientType: 'InternalTransfer',
          nickname: ted.nickname,
        };
        expect(validateRecipientForm(company)).toEqual({ cpfCnpj: 'ERRORS.INPUTS.EMPTY' });
        expect(validateRecipientForm({ ...company, cpfCnpj: cnpj })).toEqual({});
      }),
      RUNS,
    );
    expect(validateRecipientForm(EMPTY_RECIPIENT_FORM)).toEqual({
      recipientType: 'ERRORS.INPUTS.EMPTY',
      nickname: 'ERRORS.INPUTS.EMPTY',
    });
    expect(validateRecipientType('Boleto')).toBe('RECIPIENTS.ERRORS.TYPE');
  });

  it('switching type clears exactly the fields the new type does not use (§4)', () => {
    fc.assert(
      fc.property(validTed, fc.constantFrom(...RECIPIENT_TYPES), (values, to) => {
        const next = switchRecipientType(values, to);
        expect(next.recipientType).toBe(to);
        for (const field of Object.keys(values) as (keyof RecipientFormValues)[]) {
          if (field === 'recipientType') continue;
          expect(next[field]).toBe(RECIPIENT_FIELDS[to].includes(field) ? values[field] : '');
        }
      }),
      RUNS,
    );
  });
});

describe('the Pix recipient key (3-pix-part-one.md §2 Recipient book (Pix variant), §5)', () => {
  const ddd = fc.constantFrom('11', '21', '31', '61', '85');
  const mobile = fc.tuple(ddd, digitsOf(8, 8)).map(([d, n]) => `${d}9${n}`);
  const email = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{2,20}$/), fc.constantFrom('exemplo.com.br', 'banco.com'))
    .filter(([user]) => !user.endsWith('.') && !user.includes('..'))
    .map(([user, domain]) => `${user}@${domain}`);
  const evp = fc.uuid({ version: 4 });

  it("accepts each type's keys as typed and writes them as the DICT does", () => {
    fc.assert(
      fc.property(mobile, validCpf, email, evp, (phone, cpf, mail, uuid) => {
        const masked = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
        expect(validatePixRecipientKey('PHONE', masked)).toBeUndefined();
        expect(toPixKey('PHONE', masked)).toBe(`+55${phone}`);
        expect(validatePixRecipientKey('TAX_ID', cpf)).toBeUndefined();
        expect(toPixKey('TAX_ID', cpf)).toBe(cpf.replace(/\D/g, ''));
        expect(validatePixRecipientKey('EMAIL', mail.toUpperCase())).toBeUndefined();
        expect(toPixKey('EMAIL', ` ${mail.toUpperCase()} `)).toBe(mail);
        expect(validatePixRecipientKey('EVP', uuid)).toBeUndefined();
        expect(toPixKey('EVP', uuid.toUpperCase())).toBe(uuid.toLowerCase());
        // A saved key, reopened for an edit, is still valid as its type.
        expect(validatePixRecipientKey('PHONE', `+55${phone}`)).toBeUndefined();
        expect(validatePixRecipientKey('EMAIL', mail)).toBeUndefined();
        // What the DICT writes is told back by its shape: the form reopens on the right type.
        expect(keyChoiceOf(toPixKey('PHONE', masked))).toBe('PHONE');
        expect(keyChoiceOf(toPixKey('TAX_ID', cpf))).toBe('TAX_ID');
        expect(keyChoiceOf(toPixKey('EMAIL', mail))).toBe('EMAIL');
        expect(keyChoiceOf(toPixKey('EVP', uuid))).toBe('EVP');
      }),
      RUNS,
    );
  });

  it('refuses a key of another type, an empty key and an unknown type', () => {
    fc.assert(
      fc.property(mobile, email, evp, (phone, mail, uuid) => {
        expect(validatePixRecipientKey('TAX_ID', mail)).toBeDefined();
        expect(validatePixRecipientKey('EMAIL', phone)).toBeDefined();
        expect(validatePixRecipientKey('PHONE', uuid)).toBeDefined();
        expect(validatePixRecipientKey('EVP', mail)).toBeDefined();
      }),
      RUNS,
    );
    for (const type of ['PHONE', 'TAX_ID', 'EMAIL', 'EVP'])
      expect(validatePixRecipientKey(type, '')).toBe('ERRORS.INPUTS.EMPTY');
    expect(validatePixRecipientKey('', 'a@b.com')).toBe('PIX_RECIPIENTS.ERRORS.KEY_TYPE');
    expect(toPixKey('CPF', '52998224725')).toBeNull();
    expect(keyChoiceOf(null)).toBe('');
    expect(keyChoiceOf('not a key')).toBe('');
  });

  it('switching the key type clears the key and keeps the nickname (§4)', () => {
    const v = { ...EMPTY_RECIPIENT_FORM, recipientType: 'Pix', nickname: 'Feira', pixKeyType: 'EMAIL' };
    const typed = { ...v, pixKey: 'feira@exemplo.com.br' };
    expect(switchPixKeyType(typed, 'PHONE')).toEqual({ ...v, pixKeyType: 'PHONE', pixKey: '' });
    expect(switchPixKeyType(typed, 'EMAIL')).toBe(typed);
  });
});
