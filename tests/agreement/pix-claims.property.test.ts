/**
 * Key claims (issue 30; 4-pix-part-two.md §4-§6): the portal's rules
 * (machines/validators/pix-claim.ts) as properties, and their agreement with the bank's
 * (sandbox/sim/claim-rules.ts): a key the form lets through for a kind of claim is one the bank
 * accepts for it; the actions a row offers are ones the bank allows to that side in that state
 * (Cancelar on a finished row excepted: it answers 'Processo finalizado…' without a call); the
 * periods end where the domain notes say.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLAIM_ACTIONS,
  clockStep,
  COMPLETION_PERIOD_MS,
  isClaimableKey,
  mayDo,
  RESOLUTION_PERIOD_MS,
  type ClaimStatus as BankStatus,
} from '../../sandbox/sim/claim-rules';
import { cnpjWithCheckDigits, cpfWithCheckDigits } from '../../sandbox/sim/documents';
import claimTexts from '../../src/i18n/locales/pt-BR/own-claims.json';
import {
  CLAIM_KEY_TYPES,
  CLAIM_STATUS_KEYS,
  CLAIM_KEYS,
  claimActionsOf,
  claimKeyError,
  claimKeyOf,
  claimRoleOf,
  isFinishedClaim,
  type ClaimKeyType,
  type ClaimRole,
  type ClaimStatus,
  type ClaimType,
} from '../../machines/validators/pix-claim';

const digit = fc.constantFrom(...'0123456789');
const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((a) => a.join(''));
const ddd = fc.constantFrom('11', '21', '31', '41', '51', '61', '71', '81', '91');

/** Typed keys of every type, as a person would type them (marks, spaces), valid ones included. */
const typedKey: fc.Arbitrary<{ keyType: ClaimKeyType; typed: string }> = fc.oneof(
  digits(9).map((b) => ({
    keyType: 'CPF' as const,
    typed: cpfWithCheckDigits(b).replace(/^(\d{3})(\d{3})/, '$1.$2.'),
  })),
  fc
    .array(alnum, { minLength: 12, maxLength: 12 })
    .map((a) => ({ keyType: 'CNPJ' as const, typed: cnpjWithCheckDigits(a.join('')) })),
  fc
    .tuple(ddd, digits(8))
    .map(([d, n]) => ({ keyType: 'PHONE' as const, typed: `(${d}) 9${n.slice(0, 4)}-${n.slice(4)}` })),
  fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/), fc.constantFrom('exemplo.com.br', 'mail.com'))
    .map(([u, d]) => ({ keyType: 'EMAIL' as const, typed: `${u}@${d}` })),
  fc
    .tuple(fc.constantFrom<ClaimKeyType>('CPF', 'CNPJ', 'PHONE', 'EMAIL'), fc.string({ maxLength: 20 }))
    .map(([keyType, typed]) => ({ keyType, typed })),
);
const claimType = fc.constantFrom<ClaimType>('PORTABILITY', 'OWNERSHIP');
const status = fc.constantFrom<ClaimStatus>('WAITING_RESOLUTION', 'CONFIRMED', 'COMPLETED', 'CANCELLED');
const role = fc.constantFrom<ClaimRole>('CLAIMER', 'DONOR');

describe('the claim key (§5)', () => {
  it('an ownership claim takes only a phone; a portability CPF, CNPJ, e-mail and phone', () => {
    fc.assert(
      fc.property(claimType, typedKey, (kind, { keyType, typed }) => {
        const error = claimKeyError(kind, keyType, typed);
        if (!CLAIM_KEY_TYPES[kind].includes(keyType)) expect(error).toBe(CLAIM_KEYS.TYPE);
        if (kind === 'OWNERSHIP' && keyType !== 'PHONE') expect(error).toBeDefined();
      }),
    );
  });

  it('a key the form lets through is sent as §5 says and the bank accepts it for that kind', () => {
    fc.assert(
      fc.property(claimType, typedKey, (kind, { keyType, typed }) => {
        if (claimKeyError(kind, keyType, typed) !== undefined) return;
        const key = claimKeyOf(keyType, typed);
        if (keyType === 'PHONE') expect(key).toMatch(/^\+55\d{10,11}$/);
        if (keyType === 'CPF') expect(key).toMatch(/^\d{11}$/);
        if (keyType === 'CNPJ') expect(key).toMatch(/^[0-9A-Z]{12}\d{2}$/);
        expect(isClaimableKey(kind, keyType, key)).toBe(true);
      }),
    );
  });

  it('an empty key is required; a short phone is refused', () => {
    expect(claimKeyError('PORTABILITY', 'EMAIL', '  ')).toBe(CLAIM_KEYS.REQUIRED);
    expect(claimKeyError('OWNERSHIP', 'PHONE', '(11) 9123-456')).toBe(CLAIM_KEYS.PHONE);
    expect(claimKeyError('PORTABILITY', 'CPF', '123')).toBe(CLAIM_KEYS.CPF);
    // And well-typed keys go, in the form §5 sends.
    expect(claimKeyError('OWNERSHIP', 'PHONE', '(11) 98765-4321')).toBeUndefined();
    expect(claimKeyOf('PHONE', '(11) 98765-4321')).toBe('+5511987654321');
    expect(claimKeyOf('CPF', '529.982.247-25')).toBe('52998224725');
    expect(claimKeyError('PORTABILITY', 'CNPJ', '12.ABC.345/01DE-35')).toBeUndefined();
  });
});

