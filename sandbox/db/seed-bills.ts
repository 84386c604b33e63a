import type Database from 'better-sqlite3';
import { bankSlip, collectionSlip, type Boleto } from '../sim/boleto.ts';
import { addDays, fromLocal, localDate } from '../sim/dates.ts';
import { cnpjWithCheckDigits } from '../sim/documents.ts';
import type { BillData } from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { post } from './ledger.ts';
import { findAccount, findHolder } from './queries.ts';

/**
 * The bill registry the sandbox pays from (issue #14, 2-money-movement.md §2 Bill payment): bank
 * slips of several real banks (COMPE codes of machines/data/banks.json) and utility/tax slips
 * (energy, water, telecom, a municipal tax), with fictional beneficiaries whose CNPJs have right
 * check digits. Every line is built by code (sandbox/sim/boleto.ts) from today's date, so due dates
 * are always in the current factor cycle: some bills are due later, some overdue (the charges are
 * computed on the day of payment, sandbox/sim/bills.ts), one has minimum and maximum amounts, one
 * may no longer be paid, and one was already paid by Maria yesterday.
 */

export type SeedBillKey =
  | 'schoolBB'
  | 'condoOverdueBradesco'
  | 'cardItau'
  | 'rentExpiredCaixa'
  | 'gymPaidSantander'
  | 'shopInter'
  | 'coopOverdueSicoob'
  | 'energy'
  | 'waterOverdue'
  | 'telecom'
  | 'municipalTax';

export interface SeedBill {
  key: SeedBillKey;
  kind: 'BOLETO' | 'UTILITY';
  slip: Boleto;
  beneficiaryName: string;
  beneficiaryTaxId: string;
  dueDate: string;
  documentCents: number;
  discountCents?: number;
  deductionsCents?: number;
  fineBasisPoints?: number;
  interestMonthlyBasisPoints?: number;
  minimumCents?: number;
  maximumCents?: number;
  lastPaymentDate?: string;
}

/** Fine 2 % (the consumer-protection cap) and interest 1 % a month: the usual terms. */
const USUAL_TERMS = { fineBasisPoints: 200, interestMonthlyBasisPoints: 100 } as const;

/** A bank slip whose free field ("campo livre", bank-defined) is a fixed serial. */
function slip(bank: string, dueDate: string, cents: number, serial: number): Boleto {
  return bankSlip(bank, dueDate, cents, `${String(serial).padStart(11, '0')}20261100001${bank}`.slice(-25));
}

/** An arrecadação slip of `segment`, with the company id and the due date in the free field. */
function utility(
  segment: number,
  identifier: 6 | 8,
  cents: number,
  company: string,
  dueDate: string,
): Boleto {
  const consumer = `${dueDate.replaceAll('-', '')}${company}${segment}0000000000000`;
  return collectionSlip(segment, cents, company, consumer.slice(0, 25), identifier);
}

/** The registry for `today` (São Paulo date): due dates are relative to it. */
export function seedBills(today: string): SeedBill[] {
  const d = (days: number) => addDays(today, days);
  return [
    {
      key: 'schoolBB',
      kind: 'BOLETO',
      slip: slip('001', d(10), 85_000, 1),
      beneficiaryName: 'Colégio Horizonte Ltda',
      beneficiaryTaxId: cnpjWithCheckDigits('475829130001'),
      dueDate: d(10),
      documentCents: 85_000,
      discountCents: 4_250,
      ...USUAL_TERMS,
    },
    {
      key: 'condoOverdueBradesco',
      kind: 'BOLETO',
      slip: slip('237', d(-12), 123_045, 2),
      beneficiaryName: 'Condomínio Edifício Flores',
      beneficiaryTaxId: '38152746000193',
      dueDate: d(-12),
      documentCents: 123_045,
      ...USUAL_TERMS,
    },
    {
      key: 'cardItau',
      kind: 'BOLETO',
      slip: slip('341', d(5), 234_567, 3),
      beneficiaryName: 'Cartões Horizonte Administradora Ltda',
      beneficiaryTaxId: cnpjWithCheckDigits('583104720001'),
      dueDate: d(5),
      documentCents: 234_567,
      minimumCents: 35_185,
      maximumCents: 234_567,
      ...USUAL_TERMS,
    },
    {
      key: 'rentExpiredCaixa',
      kind: 'BOLETO',
      slip: slip('104', d(-3), 180_000, 4),
      beneficiaryName: 'Imobiliária Centro Ltda',
      beneficiaryTaxId: '60471829000102',
      dueDate: d(-3),
      documentCents: 180_000,
      lastPaymentDate: d(-3),
      ...USUAL_TERMS,
    },
    {
      key: 'gymPaidSantander',
      kind: 'BOLETO',
      slip: slip('033', d(3), 12_990, 5),
      beneficiaryName: 'Academia Corpo em Movimento Ltda',
      beneficiaryTaxId: cnpjWithCheckDigits('619273540001'),
      dueDate: d(3),
      documentCents: 12_990,
    },
    {
      key: 'shopInter',
      kind: 'BOLETO',
      slip: slip('077', d(20), 38_900, 6),
      beneficiaryName: 'Loja Virtual Bom Preço Ltda',
      beneficiaryTaxId: cnpjWithCheckDigits('730418260001'),
      dueDate: d(20),
      documentCents: 38_900,
    },
    {
      key: 'coopOverdueSicoob',
      kind: 'BOLETO',
      slip: slip('756', d(-40), 56_000, 7),
      beneficiaryName: 'Cooperativa Agro Vale Verde',
      beneficiaryTaxId: cnpjWithCheckDigits('847261350001'),
      dueDate: d(-40),
      documentCents: 56_000,
      deductionsCents: 6_000,
      ...USUAL_TERMS,
    },
    {
      key: 'energy',
      kind: 'UTILITY',
      slip: utility(3, 6, 18_743, '0048', d(7)),
      beneficiaryName: 'Companhia Paulista de Energia Elétrica',
      beneficiaryTaxId: cnpjWithCheckDigits('905162380001'),
      dueDate: d(7),
      documentCents: 18_743,
    },
    {
      key: 'waterOverdue',
      kind: 'UTILITY',
      slip: utility(2, 6, 9_618, '0097', d(-5)),
      beneficiaryName: 'Companhia de Saneamento do Vale',
      beneficiaryTaxId: cnpjWithCheckDigits('126384590001'),
      dueDate: d(-5),
      documentCents: 9_618,
    },
    {
      key: 'telecom',
      kind: 'UTILITY',
      slip: utility(4, 8, 14_999, '0152', d(12)),
      beneficiaryName: 'Vivacel Telecomunicações S.A.',
      beneficiaryTaxId: cnpjWithCheckDigits('238495160001'),
      dueDate: d(12),
      documentCents: 14_999,
    },
    {
      key: 'municipalTax',
      kind: 'UTILITY',
      slip: utility(1, 6, 31_250, '0711', d(15)),
      beneficiaryName: 'Prefeitura Municipal de Vila Serena - IPTU',
      beneficiaryTaxId: cnpjWithCheckDigits('349506270001'),
      dueDate: d(15),
      documentCents: 31_250,
      // A tax slip is paid by its due date; after it the city issues a new one with the charges.
      lastPaymentDate: d(15),
    },
  ];
}

