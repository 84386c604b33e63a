/**
 * The vault search form (machines/validators/vault-search.ts; 4-pix-part-two.md §5 Vault search,
 * §9): radius digits only, at most 3, above 0; address letters (accents included), digits, spaces
 * and `/ . , -`, spaces collapsed, at least 10 characters; deposit value at most 9 digits, above 0;
 * the search only when all three pass. The bank's own re-check is sandbox/vaults.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY, MIN_VALUE } from '../../machines/validators/input-keys';
import {
  collapseAddress,
  DEPOSIT_MAX_CENTS,
  validateDepositValue,
  validateRadius,
  validateVaultAddress,
  validateVaultSearch,
  VAULT_KEYS,
} from '../../machines/validators/vault-search';

const ADDRESS_CHARS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789áàâãéêíóôõúüçÁÉÍÓÚÇ/.,- ',
];
const addressChar = fc.constantFrom(...ADDRESS_CHARS);
/** A string of the allowed characters whose collapsed form has `min` characters or more. */
const allowedAddress = (min: number) =>
  fc
    .array(addressChar, { minLength: min, maxLength: 120 })
    .map((cs) => cs.join(''))
    .filter((s) => collapseAddress(s).length >= min);

/** Centavos as a holder types them: '1.234,56' or '1234,56'. */
const typed = (cents: number, grouped: boolean): string => {
  const whole = Math.floor(cents / 100);
  const frac = String(cents % 100).padStart(2, '0');
  return `${grouped ? whole.toLocaleString('pt-BR') : String(whole)},${frac}`;
};

describe('validateRadius', () => {
  it('accepts every whole number from 1 to 999, with or without leading zeros within 3 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), (n) => {
        expect(validateRadius(String(n))).toBeUndefined();
        expect(validateRadius(String(n).padStart(3, '0'))).toBeUndefined();
      }),
    );
  });

  it('refuses zero, 4 digits or more, and anything but digits', () => {
    expect(validateRadius('0')).toBe(MIN_VALUE);
    expect(validateRadius('000')).toBe(MIN_VALUE);
    expect(validateRadius('')).toBe(EMPTY);
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10 ** 9 }), (n) => {
        expect(validateRadius(String(n))).toBe(VAULT_KEYS.RADIUS_DIGITS);
      }),
    );
    for (const v of ['1,5', '2.0', '-1', '1e2', 'dez', '1 0'])
      expect(validateRadius(v), v).toBe(VAULT_KEYS.RADIUS_DIGITS);
  });
});

describe('validateVaultAddress', () => {
  it('accepts any address of the allowed characters with 10 characters once collapsed', () => {
    fc.assert(
      fc.property(allowedAddress(10), (a) => {
        expect(validateVaultAddress(a)).toBeUndefined();
      }),
    );
  });

  it('collapses runs of spaces: the length that counts is the collapsed one', () => {
    fc.assert(
      fc.property(allowedAddress(1), fc.integer({ min: 1, max: 5 }), (a, n) => {
        const spread = collapseAddress(a).replace(/ /g, ' '.repeat(n));
        expect(collapseAddress(spread)).toBe(collapseAddress(a));
        expect(validateVaultAddress(spread)).toBe(validateVaultAddress(a));
      }),
    );
    expect(validateVaultAddress('R.      Sé 1')).toBe(VAULT_KEYS.ADDRESS_MIN);
    expect(validateVaultAddress('Rua Sé, 12')).toBeUndefined();
  });

  it('gives the minimum-address message under 10 characters', () => {
    fc.assert(
      fc.property(
        fc.array(addressChar, { minLength: 1, maxLength: 9 }).map((cs) => cs.join('')),
        (a) => {
          if (collapseAddress(a) === '') expect(validateVaultAddress(a)).toBe(EMPTY);
          else expect(validateVaultAddress(a)).toBe(VAULT_KEYS.ADDRESS_MIN);
        },
      ),
    );
  });

  it('refuses any character outside letters, digits, spaces and / . , -', () => {
    fc.assert(
      fc.property(
        allowedAddress(10),
        fc.constantFrom(...'#@!?;:*&%$()[]{}<>"\'+=_|\\~^`'),
        fc.nat(),
        (a, bad, at) => {
          const i = at % (a.length + 1);
          expect(validateVaultAddress(a.slice(0, i) + bad + a.slice(i))).toBe(VAULT_KEYS.ADDRESS_CHARACTERS);
        },
      ),
    );
  });
});

describe('validateDepositValue', () => {
  it('accepts every amount from 1 centavo to 9 digits (R$ 9.999.999,99), and refuses one centavo more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: DEPOSIT_MAX_CENTS }), fc.boolean(), (cents, grouped) => {
        expect(validateDepositValue(typed(cents, grouped))).toBeUndefined();
      }),
    );
    expect(validateDepositValue(typed(DEPOSIT_MAX_CENTS, true))).toBeUndefined();
    expect(validateDepositValue(typed(DEPOSIT_MAX_CENTS + 1, true))).toBe(VAULT_KEYS.DEPOSIT_DIGITS);
  });

  it('refuses zero, blanks and what is not an amount', () => {
    expect(validateDepositValue('0,00')).toBe(MIN_VALUE);
    expect(validateDepositValue(' ')).toBe(EMPTY);
    for (const v of ['abc', '-5,00', '1,234', '1.2.3,4'])
      expect(validateDepositValue(v), v).toBe(VAULT_KEYS.DEPOSIT_DIGITS);
  });
});

describe('validateVaultSearch', () => {
  it('gives the request only when all three fields pass, with the collapsed address and reais', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1200 }),
        fc.oneof(allowedAddress(10), fc.constant('curto')),
        fc.integer({ min: 0, max: DEPOSIT_MAX_CENTS + 10 }),
        (radius, address, cents) => {
          const values = { radius: String(radius), address, depositAmount: typed(cents, true) };
          const all =
            validateRadius(values.radius) === undefined &&
            validateVaultAddress(address) === undefined &&
            validateDepositValue(values.depositAmount) === undefined;
          const query = validateVaultSearch(values);
          expect(query !== undefined).toBe(all);
          if (query)
            expect(query).toEqual({ radius, address: collapseAddress(address), depositAmount: cents / 100 });
        },
      ),
    );
  });
});
