/**
 * The SPI's rejection reasons (machines/pix/spi-rejections.ts; issue 32 item 3): the code read from
 * the bank's reason, what it points at, and a plain text for every code in both catalogues.
 */
import { describe, expect, it } from 'vitest';
import { SPI_REJECTION_CODES, rejectionCodeOf, rejectionFixOf } from '../../machines/pix/spi-rejections';
import en from '../../src/i18n/locales/en/pix.json';
import ptBR from '../../src/i18n/locales/pt-BR/pix.json';

describe('SPI rejection reasons', () => {
  it('reads the code that starts the bank reason', () => {
    expect(rejectionCodeOf('AC03 - Conta do recebedor inexistente ou inválida.')).toBe('AC03');
    expect(rejectionCodeOf('AB03')).toBe('AB03');
    expect(rejectionCodeOf('ZZ99 - desconhecido')).toBeNull();
    expect(rejectionCodeOf('Conta AC03')).toBeNull();
    expect(rejectionCodeOf(null)).toBeNull();
  });

  it('points account and holder reasons at the recipient, the rest (and none) at the payment', () => {
    for (const code of ['AC03', 'AC06', 'AC07', 'AC14', 'BE01', 'CH11'])
      expect(rejectionFixOf(`${code} - x`), code).toBe('recipient');
    for (const code of ['AB03', 'AB09', 'AM02', 'AM04', 'ED05'])
      expect(rejectionFixOf(`${code} - x`), code).toBe('payment');
    expect(rejectionFixOf(null)).toBe('payment');
    expect(rejectionFixOf('XX00 - ?')).toBe('payment');
  });

  it('has a plain text for every code, and one for an unknown reason, in both languages', () => {
    for (const catalogue of [ptBR, en]) {
      const meanings = catalogue.PIX.SEND.REJECTION_MEANING as Record<string, string>;
      for (const code of [...Object.keys(SPI_REJECTION_CODES), 'UNKNOWN'])
        expect(meanings[code], code).toMatch(/\S/u);
    }
  });
});
