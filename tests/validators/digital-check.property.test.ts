/**
 * The QR field of /Receive (2-money-movement.md §5 QR field): every message in the order of §5,
 * the amount read exactly to the cent, whatever way the JSON writes it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QR_CHECK_KEYS,
  QR_CODE_DATA_MAX,
  readDigitalCheckQr,
  validateDigitalCheckQr,
} from '../../machines/validators/digital-check.ts';
import { VALIDATOR_MESSAGES } from '../../machines/validators/message-keys.ts';
import { RUNS } from './reference.ts';

const cents = fc.integer({ min: 1, max: 99_999_999_99 });
const qrData = fc
  .stringMatching(/^CHQ1\.[0-9A-F]{16}\.[1-9][0-9]{0,6}\.[0-9a-f]{32}$/)
  .filter((s) => s.length <= QR_CODE_DATA_MAX);

/** An amount in centavos as a pt-BR string with thousands dots (written here without Intl). */
function ptBr(c: number): string {
  const whole = String(Math.floor(c / 100));
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${grouped},${String(c % 100).padStart(2, '0')}`;
}

/** The ways a QR writes the same amount: a JSON number, the API form, pt-BR with and without R$. */
const valueForms = (c: number): (string | number)[] => [
  c / 100,
  `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`,
  ptBr(c),
  `R$ ${ptBr(c)}`,
];

const error = (text: string): string | undefined => validateDigitalCheckQr(text);

describe('digital check QR content (§5 QR field)', () => {
  it('reads a valid check in every form of the value, exact to the cent, qrCodeData trimmed', () => {
    fc.assert(
      fc.property(cents, qrData, fc.nat({ max: 3 }), fc.boolean(), (c, data, form, pretty) => {
        const value = valueForms(c)[form];
        const json = JSON.stringify({ value, qrCodeData: ` ${data} ` }, null, pretty ? 2 : undefined);
        expect(readDigitalCheckQr(json)).toEqual({ ok: true, check: { cents: c, qrCodeData: data } });
      }),
      RUNS,
    );
  });

  it('blank text is the empty error', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n\r]*$/), (blank) => {
        expect(error(blank)).toBe(QR_CHECK_KEYS.EMPTY);
      }),
      RUNS,
    );
  });

  it('text that is not JSON is "Erro ao formatar o QR Code!", before any other rule', () => {
    fc.assert(
      fc.property(cents, qrData, fc.nat(), (c, data, cut) => {
        const json = JSON.stringify({ value: c / 100, qrCodeData: data });
        // Any proper, non-blank prefix of an object's JSON does not parse.
        const prefix = json.slice(0, 1 + (cut % (json.length - 1)));
        expect(error(prefix)).toBe(QR_CHECK_KEYS.PARSE);
      }),
      RUNS,
    );
    expect(error("{ value: 1, qrCodeData: 'x' }")).toBe(QR_CHECK_KEYS.PARSE);
  });

  it('JSON that is not an object is "Formato de QR Code inválido!"', () => {
    const notObject = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      fc.array(fc.jsonValue()),
    );
    fc.assert(
      fc.property(notObject, (v) => {
        expect(error(JSON.stringify(v))).toBe(QR_CHECK_KEYS.FORMAT);
      }),
      RUNS,
    );
  });

  it('an empty value is "Value é obrigatório", whatever the qrCodeData', () => {
    const emptyValue = fc.constantFrom(undefined, null, '', '   ');
    const anyData = fc.oneof(qrData, fc.constant(''), fc.constant(undefined));
    fc.assert(
      fc.property(emptyValue, anyData, (value, qrCodeData) => {
        expect(error(JSON.stringify({ value, qrCodeData }))).toBe(QR_CHECK_KEYS.VALUE_REQUIRED);
      }),
      RUNS,
    );
  });

  it('a value whose digits are zero (or a negative amount) is the min-value error, before qrCodeData', () => {
    const zeroish = fc.constantFrom(0, '0', '0,00', 'R$ 0,00', '0.00', '-0', 'abc', '-', -1.5, '-2,00');
    const anyData = fc.oneof(qrData, fc.constant(''));
    fc.assert(
      fc.property(zeroish, anyData, (value, qrCodeData) => {
        expect(error(JSON.stringify({ value, qrCodeData }))).toBe(QR_CHECK_KEYS.MIN_VALUE);
      }),
      RUNS,
    );
  });

  it('a value with digits that is not an amount of two decimals is "Formato de QR Code inválido!"', () => {
    for (const value of ['12abc', '1,2,3', '12,345', 12.345, '1.23.456', true, { v: 1 }, [1]])
      expect(error(JSON.stringify({ value, qrCodeData: 'CHQ1.A.1.b' })), String(value)).toBe(
        QR_CHECK_KEYS.FORMAT,
      );
  });

  it('an empty qrCodeData is "QR Code Data é obrigatório"; one the bank cannot take is the format error', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(undefined, null, '', '  '), (c, qrCodeData) => {
        expect(error(JSON.stringify({ value: c / 100, qrCodeData }))).toBe(QR_CHECK_KEYS.DATA_REQUIRED);
      }),
      RUNS,
    );
    expect(error(JSON.stringify({ value: 1, qrCodeData: 12 }))).toBe(QR_CHECK_KEYS.FORMAT);
    expect(error(JSON.stringify({ value: 1, qrCodeData: 'x'.repeat(QR_CODE_DATA_MAX + 1) }))).toBe(
      QR_CHECK_KEYS.FORMAT,
    );
    expect(error(JSON.stringify({ value: 1, qrCodeData: 'x'.repeat(QR_CODE_DATA_MAX) }))).toBeUndefined();
  });

  it('changing the value of a valid QR changes the amount read: the screen shows what the bank moves', () => {
    fc.assert(
      fc.property(cents, cents, qrData, (a, b, data) => {
        fc.pre(a !== b);
        const read = (c: number) => readDigitalCheckQr(JSON.stringify({ value: ptBr(c), qrCodeData: data }));
        expect(read(a)).not.toEqual(read(b));
      }),
      RUNS,
    );
  });

  it('keeps the texts of §5 verbatim', () => {
    expect(VALIDATOR_MESSAGES[QR_CHECK_KEYS.PARSE]).toBe('Erro ao formatar o QR Code!');
    expect(VALIDATOR_MESSAGES[QR_CHECK_KEYS.FORMAT]).toBe('Formato de QR Code inválido!');
    expect(VALIDATOR_MESSAGES[QR_CHECK_KEYS.VALUE_REQUIRED]).toBe('Value é obrigatório');
    expect(VALIDATOR_MESSAGES[QR_CHECK_KEYS.DATA_REQUIRED]).toBe('QR Code Data é obrigatório');
  });
});
