import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Brazilian institutions a TED may go to: machines/data/banks.json (bancos-brasileiros, BCB
 * lists; see that file's source and dates), the same list the portal's bank picker shows. Read as
 * data, not imported: the bank does not run the portal's code (DESIGN.md, Boundaries).
 */
export interface BankEntry {
  code: string;
  ispb: string;
  name: string;
}

const FILE = fileURLToPath(new URL('../../machines/data/banks.json', import.meta.url));

let byCode: Map<string, BankEntry> | undefined;

function table(): Map<string, BankEntry> {
  if (!byCode) {
    const data = JSON.parse(readFileSync(FILE, 'utf8')) as {
      banks: { code: string | null; ispb: string; name: string }[];
    };
    byCode = new Map();
    for (const b of data.banks) if (b.code) byCode.set(b.code, { code: b.code, ispb: b.ispb, name: b.name });
  }
  return byCode;
}

/** The institution of a 3-digit COMPE code, when it is on the list. */
export function bankByCode(code: string): BankEntry | undefined {
  return table().get(code);
}
