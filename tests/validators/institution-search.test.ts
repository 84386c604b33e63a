/**
 * The institution search shared by the TED bank field and the Pix institution step
 * (machines/data/institution-search.ts; issue 32 item 5): 'Nubank', '260', the ISPB and the
 * registered name all find Nu Pagamentos, accents and case ignored.
 */
import { describe, expect, it } from 'vitest';
import { BANKS } from '../../machines/data/banks';
import {
  BRAND_NAMES,
  bankByIspb,
  foldForSearch,
  indexInstitution,
  searchInstitutions,
} from '../../machines/data/institution-search';

/** The Pix participants as listPsps gives them: ISPB and one name. */
const PARTICIPANTS = BANKS.filter((b) => b.pix !== null).map((b) => ({ id: b.ispb, name: b.name }));
const find = (q: string) => searchInstitutions(q, PARTICIPANTS, (p) => indexInstitution(p.id, p.name));
const ids = (q: string) => find(q).map((p) => p.id);

const NU = '18236120';

describe('searchInstitutions', () => {
  it('finds Nu Pagamentos by its brand, its COMPE code, its ISPB and its registered name', () => {
    for (const q of ['Nubank', 'NUBANK', 'nubank ', '260', NU, '1823', 'nu pagamentos', 'NU PAGAMENTOS - IP'])
      expect(ids(q), q).toContain(NU);
    expect(ids('Nubank')).toEqual([NU]);
    expect(ids('260')).toEqual([NU]);
  });

  it('ignores accents and case, and needs every word at the start of a word of one name', () => {
    expect(ids('itau unib')).toContain('60701190');
    expect(ids('ITAÚ')).toContain('60701190');
    expect(ids('Itau')).toEqual(ids('itaú'));
    expect(ids('c6')).toContain('31872495');
    expect(ids('banco inter')).toContain('00416968');
    // 'pag' starts 'PAGAMENTOS', 'PagBank', 'PAGSEGURO': a word start, not any inner letters.
    expect(ids('agamentos')).toEqual([]);
    expect(ids('zzzz')).toEqual([]);
  });

  it('reads up to 3 digits as a COMPE code prefix and 4 or more as an ISPB prefix', () => {
    expect(find('00').every((p) => bankByIspb(p.id)?.code.startsWith('00'))).toBe(true);
    expect(find('0000').every((p) => p.id.startsWith('0000'))).toBe(true);
    expect(ids('00000000')).toEqual(['00000000']);
  });

  it('keeps every item, in order, for a blank search', () => {
    expect(find('   ')).toEqual(PARTICIPANTS);
  });

  it('names only institutions that are on the Banco Central list', () => {
    for (const ispb of Object.keys(BRAND_NAMES)) expect(bankByIspb(ispb), ispb).toBeDefined();
  });

  it('folds accents, case and spaces', () => {
    expect(foldForSearch('  Banco da   Amazônia ')).toBe('banco da amazonia');
  });
});
