/**
 * The Banco Central's list of institutions (machines/data/banks.json), loaded when a confirmation
 * first needs a name the bank's participants list may not give: its chunk is 15 KB gzipped, more
 * than /PixKey's and /PixCopyPaste's first load may grow (scripts/bundle-budget.ts). Until it has
 * loaded (or `wanted` is false) the answer is undefined and the name falls back to the ISPB.
 */
import { useEffect, useState } from 'react';

type Lookup = (ispb: string) => { name: string } | undefined;

export function useBankByIspb(wanted: boolean): Lookup | undefined {
  const [lookup, setLookup] = useState<Lookup>();
  useEffect(() => {
    if (!wanted || lookup) return;
    let live = true;
    void import('../../../../machines/data/institution-search').then((m) => {
      if (live) setLookup(() => m.bankByIspb);
    });
    return () => {
      live = false;
    };
  }, [wanted, lookup]);
  return lookup;
}
