/**
 * Finding a Brazilian institution the way a customer looks for it (issue 32 item 5): by the name it
 * is known by ('Nubank', 'Inter', 'C6'), its full or short registered name ('nu pagamentos'), its
 * 3-digit COMPE code ('260') or its 8-character ISPB ('18236120'), accents and case ignored. The
 * TED bank field (src/ui/bank-select.tsx) and the Pix institution step (PixManual) share it, so a
 * search that finds a bank in one finds it in the other.
 *
 * The registered names come from banks.json (the Banco Central's lists, see banks.ts); the brand
 * names below are the names these institutions trade under in their own apps, sites and ads
 * (nubank.com.br, bancointer.com.br, c6bank.com.br, picpay.com, ...), which the Banco Central's
 * lists do not carry. Keyed by ISPB, the participant's one stable id.
 */
import { BANKS, type Bank } from './banks.ts';

/** The trade names of the institutions customers most often send to, by ISPB (see above). */
export const BRAND_NAMES: Readonly<Record<string, readonly string[]>> = {
  '00000000': ['BB', 'Banco do Brasil'],
  '90400888': ['Santander'],
  '92702067': ['Banrisul'],
  '00416968': ['Inter'],
  '00360305': ['Caixa'],
  '16501555': ['Stone'],
  '30306294': ['BTG'],
  '92894922': ['Original'],
  '60746948': ['Bradesco'],
  '18236120': ['Nubank', 'Nu'],
  '08561701': ['PagBank', 'PagSeguro'],
  '10573521': ['Mercado Pago'],
  '31872495': ['C6 Bank', 'C6'],
  '60701190': ['Itaú'],
  '22896431': ['PicPay'],
  '37880206': ['Cora'],
  '20855875': ['Neon'],
  '59588111': ['BV'],
  '01181521': ['Sicredi'],
  '02038232': ['Sicoob'],
};

/** Lower case without accents or repeated spaces: 'Banco da Amazônia' → 'banco da amazonia'. */
export function foldForSearch(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** What a search looks at in one institution. */
export interface InstitutionIndexEntry {
  /** 3-digit COMPE code, when it has one. */
  code: string | undefined;
  ispb: string;
  /** Every name folded: full, short and brand names. */
  names: readonly string[];
}

const byIspb = new Map(BANKS.map((bank) => [bank.ispb, bank]));

/** The bank of an ISPB in the Banco Central's list, when it is there. */
export function bankByIspb(ispb: string): Bank | undefined {
  return byIspb.get(ispb);
}

/**
 * The entry of an institution known by its ISPB and a name (a Pix participant as the bank lists
 * it): the list's code, short name and brand names join it.
 */
export function indexInstitution(ispb: string, name: string): InstitutionIndexEntry {
  const bank = byIspb.get(ispb);
  const names = [name, bank?.name, bank?.shortName, ...(BRAND_NAMES[ispb] ?? [])].filter(
    (n): n is string => typeof n === 'string' && n !== '',
  );
  return { code: bank?.code, ispb, names: [...new Set(names.map(foldForSearch))] };
}

const wordsOf = (s: string): string[] => s.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

/**
 * Whether an institution matches a folded, non-blank search: up to 3 digits find the COMPE codes
 * that start with them ('00' finds 001 to 009, '260' Nu Pagamentos), 4 digits or more the ISPBs
 * ('1823' finds Nu Pagamentos' 18236120; a code has only 3); anything else
 * must have every word at the start of a word of one of its names ('nu' finds Nubank and 'NU
 * PAGAMENTOS', 'itau unib' finds 'Itaú Unibanco S.A.'), or a word equal to its code ('banco 237').
 */
export function matchesInstitution(folded: string, entry: InstitutionIndexEntry): boolean {
  if (/^\d+$/u.test(folded))
    return folded.length <= 3 ? (entry.code?.startsWith(folded) ?? false) : entry.ispb.startsWith(folded);
  const words = wordsOf(folded);
  return entry.names.some((name) => {
    const nameWords = wordsOf(name);
    return words.every((w) => w === entry.code || nameWords.some((nw) => nw.startsWith(w)));
  });
}

/** The items whose entry matches the search, in their order; a blank search keeps them all. */
export function searchInstitutions<T>(
  query: string,
  items: readonly T[],
  entryOf: (item: T) => InstitutionIndexEntry,
): T[] {
  const q = foldForSearch(query);
  if (q === '') return [...items];
  return items.filter((item) => matchesInstitution(q, entryOf(item)));
}
