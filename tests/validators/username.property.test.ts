import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUserLogin } from '../../demo/users.ts';
import { detectUsername, validateUsername } from '../../machines/validators/username.ts';
import {
  RUNS,
  refMaskCnpj,
  refMaskCpf,
  validAlnumCnpj,
  validCpf,
  validEmail,
  validMobile,
  validNumericCnpj,
} from './reference.ts';

const isPhoneShaped = (d: string): boolean => d[2] === '9';

describe('login user name detection (1-access §5 Login)', () => {
  it('a generated e-mail is an e-mail, sent as typed (trimmed)', () => {
    fc.assert(
      fc.property(validEmail, (e) => {
        expect(detectUsername(`  ${e} `)).toEqual({ kind: 'email', value: e, ambiguous: false });
        expect(validateUsername(e)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('a valid CPF is a tax id with the BRA prefix; bare digits that also fit a phone are flagged ambiguous', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        const bare = detectUsername(cpf);
        expect(bare.kind).toBe('taxId');
        expect(bare.value).toBe(`BRA${cpf}`);
        expect(bare.ambiguous).toBe(isPhoneShaped(cpf));
        expect(detectUsername(refMaskCpf(cpf))).toEqual({
          kind: 'taxId',
          value: `BRA${cpf}`,
          ambiguous: false,
        });
      }),
      RUNS,
    );
  });

  it('flags ambiguity when a valid CPF is also a valid mobile phone', () => {
    const both = validCpf.filter(isPhoneShaped);
    fc.assert(
      fc.property(both, (cpf) => {
        expect(detectUsername(cpf)).toEqual({ kind: 'taxId', value: `BRA${cpf}`, ambiguous: true });
      }),
      RUNS,
    );
    expect(detectUsername('52998224725')).toEqual({
      kind: 'taxId',
      value: 'BRA52998224725',
      ambiguous: true,
    });
  });

  it('numeric and alphanumeric CNPJs (masked, bare, lower-case) are tax ids, even with letters', () => {
    fc.assert(
      fc.property(fc.oneof(validNumericCnpj, validAlnumCnpj), (cnpj) => {
        for (const v of [cnpj, refMaskCnpj(cnpj), cnpj.toLowerCase()]) {
          expect(detectUsername(v)).toEqual({ kind: 'taxId', value: `BRA${cnpj}`, ambiguous: false });
        }
      }),
      RUNS,
    );
  });

  it('an 11-digit mobile that is not a CPF is a phone, sent with +55', () => {
    fc.assert(
      fc.property(validMobile, (m) => {
        const d = detectUsername(m);
        if (d.kind === 'taxId') {
          expect(d.ambiguous).toBe(true);
        } else {
          expect(d).toEqual({ kind: 'phone', value: `+55${m}`, ambiguous: false });
        }
        expect(detectUsername(`(${m.slice(0, 2)}) ${m.slice(2, 7)}-${m.slice(7)}`)).toEqual({
          kind: 'phone',
          value: `+55${m}`,
          ambiguous: false,
        });
        expect(detectUsername(`+55${m}`).value).toBe(`+55${m}`);
      }),
      RUNS,
    );
  });

  // The bank signs in with each demo user name (sandbox/server.test.ts 'signs in with $kind'): what
  // the login page sends for each name as a person types it must be that user name, so the browser
  // signs in with only some of them (e2e/access.spec.ts).
  it('each demo login, typed as the banner prints it (a CPF also bare), is sent as the user name the bank signs in with', () => {
    const logins = Object.values(DEMO_USERS).flatMap((u): readonly DemoUserLogin[] => u.logins);
    expect(logins.length).toBeGreaterThan(5);
    for (const login of logins) {
      expect(detectUsername(login.typed).value, login.typed).toBe(login.username);
      if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(login.typed))
        expect(detectUsername(login.typed.replace(/\D/g, '')).value, 'bare CPF').toBe(login.username);
    }
  });

  it('rejects the rest; blank is required', () => {
    for (const v of [
      'abc',
      'maria@',
      '1198765432',
      '11887654321',
      '529.982.247-26',
      '11.222.333/0001-80',
      'ABCDEFGHIJKL81',
    ]) {
      expect(detectUsername(v).kind).toBe('invalid');
      expect(validateUsername(v)).toBe('LOGIN.ERRORS.INVALID_USERNAME');
    }
    expect(validateUsername('')).toBe('ERRORS.INPUTS.REQUIRED');
    expect(validateUsername('   ')).toBe('ERRORS.INPUTS.REQUIRED');
  });
});
