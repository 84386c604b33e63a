import { describe, expect, it } from 'vitest';
import {
  additionalInfoText,
  describeAdditionalInfo,
  readAdditionalInfo,
} from '../../src/format/additional-info';
import { formatAccountNumber } from '../../src/format/account';
import statementPtBr from '../../src/i18n/locales/pt-BR/statement.json';
import { BILL_INFO, PIX_IN_INFO, PIX_OUT_INFO, TED_OUT_INFO, TOPUP_INFO } from '../readers/statements';

const t = (key: string): string => {
  let node: unknown = statementPtBr;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing pt-BR text ${key}`);
  return node;
};
const line = (info: unknown, debit: boolean): string =>
  additionalInfoText(
    describeAdditionalInfo(typeof info === 'string' ? info : JSON.stringify(info), t, debit),
  );

describe('describeAdditionalInfo: the bank JSON as a person reads it', () => {
  it('says whom a Pix went to (CPF hidden, key, note) and who sent one', () => {
    expect(line(PIX_OUT_INFO, true)).toBe(
      'Destino: Fernanda Rodrigues Albuquerque · CPF/CNPJ: ***.533.447-** · Chave Pix: fernanda.albuquerque@exemplo.com.br · Descrição informada: Aluguel de novembro',
    );
    expect(line(PIX_IN_INFO, false)).toBe('Origem: João Pereira Lima');
  });

  it('gives a TED its bank data, a bill its beneficiary and due date, a top-up its operator and phone', () => {
    expect(line(TED_OUT_INFO, true)).toBe(
      'Destino: Ana Costa · CPF/CNPJ: ***.444.777-** · Banco: 341 - Itaú Unibanco · Agência: 1234 · Conta: 56789-0 · Tipo de conta: Conta Corrente',
    );
    expect(line(BILL_INFO, true)).toContain(
      'Beneficiário: Companhia de Energia Elétrica · Data de vencimento: 20/11/2026',
    );
    expect(line(TOPUP_INFO, true)).toBe('Operadora: Vivo · Telefone: (11) 98765-4321');
  });

  it('prints free text as it is, and nothing for JSON that says nothing to a person', () => {
    expect(line('Débito avulso:   ajuste', true)).toBe('Débito avulso: ajuste');
    expect(line('{"body":{"currency":"BRL","totalAmount":10}}', true)).toBe('');
    expect(line('', true)).toBe('');
    expect(readAdditionalInfo(null)).toEqual({});
  });
});

describe('formatAccountNumber: one form of the holder account everywhere', () => {
  it('pads to 7 digits as §9 asks of the exports', () => {
    expect(formatAccountNumber('123456')).toBe('0123456');
    expect(formatAccountNumber(' 1234567 ')).toBe('1234567');
    expect(formatAccountNumber('12345678')).toBe('12345678');
    expect(formatAccountNumber('56789-0')).toBe('56789-0');
  });
});
