/**
 * The name of each COMPE code of the Banco Central's list (machines/data/banks.json), without the
 * rest of the list: what the money-movement machines need to accept a TED's bank and to name it in
 * the withdrawal and the saved recipient. The whole list (ISPB, short names, Pix participation)
 * stays with the bank search (src/ui/bank-list.ts), fetched after the page has painted (issue 26).
 */
import data from './bank-names.json' with { type: 'json' };

const names: ReadonlyMap<string, string> = new Map(Object.entries(data.names));

/** The institution's name for a 3-digit COMPE code, or undefined when the code is not on the list. */
export function bankNameByCode(code: string): string | undefined {
  return names.get(code);
}
