import { addDays } from './dates.ts';

/**
 * What a registered bill charges on a given day (2-money-movement.md §2 Bill payment, §5 Bill
 * amount: total = document − (discount + deductions) + (fine + interest)). The spec does not say
 * how the bank computes fine and interest; these are the rules of the registered-boleto platform
 * (CIP/Nova Plataforma de Cobrança) as a careful bank applies them:
 *
 * - A due date on a Saturday or Sunday may be paid on the next Monday without charges (national
 *   holidays are not modelled: the sandbox has no holiday calendar).
 * - After that, the fine is a one-off percentage of the document amount (in basis points; the
 *   consumer-protection code caps it at 2 %), and the late-payment interest is a monthly rate
 *   (basis points) pro rata die over the calendar days since the due date (30-day month).
 *   Each is rounded half up to the cent.
 * - A discount applies only up to the due date; deductions (abatimentos) always apply.
 * - A utility or tax slip (arrecadação) carries its amount in the barcode and its company adds the
 *   late charges to the next bill, so it has no fine or interest terms here.
 * - A bill with `lastPaymentDate` ("não receber após") is refused after that day.
 * - A bill with minimum and maximum amounts (a credit-card bill) accepts any amount in between.
 */
export interface BillTerms {
  dueDate: string | null;
  documentCents: number;
  discountCents: number;
  deductionsCents: number;
  fineBasisPoints: number;
  interestMonthlyBasisPoints: number;
  minimumCents: number | null;
  maximumCents: number | null;
  lastPaymentDate: string | null;
}

export interface BillCharges {
  discountCents: number;
  deductionsCents: number;
  fineCents: number;
  interestCents: number;
  /** document − (discount + deductions) + (fine + interest). */
  totalCents: number;
  /** Calendar days after the due date (0 when not overdue or paid on the next business day). */
  daysLate: number;
  /** False after lastPaymentDate. */
  payable: boolean;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The first day a due date may be paid without charges: a weekend moves it to Monday. */
export function chargeFreeUntil(dueDate: string): string {
  const weekday = new Date(`${dueDate}T00:00:00Z`).getUTCDay();
  if (weekday === 6) return addDays(dueDate, 2);
  if (weekday === 0) return addDays(dueDate, 1);
  return dueDate;
}

/** Half up to the cent of a non-negative amount in cents. */
const roundCents = (value: number) => Math.floor(value + 0.5 + 1e-9);

/** What the bill charges when paid on `today` (São Paulo calendar date, YYYY-MM-DD). */
export function billCharges(terms: BillTerms, today: string): BillCharges {
  const overdue = terms.dueDate !== null && today > chargeFreeUntil(terms.dueDate);
  const daysLate = overdue && terms.dueDate ? dayNumber(today) - dayNumber(terms.dueDate) : 0;
  const discountCents = overdue ? 0 : terms.discountCents;
  const fineCents = overdue ? roundCents((terms.documentCents * terms.fineBasisPoints) / 10_000) : 0;
  const interestCents = overdue
    ? roundCents((terms.documentCents * terms.interestMonthlyBasisPoints * daysLate) / (10_000 * 30))
    : 0;
  const totalCents = terms.documentCents - discountCents - terms.deductionsCents + fineCents + interestCents;
  const payable = terms.lastPaymentDate === null || today <= terms.lastPaymentDate;
  return {
    discountCents,
    deductionsCents: terms.deductionsCents,
    fineCents,
    interestCents,
    totalCents,
    daysLate,
    payable,
  };
}

/**
 * Whether `cents` pays the bill: any amount from the minimum to the maximum when the bill has
 * them (each defaulting to the other end: 1 cent, the total), else exactly the total.
 */
export function amountAccepted(terms: BillTerms, charges: BillCharges, cents: number): boolean {
  if (terms.minimumCents === null && terms.maximumCents === null) return cents === charges.totalCents;
  const min = terms.minimumCents ?? 1;
  const max = terms.maximumCents ?? charges.totalCents;
  return cents >= min && cents <= max;
}
