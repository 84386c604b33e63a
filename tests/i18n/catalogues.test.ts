/**
 * Every catalogue part file, of every area (other engineers' files too): the same files and the
 * same keys in pt-BR and en, the same interpolation variables, non-empty texts, and each top-level
 * key owned by one part only (DESIGN.md, Project decisions, i18n).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORCED_CATALOGUE_CODES } from '../../src/api/error-reading';
import { ERROR_KEYS } from '../../src/api/errors';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../../src/i18n/i18n';

const LOCALES = join(import.meta.dirname, '../../src/i18n/locales');

type Tree = { [key: string]: unknown };

function parts(lng: string): string[] {
  return readdirSync(join(LOCALES, lng))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

function load(lng: string, part: string): Tree {
  return JSON.parse(readFileSync(join(LOCALES, lng, `${part}.json`), 'utf8')) as Tree;
}

/** Leaf paths and their values, e.g. ['ERRORS.API.20', 'Credenciais inválidas!']. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? leaves(v as Tree, path)
      : [[path, v] as [string, unknown]];
  });
}

const variables = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();

const [base = DEFAULT_LANGUAGE, ...others] = SUPPORTED_LANGUAGES;

describe('i18n catalogue files', () => {
  it('every language folder exists and holds the same part files', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const lng of others) expect(parts(lng), `part files of ${lng}`).toEqual(parts(base));
  });

  describe.each(parts(base))('part %s', (part) => {
    const baseLeaves = new Map(leaves(load(base, part)));

    it.each(others)(`has the same keys in ${base} and %s`, (lng) => {
      const other = new Map(leaves(load(lng, part)));
      const missing = [...baseLeaves.keys()].filter((k) => !other.has(k));
      const extra = [...other.keys()].filter((k) => !baseLeaves.has(k));
      expect({ missingIn: missing, onlyIn: extra }, `${part}.json: ${base} vs ${lng}`).toEqual({
        missingIn: [],
        onlyIn: [],
      });
    });

    it.each(others)(`uses the same {{variables}} in ${base} and %s`, (lng) => {
      const other = new Map(leaves(load(lng, part)));
      const mismatched = [...baseLeaves]
        .filter(([k, v]) => typeof v === 'string' && typeof other.get(k) === 'string')
        .filter(([k, v]) => variables(v as string).join() !== variables(other.get(k) as string).join())
        .map(([k]) => k);
      expect(mismatched, `${part}.json`).toEqual([]);
    });

    it.each([...SUPPORTED_LANGUAGES])('has only non-empty strings as texts in %s', (lng) => {
      const bad = leaves(load(lng, part))
        .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
        .map(([k]) => k);
      expect(bad, `${lng}/${part}.json`).toEqual([]);
    });
  });

  // ERRORS is the one key parts share: errors.json travels with the first load, and the money
  // movements' groups (errors-movements.json) come with the signed-in areas, keeping /login small;
  // the devices' group (own-devices.json, a page-only part) comes with /DeviceList and the public /autentica page.
  const SHARED_TOP_LEVEL: Record<string, readonly string[]> = {
    ERRORS: ['errors', 'errors-movements', 'own-devices'],
  };

  it.each([...SUPPORTED_LANGUAGES])('each top-level key belongs to one part only (%s)', (lng) => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const part of parts(lng)) {
      for (const key of Object.keys(load(lng, part))) {
        const first = owner.get(key);
        if (SHARED_TOP_LEVEL[key]?.includes(part)) continue;
        if (first) clashes.push(`${key} in ${first}.json and ${part}.json`);
        else owner.set(key, part);
      }
    }
    expect(clashes).toEqual([]);
  });

  it.each([...SUPPORTED_LANGUAGES])('no text is defined in two parts (%s)', (lng) => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const part of parts(lng)) {
      for (const [key] of leaves(load(lng, part))) {
        const first = owner.get(key);
        if (first) clashes.push(`${key} in ${first}.json and ${part}.json`);
        else owner.set(key, part);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('the catalogue has every key the API layer produces', () => {
    const all = new Set(parts(base).flatMap((p) => leaves(load(base, p)).map(([k]) => k)));
    const needed = [
      ...Object.values(ERROR_KEYS),
      ...[...FORCED_CATALOGUE_CODES].map((c) => `ERRORS.API.${c}`),
      'ERRORS.API.16',
      'ERRORS.API.313',
      'ERRORS.INPUTS.EMPTY',
      'ERRORS.INPUTS.REQUIRED',
      'ERRORS.INPUTS.MIN_VALUE',
    ];
    expect(needed.filter((k) => !all.has(k))).toEqual([]);
  });

  it('has the texts the specification quotes', () => {
    const errors = new Map(leaves(load('pt-BR', 'errors')));
    const common = new Map(leaves(load('pt-BR', 'common')));
    expect(errors.get('ERRORS.API.20')).toBe('Credenciais inválidas!');
    expect(errors.get('ERRORS.SESSION_EXPIRED')).toBe('Login expirado.');
    expect(errors.get('ERRORS.INTERNAL')).toBe(
      'Erro interno da aplicação. Informar a mensagem a seguir para o administrador da aplicação:',
    );
    expect(errors.get('ERRORS.UNEXPECTED')).toBe('Ocorreu um erro inesperado. Tente novamente.');
    expect(errors.get('ERRORS.INPUTS.REQUIRED')).toBe('Campo obrigatório');
    expect(common.get('COMMON.NO_RECORDS')).toBe('Nenhum registro encontrado!');
    expect(common.get('COMMON.BUTTONS.LOGIN')).toBe('Entrar');
  });
});
