import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './http/replies.ts';
import { CODE_ERRORS } from './routes/password.ts';
import { DEPOSIT_PIX_ERRORS } from './routes/deposit-pix.ts';
import { CONTACT_ERRORS } from './sim/contacts.ts';
import { CASH_ERRORS } from './sim/pix-cash.ts';
import { VAULT_ERRORS } from './sim/vaults.ts';
import { DEVICE_ERRORS } from './sim/devices.ts';

/**
 * Every error code the sandbox answers has a text in the portal's catalogue, in every language:
 * the portal looks up ERRORS.{group}.{code}, then ERRORS.API.{code}, then ERRORS.UNEXPECTED
 * (1-access-shell-statement.md §8). The catalogue is read as data, not imported: the bank does not
 * run the portal's code.
 */

const LOCALES = join(import.meta.dirname, '../src/i18n/locales');

type Tree = { [key: string]: unknown };

/** The ERRORS texts of a language: errors.json, the money movements' and the devices' groups. */
function errorsOf(lng: string): Tree {
  const read = (part: string) =>
    (JSON.parse(readFileSync(join(LOCALES, lng, `${part}.json`), 'utf8')) as { ERRORS: Tree }).ERRORS;
  return { ...read('errors'), ...read('errors-movements'), ...read('own-devices') };
}

function text(tree: Tree, group: string, code: number): unknown {
  const g = tree[group];
  return typeof g === 'object' && g !== null ? (g as Tree)[String(code)] : undefined;
}

/** What the sandbox sends: the catalogue of replies.ts, the code flow's codes, and the 500 of server.ts. */
const SENT: { group: string; code: number }[] = [
  ...Object.values(ERROR_CODES).map(({ group, code }) => ({ group, code })),
  ...Object.values(CODE_ERRORS).map(({ code }) => ({ group: 'PASSWORD', code })),
  ...Object.values(CASH_ERRORS).map(({ code }) => ({ group: 'PIXCASH', code })),
  ...Object.values(VAULT_ERRORS).map(({ group, code }) => ({ group, code })),
  ...Object.values(DEVICE_ERRORS).map(({ code }) => ({ group: 'DEVICE', code })),
  { group: 'GENERAL', code: 99 },
  ...Object.values(CONTACT_ERRORS).map(({ code }) => ({ group: 'RECIPIENT', code })),
  ...Object.values(DEPOSIT_PIX_ERRORS).map(({ code }) => ({ group: 'DEPOSIT', code })),
];

describe('error catalogue', () => {
  const languages = readdirSync(LOCALES);

  it('knows both languages', () => {
    expect(languages.sort()).toEqual(['en', 'pt-BR']);
  });

  it.each(languages)('has a text for every code the sandbox sends (%s)', (lng) => {
    const errors = errorsOf(lng);
    const missing = SENT.filter(({ group, code }) => {
      const found = text(errors, group, code) ?? text(errors, 'API', code);
      return typeof found !== 'string' || found.trim() === '';
    }).map(({ group, code }) => `${group}.${code}`);
    expect(missing).toEqual([]);
  });

  it('the e-mailed-code flow uses codes of its own, apart from the link code 30', () => {
    const codes = Object.values(CODE_ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(ERROR_CODES.invalidLink.code);
  });
});
