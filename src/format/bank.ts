/**
 * The bank that keeps the account, as the portal and every file it writes name it (issue 27).
 *
 * One code everywhere: the bank's COMPE code, 999, the one its receipts print ('999 - Banco
 * Sandbox S.A.', from the transaction detail's brinksBankAccount) and its boletos start with. The
 * OFX's BANKID is that code too: in OFX, BANKID is the bank's routing (clearing) number, which for
 * a Brazilian bank is its COMPE code (Itaú's files say 0341, Banco do Brasil's 001). The
 * specification's "bank id 0001" (1-access-shell-statement.md §2 Export dialog) is the branch,
 * 0001 (§9), which the OFX keeps in BRANCHID; writing it as the bank too named two banks for one
 * account. The sandbox bank declares the same code on its side (sandbox/sim/bank.ts, which may not
 * import this file); tests/agreement/bank-code.test.ts holds the two equal.
 */

/** The bank's COMPE code (3 digits). */
export const BANK_CODE = '999';
