/**
 * Loads the bank list and its search (./bank-search.ts, 15 KB gzipped) once, after the page that
 * needs it has painted: the TED's bank field, the recipient form and the Pix institution step ask
 * for it when they mount, and show 'Carregando...' in its place until it is there (issue 26: the
 * list was a sixth of /TransferToBank's and /PixManual's first load). A failed fetch (offline, a
 * new deploy) is said (ERRORS.NETWORK) and asked again by the next field that mounts.
 */
import { useEffect, useState } from 'react';
import { loadOnce } from '../runtime/load-once';
import type * as BankSearch from './bank-search';

export type BankList = typeof BankSearch;

const bankList = loadOnce<BankList>(() => import('./bank-search'));

/** The list, fetched once. */
export const loadBankList = bankList.load;

/** Forgets the loaded list, as a fresh page would have it (for the view tests). */
export const forgetBankList = bankList.forget;

/** The list once loaded (at once when an earlier field loaded it), or whether its fetch failed. */
export interface BankListState {
  list: BankList | undefined;
  failed: boolean;
}

export function useBankList(): BankListState {
  const [state, setState] = useState<BankListState>({ list: bankList.loaded(), failed: false });
  useEffect(() => {
    if (state.list) return;
    let live = true;
    loadBankList().then(
      (list) => live && setState({ list, failed: false }),
      () => live && setState({ list: undefined, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [state.list]);
  return state;
}
