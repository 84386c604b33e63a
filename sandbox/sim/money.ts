/**
 * The one amount rule of the bank (2-money-movement.md §5 Currency input; issue 27): an amount in
 * reais is accepted only when it is a whole number of cents above zero. A JSON number written with
 * at most two decimals parses to exactly the double nearest to cents / 100, and so does the
 * division cents / 100 (both are correctly rounded), so the test is an equality, not a tolerance:
 * 1e-9 (which a tolerance once rounded to 0 cents, then a 500 from the ledger), 0.001 and 10.005
 * are refused; 0.07 and 1234.56 are exactly 7 and 123456 cents.
 */

/**
 * The largest amount the bank reads, in cents (R$ 10 trillion): far above any limit of an account,
 * and low enough that every whole number of cents up to it survives reais → cents exactly (near
 * 2^53 the double of cents / 100, times 100, no longer rounds back to the same integer).
 */
export const MAX_AMOUNT_CENTS = 1e15;

/** The amount in cents when `amount` is a whole number of cents above zero, else undefined. */
export function wholeCents(amount: unknown): number | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
  const cents = Math.round(amount * 100);
  if (cents < 1 || cents > MAX_AMOUNT_CENTS || cents / 100 !== amount) return undefined;
  return cents;
}

/** Why `amount` breaks the rule, in the words of a field problem, or undefined when it does not. */
export function amountProblem(amount: unknown): string | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'must be a number';
  if (!(amount > 0)) return 'must be greater than 0';
  if (Math.round(amount * 100) > MAX_AMOUNT_CENTS) return 'too large';
  if (wholeCents(amount) === undefined)
    return 'must be a whole number of cents (at least 0.01, at most 2 decimals)';
  return undefined;
}
