/**
 * The Banco Central's list of institutions with its search (machines/data/banks.json,
 * machines/data/institution-search.ts), as the TED bank field and the Pix institution step use it.
 * 15 KB gzipped: it is never in a page's first load; src/ui/bank-list.ts loads it after the page
 * has painted (issue 26).
 */
import { BANKS, bankByCode, type Bank } from '../../machines/data/banks';
import {
  bankByIspb,
  foldForSearch,
  indexInstitution,
  searchInstitutions,
  type InstitutionIndexEntry,
} from '../../machines/data/institution-search';

export { bankByCode, bankByIspb, indexInstitution, searchInstitutions };

/** How a bank is written in the field and the list: '001 - Banco do Brasil S.A.'. */
export function bankLabel(bank: Pick<Bank, 'code' | 'name'>): string {
  return `${bank.code} - ${bank.name}`;
}

interface Indexed {
  bank: Bank;
  entry: InstitutionIndexEntry;
}

const INDEX: readonly Indexed[] = BANKS.map((bank) => ({
  bank,
  entry: indexInstitution(bank.ispb, bank.name),
}));

/**
 * The banks matching a search, as the Pix institution step finds them
 * (machines/data/institution-search.ts): by COMPE code ('00' finds 001 to 009, '237' Bradesco),
 * ISPB (4 digits or more), or every word starting a word of the full, short or brand name ('itau
 * unib' finds 'Itaú Unibanco S.A.', 'nubank' finds 260). A search that is a bank's label ('001 -
 * Banco do Brasil S.A.') finds that bank. Blank → all.
 */
export function searchBanks(query: string): Bank[] {
  const q = foldForSearch(query);
  const labelled = /^(\d{3}) - /.exec(q);
  if (labelled?.[1]) {
    const bank = bankByCode(labelled[1]);
    if (bank && foldForSearch(bankLabel(bank)) === q) return [bank];
  }
  return searchInstitutions(query, INDEX, (b) => b.entry).map((b) => b.bank);
}
