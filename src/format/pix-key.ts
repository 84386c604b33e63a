/**
 * A Pix key as people read it, on every screen and receipt that shows one (issue 32: keys were
 * shown raw, '+5521987651234', 'CNPJ: 12ABC34501DE35'): a CPF `000.000.000-00`, a CNPJ
 * `00.000.000/0000-00` (the 2026 alphanumeric CNPJ too: `12.ABC.345/01DE-35`), a phone
 * `+55 (21) 98765-1234`, an e-mail and a random key as they are. The key's type is the DICT's when
 * the caller knows it, else told by the key's shape (machines/validators/pix-key.ts); what is no
 * well-formed key (a CPF the DICT already masked, `***.456.789-**`) is shown as it came.
 */
import { dictKeyTypeOf, type DictKeyType } from '../../machines/validators/pix-key.ts';
import { maskCnpj, maskCpf, maskPhone } from './masks.ts';

/** The key formatted for reading (see the file's comment). */
export function formatPixKey(key: string, type?: DictKeyType | null): string {
  const kind = type ?? dictKeyTypeOf(key);
  switch (kind) {
    case 'CPF':
      return /^\d{11}$/.test(key) ? maskCpf(key) : key;
    case 'CNPJ':
      return /^[0-9A-Za-z]{12}\d{2}$/.test(key) ? maskCnpj(key) : key;
    case 'PHONE': {
      const national = key.replace(/^\+55/, '');
      return /^\+55\d{10,11}$/.test(key) ? `+55 ${maskPhone(national)}` : key;
    }
    default:
      return key;
  }
}
