import type { Translate } from '../format/additional-info';

/**
 * The statement's pt-BR texts as a translate function: the files are written in pt-BR whatever
 * the screen's language (./columns), with the receipt's labels (RECEIPT.FIELDS...).
 *
 * The catalogue is imported lazily, as i18n imports it, so that it stays a chunk of its own: a
 * static import from the two writers made the bundler fold it into a shared chunk that the route
 * map of index.html no longer recognised as the statement's catalogue (its first load then fetched
 * it late, outside the budget's count).
 */
export async function loadStatementPtBrText(): Promise<Translate> {
  const { default: texts } = await import('../i18n/locales/pt-BR/statement.json');
  return (key) => {
    let node: unknown = texts;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : key;
  };
}