describe('sides and actions (§4, §6)', () => {
  const account = fc.record({ branch: digits(4), number: digits(6) });

  it('the side comes from the branch and number: claimer, donor or neither', () => {
    fc.assert(
      fc.property(account, account, account, (me, claimer, donor) => {
        const claim = {
          claimerBranch: claimer.branch,
          claimerAccount: claimer.number,
          donorBranch: donor.branch,
          donorAccount: donor.number,
        };
        const side = claimRoleOf(claim, me);
        const isClaimer = me.branch === claimer.branch && me.number === claimer.number;
        const isDonor = me.branch === donor.branch && me.number === donor.number;
        expect(side).toBe(isClaimer ? 'CLAIMER' : isDonor ? 'DONOR' : null);
      }),
    );
  });

  it('every action a row offers is one the bank allows, but Cancelar on a finished row', () => {
    fc.assert(
      fc.property(status, role, (s, r) => {
        for (const a of claimActionsOf(s, r)) {
          if (a === 'cancel' && isFinishedClaim(s)) continue;
          expect(mayDo(s as BankStatus, r, a), `${r} ${a} in ${s}`).toBe(true);
        }
      }),
    );
  });

  it('the donor has nothing while confirmed; a finished claim offers only Cancelar, and the bank nothing', () => {
    expect(claimActionsOf('CONFIRMED', 'DONOR')).toEqual([]);
    expect(CLAIM_ACTIONS.CONFIRMED.DONOR).toEqual([]);
    for (const s of ['COMPLETED', 'CANCELLED'] as const)
      for (const r of ['CLAIMER', 'DONOR'] as const) {
        expect(claimActionsOf(s, r)).toEqual(['cancel']);
        expect(CLAIM_ACTIONS[s][r]).toEqual([]);
      }
    expect(claimActionsOf('WAITING_RESOLUTION', null)).toEqual([]);
  });
});

describe('status labels (§4)', () => {
  it('every status has a pt-BR label: waiting resolution, confirmed, finished, cancelled', () => {
    const text = (key: string): unknown =>
      key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], claimTexts);
    expect(Object.values(CLAIM_STATUS_KEYS).map(text)).toEqual([
      'Aguardando resolução',
      'Aguardando resolução',
      'Confirmada',
      'Finalizada',
      'Cancelada',
    ]);
  });
});

describe('the periods on the clock (docs/domain-notes.md "DICT claims")', () => {
  it('before its deadline nothing happens; at it a portability is cancelled, an ownership confirmed, a confirmed claim completed', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
        claimType,
        (opened, elapsed, kind) => {
          const now = new Date(opened.getTime() + elapsed);
          const resolutionDeadline = new Date(opened.getTime() + RESOLUTION_PERIOD_MS);
          const waiting = clockStep(
            { status: 'WAITING_RESOLUTION', claimType: kind, resolutionDeadline, completionDeadline: null },
            now,
          );
          if (elapsed < RESOLUTION_PERIOD_MS) expect(waiting).toBeNull();
          else expect(waiting).toBe(kind === 'PORTABILITY' ? 'cancelUnanswered' : 'confirmByDefault');
          const completionDeadline = new Date(opened.getTime() + COMPLETION_PERIOD_MS);
          const confirmed = clockStep(
            { status: 'CONFIRMED', claimType: kind, resolutionDeadline, completionDeadline },
            now,
          );
          expect(confirmed).toBe(elapsed < COMPLETION_PERIOD_MS ? null : 'completeAtDeadline');
          for (const s of ['COMPLETED', 'CANCELLED'] as const)
            expect(
              clockStep({ status: s, claimType: kind, resolutionDeadline, completionDeadline }, now),
            ).toBeNull();
        },
      ),
    );
  });

  it('the whole process ends within 14 days of the opening', () => {
    expect(RESOLUTION_PERIOD_MS + COMPLETION_PERIOD_MS).toBe(14 * 86_400_000);
  });
});
