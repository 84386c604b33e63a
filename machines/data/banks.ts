/**
 * The Brazilian financial institutions: the TED form's bank picker (3-digit COMPE code and name,
 * 2-money-movement.md §2) and, later, the Pix institutions (ISPB and name). The list is data
 * copied into the repository with its source and date (banks.json), read by the portal and by the
 * sandbox, which refuses a TED to a code that is not on it.
 *
 * An ISPB is 8 characters that may in future contain letters (Pix API 2.9.0), so it is a string
 * and never checked as digits.
 */
import data from './banks.json' with { type: 'json' };

export interface Bank {
  /** 3-digit COMPE code. */
  code: string;
  /** 8-character ISPB. */
  ispb: string;
  name: string;
  shortName: string;
  /** Pix participation: direct, indirect, or none. */
  pix: 'DRCT' | 'IDRT' | null;
}

export const BANKS: readonly Bank[] = data.banks as Bank[];

const byCode = new Map(BANKS.map((bank) => [bank.code, bank]));

export function bankByCode(code: string): Bank | undefined {
  return byCode.get(code);
}