/** Bill data as a movement and its receipt show it, for the charges of a payment. */
export function billDataOf(
  row: {
    beneficiary_name: string;
    beneficiary_tax_id: string;
    barcode: string;
    typeable_line: string;
    due_date: string | null;
    document_cents: number;
  },
  charges: { discountCents: number; deductionsCents: number; interestCents: number; fineCents: number },
): BillData {
  return {
    beneficiaryName: row.beneficiary_name,
    beneficiaryTaxId: row.beneficiary_tax_id,
    barcode: row.barcode,
    typeableLine: row.typeable_line,
    dueDate: row.due_date ?? '',
    documentCents: row.document_cents,
    discountCents: charges.discountCents,
    deductionsCents: charges.deductionsCents,
    interestCents: charges.interestCents,
    fineCents: charges.fineCents,
  };
}

/** Fixed ids of the seeded payment of gymPaidSantander, so the seed is the same every time. */
const PAID_BY_MARIA = {
  id: '7b1c0e52-5d1a-4c3e-9a61-00000000b111',
  externalIdentifier: 'seed-bill-000001',
};

/** Writes the registry for `now`'s date; Maria (`payerAccountId`) paid the gym's slip yesterday. */
export function insertBills(db: Database.Database, now: Date, payerAccountId: string): void {
  const today = localDate(now);
  const insert = db.prepare(
    `INSERT INTO bills (barcode, kind, typeable_line, beneficiary_name, beneficiary_tax_id, due_date,
       document_cents, discount_cents, deductions_cents, fine_bp, interest_monthly_bp, minimum_cents,
       maximum_cents, last_payment_date, credit_account_id, paid_transaction_id, paid_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?)`,
  );
  for (const b of seedBills(today)) {
    insert.run(
      b.slip.barcode,
      b.kind,
      b.slip.typeableLine,
      b.beneficiaryName,
      b.beneficiaryTaxId,
      b.dueDate,
      b.documentCents,
      b.discountCents ?? 0,
      b.deductionsCents ?? 0,
      b.fineBasisPoints ?? 0,
      b.interestMonthlyBasisPoints ?? 0,
      b.minimumCents ?? null,
      b.maximumCents ?? null,
      b.lastPaymentDate ?? null,
      addDays(today, -30),
    );
  }

  const paid = seedBills(today).find((b) => b.key === 'gymPaidSantander');
  const account = findAccount(db, payerAccountId);
  const holder = account ? findHolder(db, account.holder_id) : undefined;
  if (!paid || !account || !holder) return;
  const at = fromLocal(addDays(today, -1), '10:15:00');
  const tx = toTransaction({
    kind: 'BOLETO_PAYMENT',
    ...PAID_BY_MARIA,
    at,
    amountCents: paid.documentCents,
    accountId: payerAccountId,
    customer: { name: holder.name, taxId: holder.tax_id ?? '', accountNumber: account.number },
    bill: billDataOf(
      {
        beneficiary_name: paid.beneficiaryName,
        beneficiary_tax_id: paid.beneficiaryTaxId,
        barcode: paid.slip.barcode,
        typeable_line: paid.slip.typeableLine,
        due_date: paid.dueDate,
        document_cents: paid.documentCents,
      },
      { discountCents: 0, deductionsCents: 0, interestCents: 0, fineCents: 0 },
    ),
  });
  post(db, { ...tx, externalIdentifier: `${payerAccountId}:${PAID_BY_MARIA.externalIdentifier}` });
  db.prepare('UPDATE bills SET paid_transaction_id = ?, paid_at = ? WHERE barcode = ?').run(
    tx.id,
    at.toISOString(),
    paid.slip.barcode,
  );
}
