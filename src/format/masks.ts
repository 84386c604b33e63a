/**
 * Input and display masks (1-access-shell-statement.md §5 Formatting helpers; 2-money-movement.md
 * §5). Every mask is idempotent (`mask(mask(x)) === mask(x)`) and keeps what the validators read
 * (`normalize(mask(x)) === normalize(x)` while `x` fits the mask). Masks cut extra characters,
 * so a field never grows past its maximum length. Partial values are masked progressively, as
 * the user types.
 */
import { normalizeCep } from '../../machines/validators/cep.ts';
import { normalizeCnpj } from '../../machines/validators/cnpj.ts';
import { normalizeCpf } from '../../machines/validators/cpf.ts';
import { normalizePhone } from '../../machines/validators/phone.ts';

/** Lays `chars` over a pattern where `#` is a slot; stops after the last character. */
function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '#') out += chars[i++];
    else out += p;
  }
  return out;
}

/** CPF mask `000.000.000-00`, at most 11 digits: `'52998224725'` → `'529.982.247-25'`. */
export function maskCpf(v: string): string {
  return applyPattern(normalizeCpf(v).slice(0, 11), '###.###.###-##');
}

/**
 * CNPJ mask `SS.SSS.SSS/SSSS-NN` for numeric and alphanumeric CNPJs: letters are kept and
 * upper-cased, anything but `[0-9A-Z]` is dropped, at most 14 characters:
 * `'12abc34501de35'` → `'12.ABC.345/01DE-35'`.
 */
export function maskCnpj(v: string): string {
  return applyPattern(
    normalizeCnpj(v)
      .replace(/[^0-9A-Z]/g, '')
      .slice(0, 14),
    '##.###.###/####-##',
  );
}

/**
 * CPF or CNPJ by what was typed (2-money-movement.md §5: "CPF up to 11 digits and CNPJ from 12"):
 * up to 11 digits → CPF mask; 12 characters or more, or any letter → CNPJ mask.
 */
export function maskTaxId(v: string): string {
  const n = normalizeCnpj(v).replace(/[^0-9A-Z]/g, '');
  return /^\d{0,11}$/.test(n) ? maskCpf(n) : maskCnpj(n);
}

/**
 * Phone mask `(DD) NNNNN-NNNN` (max 15 characters) for 11 digits, `(DD) NNNN-NNNN` while there
 * are 10 or fewer; a `+55` country code is removed first: `'+55 11 98765-4321'` →
 * `'(11) 98765-4321'`.
 */
export function maskPhone(v: string): string {
  const d = normalizePhone(v).slice(0, 11);
  return applyPattern(d, d.length === 11 ? '(##) #####-####' : '(##) ####-####');
}

/** CEP mask `NNNNN-NNN`, at most 8 digits. */
export function maskCep(v: string): string {
  return applyPattern(normalizeCep(v).slice(0, 8), '#####-###');
}

/**
 * A CPF for receipts with the first 3 and the last 2 digits hidden (1-access §5):
 * `'529.982.247-25'` → `'***.982.247-**'`. A value that is not 11 digits is fully hidden.
 */
export function hideCpf(v: string): string {
  const d = normalizeCpf(v);
  if (d.length !== 11) return '***.***.***-**';
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/**
 * A tax id for receipts: a CPF hidden as `hideCpf` does; a CNPJ (a company's public registry
 * number) masked in full.
 */
export function hideTaxId(v: string): string {
  const n = normalizeCnpj(v);
  return /^\d{11}$/.test(n) ? hideCpf(n) : maskCnpj(n);
}
