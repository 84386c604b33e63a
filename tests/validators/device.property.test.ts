/**
 * The device alias and the device forms (machines/validators/device.ts; 4-pix-part-two.md §5 Device
 * alias, §9; issue 30), and the bank's own copy of the alias rule (sandbox/sim/devices.ts), which
 * must agree with the portal's on every alias.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_KEYS,
  normalizeDeviceAlias,
  sameDeviceAlias,
  validateCredentials,
  validateDeviceAlias,
  validateNewDevice,
  validateSecondFactor,
} from '../../machines/validators/device';
import { aliasKey, aliasProblem } from '../../sandbox/sim/devices';

const visible = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZçãéÍ0123456789-_'.split(''),
);
const spaces = fc.stringMatching(/^[ \t]{0,3}$/);
/** An alias of `n` visible characters, single spaces maybe between them. */
const aliasOf = (min: number, max: number) =>
  fc
    .array(fc.tuple(visible, fc.boolean()), { minLength: min, maxLength: max })
    .map((cs) => cs.map(([c, space], i) => (space && i > 0 ? ` ${c}` : c)).join(''));

describe('the device alias (§5: at least 5 characters)', () => {
  it('accepts 5 characters or more and refuses fewer, whatever spaces surround them', () => {
    fc.assert(
      fc.property(aliasOf(1, 30), spaces, spaces, (alias, before, after) => {
        const length = [...normalizeDeviceAlias(alias)].length;
        const problem = validateDeviceAlias(`${before}${alias}${after}`);
        expect(problem).toBe(length >= 5 ? null : DEVICE_KEYS.ALIAS_SHORT);
      }),
    );
  });

  it('the boundary: 4 characters are refused and 5 accepted', () => {
    expect(validateDeviceAlias('Casa')).toBe(DEVICE_KEYS.ALIAS_SHORT);
    expect(validateDeviceAlias('  Casa   ')).toBe(DEVICE_KEYS.ALIAS_SHORT);
    expect(validateDeviceAlias('Casa1')).toBeNull();
    expect(validateDeviceAlias('C a s')).toBeNull();
  });

  it('the portal and the bank agree on every alias, and on which two are the same', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), aliasOf(1, 12), (raw, alias) => {
        for (const a of [raw, alias]) expect(validateDeviceAlias(a) === null).toBe(aliasProblem(a) === null);
        const variant = `  ${alias.toUpperCase().replace(/ /g, '   ')} `;
        expect(sameDeviceAlias(alias, variant)).toBe(true);
        expect(aliasKey(alias)).toBe(aliasKey(variant));
        expect(sameDeviceAlias(alias, `${alias}x`)).toBe(false);
      }),
    );
  });
});

describe('the device forms (§5, §6)', () => {
  const good = { alias: 'Caixa da loja', username: 'contato@docesabor.com.br', password: 'Senha@123' };

  it('adding and blocking ask every field; an invalid user name is refused as at sign-in', () => {
    expect(validateNewDevice(good)).toBeNull();
    for (const field of ['alias', 'username', 'password'] as const)
      expect(validateNewDevice({ ...good, [field]: '' })).toBe(DEVICE_KEYS.MISSING_FIELDS);
    expect(validateNewDevice({ ...good, alias: 'Loja' })).toBe(DEVICE_KEYS.ALIAS_SHORT);
    expect(validateCredentials({ username: 'sem arroba', password: 'x' })).toBe(DEVICE_KEYS.USERNAME);
    expect(validateCredentials({ username: '45.281.763/0001-96', password: 'x' })).toBeNull();
  });

  it('the second factor needs all 6 digits of the code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,8}$/), (code) => {
        expect(validateSecondFactor({ ...good, code })).toBe(
          code.length === 6 ? null : DEVICE_KEYS.MISSING_FIELDS,
        );
      }),
    );
    expect(validateSecondFactor({ ...good, code: '12345a' })).toBe(DEVICE_KEYS.MISSING_FIELDS);
  });
});
