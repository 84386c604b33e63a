/**
 * The trusted-device forms (4-pix-part-two.md §5 Device alias, §6, §9; issue 30): the alias has at
 * least 5 characters (spaces around it and doubled inside do not count); adding asks the alias, the
 * user and the password; blocking asks the user and the password; the second factor asks the alias,
 * the user, the password and all 6 digits of the e-mailed code, with one missing-fields message
 * otherwise. The user name is sent with the prefix of the sign-in (username.ts). The bank re-checks
 * every rule (sandbox/sim/devices.ts: the same alias rule, DEVICE 150 and 151).
 */
import { detectUsername } from './username.ts';

/** §9: the device alias minimum. */
export const DEVICE_ALIAS_MIN_LENGTH = 5;

/** Message keys (texts in devices.json and message-keys.ts). */
export const DEVICE_KEYS = {
  ALIAS_SHORT: 'DEVICES.ERRORS.ALIAS_SHORT',
  MISSING_FIELDS: 'DEVICES.ERRORS.MISSING_FIELDS',
  USERNAME: 'LOGIN.ERRORS.INVALID_USERNAME',
} as const;

/** The alias as it is sent: trimmed, inner runs of spaces made one. */
export const normalizeDeviceAlias = (alias: string): string => alias.trim().replace(/\s+/g, ' ');

/** §5: null when the alias may be used, else its message key. */
export function validateDeviceAlias(alias: string): string | null {
  return [...normalizeDeviceAlias(alias)].length < DEVICE_ALIAS_MIN_LENGTH ? DEVICE_KEYS.ALIAS_SHORT : null;
}

/** Whether two aliases name the same device for the bank ('Apelido já cadastrado.'). */
export const sameDeviceAlias = (a: string, b: string): boolean =>
  normalizeDeviceAlias(a).toLocaleLowerCase('pt-BR') === normalizeDeviceAlias(b).toLocaleLowerCase('pt-BR');

/** The user name with the sign-in's prefix (§6), or null when it is no user name. */
export function deviceUsername(typed: string): string | null {
  const d = detectUsername(typed);
  return d.kind === 'invalid' ? null : d.value;
}

export interface DeviceCredentials {
  username: string;
  password: string;
}

/** Block or unblock (§5): user and password, the user a valid user name. */
export function validateCredentials(v: DeviceCredentials): string | null {
  if (v.username.trim() === '' || v.password === '') return DEVICE_KEYS.MISSING_FIELDS;
  return deviceUsername(v.username) === null ? DEVICE_KEYS.USERNAME : null;
}

/** Adding a device: the alias rule, then the credentials. */
export function validateNewDevice(v: DeviceCredentials & { alias: string }): string | null {
  if (v.alias.trim() === '') return DEVICE_KEYS.MISSING_FIELDS;
  return validateDeviceAlias(v.alias) ?? validateCredentials(v);
}

/** The second factor (§5): alias, user, password and the 6 digits, or the missing-fields message. */
export function validateSecondFactor(v: DeviceCredentials & { alias: string; code: string }): string | null {
  if (v.alias.trim() === '' || !/^\d{6}$/.test(v.code)) return DEVICE_KEYS.MISSING_FIELDS;
  return validateDeviceAlias(v.alias) ?? validateCredentials(v);
}
