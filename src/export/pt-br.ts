import type { Translate } from '../format/additional-info';
import statementPtBr from '../i18n/locales/pt-BR/statement.json';

/**
 * The statement's pt-BR texts as a translate function: the files are written in pt-BR whatever
 * the screen's language (./columns), with the receipt's labels (RECEIPT.FIELDS...).
 */
export const statementPtBrText: Translate = (key) => {
  let node: unknown = statementPtBr;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
};
