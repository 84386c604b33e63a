/**
 * The sandbox bank keeps its own check-digit and password-rule code (it does not run the portal's
 * validators: docs/DESIGN.md, Boundaries). The two implementations must agree, or the bank would
 * refuse what the portal lets through, or accept what the portal refuses when a client skips it.
 * These properties compare them on generated input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, cpfWithCheckDigits } from '../../sandbox/sim/documents';
import { changeRuleErrors, strictRuleErrors } from '../../sandbox/sim/password-rules';
import { bankAccountProblems, nameProblems, nicknameProblems } from '../../sandbox/sim/recipient-rules';
import { billSignature, internalTransferSignature, tedSignature } from '../../sandbox/sim/signature';
import { isValidCnpj } from '../../machines/validators/cnpj';
import { isValidCpf } from '../../machines/validators/cpf';
import {
  validateAccountDigit,
  validateAccountNumber,
  validateBranch,
  validateNickname,
  validateRecipientName,
} from '../../machines/validators/recipient';
import { transactionSignature } from '../../machines/validators/transfer';
import {
  checklistPasses,
  passwordChecklist,
  strictPasswordChecklist,
} from '../../machines/validators/password';

const digit = fc.constantFrom(...'0123456789');
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const text = (chars: fc.Arbitrary<string>, n: number) =>
  fc.array(chars, { minLength: n, maxLength: n }).map((a) => a.join(''));

/** Bases of one repeated character are never issued: both sides reject them on their own terms. */
const notRepeated = (s: string) => !/^(.)\1*$/.test(s);

/** Every way to change one check digit of a document to another digit. */
function withOtherCheckDigit(doc: string, position: number, replacement: string): string {
  return doc.slice(0, position) + replacement + doc.slice(position + 1);
}

