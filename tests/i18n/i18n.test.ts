// @vitest-environment jsdom
/** src/i18n/i18n.ts: assembled resources, default and fallback language, setLanguage. */
import { afterAll, describe, expect, it } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  assembleResources,
  deepMerge,
  i18n,
  loadLanguageResources,
  resources,
  setLanguage,
  storedLanguage,
} from '../../src/i18n/i18n';

afterAll(async () => {
  await setLanguage('pt-BR');
  localStorage.clear();
});

describe('i18n setup', () => {
  it('starts in pt-BR with every part file merged into one translation namespace', () => {
    expect(i18n.language).toBe('pt-BR');
    expect(i18n.t('ERRORS.API.20')).toBe('Credenciais inválidas!');
    expect(i18n.t('COMMON.NO_RECORDS')).toBe('Nenhum registro encontrado!');
    // Only the default language is bundled; English is fetched when chosen.
    expect(Object.keys(resources)).toEqual(['pt-BR']);
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('loads a non-default language on demand', async () => {
    const loaded = await loadLanguageResources('en');
    expect(Object.keys(loaded)).toEqual(['en']);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('setLanguage switches, persists in localStorage and sets <html lang>', async () => {
    await setLanguage('en');
    expect(i18n.t('COMMON.BUTTONS.CANCEL')).toBe('Cancel');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await setLanguage('pt-BR');
    expect(i18n.t('COMMON.BUTTONS.CANCEL')).toBe('Cancelar');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('falls back to pt-BR for a key English lacks, and ignores an unknown stored language', () => {
    i18n.addResource('pt-BR', 'translation', 'TEST_ONLY.KEY', 'só em português');
    expect(i18n.t('TEST_ONLY.KEY', { lng: 'en' })).toBe('só em português');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('pt-BR');
  });

  it('interpolates variables', () => {
    expect(i18n.t('ERRORS.INPUTS.MAX_LENGTH', { max: 50 })).toBe('Máximo de 50 caracteres');
  });

  it('counts saved recipients with plural forms (issue 32: not "1 favorecidos")', () => {
    expect(i18n.t('RECIPIENTS.RECORDS', { count: 1 })).toBe('1 favorecido');
    expect(i18n.t('RECIPIENTS.RECORDS', { count: 0 })).toBe('Nenhum favorecido');
    expect(i18n.t('RECIPIENTS.RECORDS', { count: 12 })).toBe('12 favorecidos');
  });

  it('assembleResources deep-merges the parts of each language, in path order', () => {
    const res = assembleResources({
      './locales/pt-BR/b.json': { B: { X: 'b' }, SHARED: { TWO: '2' } },
      './locales/pt-BR/a.json': { A: 'a', SHARED: { ONE: '1' } },
      './locales/en/a.json': { A: 'a-en' },
      './not-a-locale.json': { Z: 'z' },
    });
    expect(res).toEqual({
      'pt-BR': { translation: { A: 'a', B: { X: 'b' }, SHARED: { ONE: '1', TWO: '2' } } },
      en: { translation: { A: 'a-en' } },
    });
  });

  it('deepMerge replaces leaves and merges branches', () => {
    expect(deepMerge({ A: { B: '1', C: '2' } }, { A: { C: '3', D: '4' } })).toEqual({
      A: { B: '1', C: '3', D: '4' },
    });
  });
});
