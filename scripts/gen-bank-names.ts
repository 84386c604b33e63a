/**
 * Writes machines/data/bank-names.json from machines/data/banks.json: every COMPE code with its
 * institution's name, the one thing of the list the money-movement machines need (the TED's bank
 * rule and the name the withdrawal and the saved recipient carry). 6.7 KB gzipped against the
 * list's 13.7, so the transfer pages' first load does not carry the list (issue 26). The file is
 * generated, never edited; tests/validators/bank-names.test.ts fails when it and banks.json differ.
 *   npx tsx scripts/gen-bank-names.ts
 */
import { writeFileSync } from 'node:fs';
import { bankNamesOf } from '../machines/data/bank-names-of.ts';
import { BANKS } from '../machines/data/banks.ts';

const out = new URL('../machines/data/bank-names.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(bankNamesOf(BANKS), null, 2)}\n`);