describe('check digits: the sandbox generates what the portal accepts', () => {
  it('CPF: every base completed by the sandbox is a valid CPF for the portal', () => {
    fc.assert(
      fc.property(text(digit, 9).filter(notRepeated), (base) => {
        expect(isValidCpf(cpfWithCheckDigits(base))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('CPF: the portal refuses any other check digit than the sandbox computes', () => {
    fc.assert(
      fc.property(
        text(digit, 9).filter(notRepeated),
        fc.integer({ min: 9, max: 10 }),
        digit,
        (base, pos, d) => {
          const doc = cpfWithCheckDigits(base);
          fc.pre(doc[pos] !== d);
          expect(isValidCpf(withOtherCheckDigit(doc, pos, d))).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('CNPJ (alphanumeric, 2026): every base completed by the sandbox is valid for the portal', () => {
    fc.assert(
      fc.property(text(alnum, 12).filter(notRepeated), (base) => {
        expect(isValidCnpj(cnpjWithCheckDigits(base))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('CNPJ: the portal refuses any other check digit than the sandbox computes', () => {
    fc.assert(
      fc.property(
        text(alnum, 12).filter(notRepeated),
        fc.integer({ min: 12, max: 13 }),
        digit,
        (base, pos, d) => {
          const doc = cnpjWithCheckDigits(base);
          fc.pre(doc[pos] !== d);
          expect(isValidCnpj(withOtherCheckDigit(doc, pos, d))).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('CNPJ: lower-case bases get the check digits of their upper-case form on both sides', () => {
    fc.assert(
      fc.property(text(alnum, 12).filter(notRepeated), (base) => {
        const doc = cnpjWithCheckDigits(base.toLowerCase());
        expect(doc).toBe(cnpjWithCheckDigits(base));
        expect(isValidCnpj(doc.toLowerCase())).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * Passwords drawn to hit the rules' edges: letters with and without case (ª, ß, 中), digits of
 * other scripts (٣ is \p{N} but not [0-9]), spaces of several kinds, symbols and astral characters.
 */
const passwordChar = fc.constantFrom(
  ...[
    'a',
    'Z',
    'é',
    'Ç',
    'ß',
    'ª',
    '中',
    '0',
    '7',
    '٣',
    ' ',
    '\t',
    '\u00a0',
    '\u2003',
    '@',
    '_',
    '€',
    '😀',
    '-',
    '.',
  ],
);
const password = fc.array(passwordChar, { maxLength: 14 }).map((a) => a.join(''));

describe('password rules: the bank refuses exactly what the portal refuses', () => {
  it('change-password rule (1-access §5): the same verdict on every password', () => {
    fc.assert(
      fc.property(password, (pw) => {
        expect(changeRuleErrors(pw).length === 0).toBe(checklistPasses(passwordChecklist(pw)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('strict rule (4-pix-part-two §5): the same verdict on every password', () => {
    fc.assert(
      fc.property(password, (pw) => {
        expect(strictRuleErrors(pw).length === 0).toBe(checklistPasses(strictPasswordChecklist(pw)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('also on arbitrary Unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 16 }), (pw) => {
        expect(changeRuleErrors(pw).length === 0).toBe(checklistPasses(passwordChecklist(pw)));
        expect(strictRuleErrors(pw).length === 0).toBe(checklistPasses(strictPasswordChecklist(pw)));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('recipient and TED fields: the bank refuses exactly what the portal refuses', () => {
  // Names drawn from the characters that matter to the rule: letters with and without accents,
  // the joiners the rule allows, digits and other signs it refuses, and spaces.
  const nameChar = fc.constantFrom(..."aAbZçÁéõ’'.-&1 ", '  ');
  const name = fc.array(nameChar, { maxLength: 60 }).map((a) => a.join(''));
  const CPF = '52998224725';
  const CNPJ = '12ABC34501DE35';

  it('the name rule, for a person (CPF) and for a company (CNPJ)', () => {
    fc.assert(
      fc.property(name, fc.constantFrom(CPF, CNPJ), (n, doc) => {
        const portal = validateRecipientName(n, doc) === undefined;
        const bank = nameProblems('name', n, doc).length === 0;
        expect(bank).toBe(portal);
      }),
      { numRuns: 2000 },
    );
  });

  it('named examples: two words of letters pass, one word or digits do not (CPF)', () => {
    for (const ok of ["Ana D'Ávila", 'José da Silva Jr.', 'Ana-Maria Souza']) {
      expect([validateRecipientName(ok, CPF), nameProblems('n', ok, CPF)]).toEqual([undefined, []]);
    }
    for (const bad of ['Ana', 'A Souza', 'Ana 2', 'Ana S0uza']) {
      expect(validateRecipientName(bad, CPF)).toBeDefined();
      expect(nameProblems('n', bad, CPF)).not.toEqual([]);
    }
  });

  it('branch, account number, digit and nickname', () => {
    const digits = fc.array(fc.constantFrom(...'0123456789a -'), { maxLength: 20 }).map((a) => a.join(''));
    fc.assert(
      fc.property(digits, digits, digits, (branch, account, digit) => {
        const portal = {
          branch: validateBranch(branch) === undefined,
          account: validateAccountNumber(account) === undefined,
          digit: validateAccountDigit(digit) === undefined,
        };
        const problems = bankAccountProblems({
          bankCode: ['bank', '001'],
          branch: ['branch', branch],
          account: ['account', account],
          digit: ['digit', digit],
        });
        expect({
          branch: !problems.some((p) => p.startsWith('branch:')),
          account: !problems.some((p) => p.startsWith('account:')),
          digit: !problems.some((p) => p.startsWith('digit:')),
        }).toEqual(portal);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (nick) => {
        expect(nicknameProblems(nick).length === 0).toBe(validateNickname(nick) === undefined);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('S-Transaction: the bank recomputes exactly the signature the portal sends', () => {
  // Amounts as the portal sends them: reais with at most two decimals, up to 13 characters typed.
  const amount = fc.integer({ min: 1, max: 99_999_999_999 }).map((cents) => cents / 100);
  const id = fc.uuid();
  const taxId = fc.constantFrom('529.982.247-25', '52998224725', '12.ABC.345/01DE-35', '12abc34501de35');

  it('TED', () => {
    fc.assert(
      fc.property(
        amount,
        id,
        fc.constantFrom('001', '341', '260'),
        fc.stringMatching(/^[0-9]{1,4}$/),
        fc.stringMatching(/^[0-9]{1,17}-[0-9]{1,2}$/),
        taxId,
        (total, source, bank, branch, account, doc) => {
          const portal = transactionSignature({
            kind: 'withdraw',
            sourceAccountId: source,
            withdraw: {
              currency: 'BRL',
              externalIdentifier: 'ext-1',
              totalAmount: total,
              withdrawInfo: {
                withdrawType: 'BankTransfer',
                bankTransfer: {
                  accountDestination: account,
                  accountTypeDestination: 'cc',
                  bankDestination: bank,
                  branchDestination: branch,
                  name: 'Ana Souza',
                  taxIdentifier: { country: 'BRA', taxId: doc },
                  personType: 'PERSON',
                },
              },
            },
          });
          const bankSide = tedSignature({
            totalAmount: total,
            sourceAccountId: source,
            bankDestination: bank,
            branchDestination: branch,
            accountDestination: account,
            taxId: doc,
          });
          expect(portal).toBe(bankSide);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('company transfer and bill', () => {
    fc.assert(
      fc.property(amount, id, id, fc.stringMatching(/^[0-9]{44,48}$/), (total, from, to, barcode) => {
        const payment = transactionSignature({
          kind: 'payment',
          payment: {
            currency: 'BRL',
            externalIdentifier: 'ext-1',
            paymentInfo: { transactionType: 'InternalTransfer' },
            recipients: [{ account: { accountId: to }, amount: total, currency: 'BRL' }],
            sender: { account: { accountId: from } },
            totalAmount: total,
          },
        });
        expect(payment).toBe(
          internalTransferSignature({ totalAmount: total, senderAccountId: from, recipientAccountId: to }),
        );
        const bill = transactionSignature({
          kind: 'withdraw',
          sourceAccountId: from,
          withdraw: {
            currency: 'BRL',
            externalIdentifier: 'ext-2',
            totalAmount: total,
            withdrawInfo: { withdrawType: 'Boleto', boleto: { barcode } },
          },
        });
        expect(bill).toBe(billSignature({ totalAmount: total, sourceAccountId: from, barcode }));
      }),
      { numRuns: 500 },
    );
  });
});
