/**
 * The free-text search of the statements (1-access-shell-statement.md §5: "matches the
 * description or the formatted amount, case-insensitive"; 3-pix-part-one.md §2 Pix statement).
 * The match also ignores accents ('saque' finds 'Saque em espécie', 'especie' finds 'espécie')
 * and spacing, including the non-breaking space Intl puts after `R$`.
 */

const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Lower case, accents removed, every run of whitespace made one space, trimmed. */
export function foldForSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

/** The ways the amount may be written: `1.234,56`, `1234,56`, `r$1.234,56`, and the same with `-`. */
function amountForms(amount: number): string[] {
  if (!Number.isFinite(amount)) return [];
  const formatted = plain.format(Math.abs(amount));
  const forms = [formatted, formatted.replace(/\./g, ''), `r$${formatted}`];
  return amount < 0 ? [...forms, ...forms.map((f) => `-${f}`), `-r$${formatted}`, `r$-${formatted}`] : forms;
}

/**
 * Whether a statement entry matches the search `query`: an empty query matches everything;
 * otherwise the folded query must occur in the folded description or in one of the pt-BR forms
 * of the amount (`'1.234,56'`, `'R$ 1.234,56'`, `'1234,56'`, with or without the minus sign of a
 * debit), spaces ignored. `amount` is in reais, as the API sends it.
 */
export function matchesStatementSearch(
  entry: { description: string; amount: number },
  query: string,
): boolean {
  const q = foldForSearch(query);
  if (q === '') return true;
  if (foldForSearch(entry.description).includes(q)) return true;
  const compact = q.replace(/ /g, '');
  return amountForms(entry.amount).some((f) => f.includes(compact));
}
