import { randomInt, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { balanceCents, post, type TransactionInput } from '../db/ledger.ts';
import { OWN_BANK } from '../sim/bank.ts';
import {
  medRefundCents,
  refundDueAt,
  sideOf,
  stepsDue,
  type InfractionStatus,
  type InfractionType,
} from '../sim/med.ts';
import { HISTORY_CODES } from '../sim/movements/model.ts';
import { instantPayment } from '../sim/movements/shape.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { utcMinute } from '../sim/spi.ts';
import { customer } from './movement-common.ts';
import { pixEntryByEndToEnd, type PixEntry } from './pix-statement.ts';

/**
 * The MED timeline applied to the bank's infractions (issue 31; the rules in sim/med.ts, the facts
 * in docs/domain-notes.md "MED"): before every call, like the SPI's sweep, each infraction whose
 * next step is due by `now` moves through every step due, each stamped at its own time, and each
 * accepted report whose refund is due brings the money back to the holder (a PIX_REFUND_IN of the
 * payment, nature MED_FRAUDE, reason FR01: domain notes §c), in part when only part of it is still
 * at the receiver. Both queries read a partial index, so a call with nothing due costs two lookups.
 */

/** The refund of a report the receiver accepted (the bacen/pix-api nature and reason, notes §c). */
export const MED_REFUND_NATURE = { nature: 'MED_FRAUDE', reason: 'FR01' } as const;

interface DueRow {
  id: number;
  account_id: string;
  end_to_end_id: string;
  type: InfractionType;
  status: InfractionStatus;
  reporter_ispb: string;
  created_at: string;
}

interface RefundDueRow {
  id: number;
  account_id: string;
  end_to_end_id: string;
  refund_due_at: string;
}

/** Moves every infraction due by `now`; then returns the money of every accepted report due. */
export function medSweep(db: Database.Database, now: Date): void {
  const due = db
    .prepare(
      `SELECT id, account_id, end_to_end_id, type, status, reporter_ispb, created_at
       FROM infractions WHERE next_step_at IS NOT NULL AND next_step_at <= ?`,
    )
    .all(now.toISOString()) as DueRow[];
  for (const row of due) advance(db, row, now);

  const refunds = db
    .prepare(
      `SELECT id, account_id, end_to_end_id, refund_due_at FROM infractions
       WHERE refunded_cents IS NULL AND refund_due_at IS NOT NULL AND refund_due_at <= ?`,
    )
    .all(now.toISOString()) as RefundDueRow[];
  for (const row of refunds) returnFunds(db, row);
}

/** The time of the step after `status`, or null when it is final. */
export function nextStepAt(
  reporterIspb: string,
  status: InfractionStatus,
  createdAt: Date,
  type: InfractionType,
): string | null {
  const far = new Date(8_640_000_000_000_000);
  const [next] = stepsDue(sideOf(reporterIspb, OWN_BANK.ispb), status, createdAt, type, far);
  return next ? next.at.toISOString() : null;
}

function advance(db: Database.Database, row: DueRow, now: Date): void {
  const createdAt = new Date(row.created_at);
  const steps = stepsDue(sideOf(row.reporter_ispb, OWN_BANK.ispb), row.status, createdAt, row.type, now);
  const last = steps.at(-1);
  if (!last) return;
  const accepted = steps.find((s) => s.analysisResult === 'AGREED');
  db.prepare(
    `UPDATE infractions SET status = ?, updated_at = ?, next_step_at = ?,
       analysis_result = COALESCE(?, analysis_result), refund_due_at = COALESCE(?, refund_due_at)
     WHERE id = ? AND status = ?`,
  ).run(
    last.status,
    last.at.toISOString(),
    nextStepAt(row.reporter_ispb, last.status, createdAt, row.type),
    last.analysisResult ?? null,
    accepted ? refundDueAt(accepted.at).toISOString() : null,
    row.id,
    row.status,
  );
}

/** The account the money of an on-us Pix went to, if the payment was one. */
function onUsReceiver(db: Database.Database, entry: PixEntry, accountId: string) {
  if (entry.row.kind !== 'PIX_INTERNAL') return undefined;
  const row = db
    .prepare(
      'SELECT account_id FROM ledger_entries WHERE transaction_id = ? AND account_id <> ? AND amount_cents > 0',
    )
    .get(entry.row.transaction_id, accountId) as { account_id: string } | undefined;
  return row ? customer(db, row.account_id) : undefined;
}

/** The institution the payment went to (the SPI's record), when the bank kept it. */
function receiverIspb(db: Database.Database, endToEndId: string): string | undefined {
  const row = db.prepare('SELECT creditor_ispb FROM pix_payments WHERE end_to_end_id = ?').get(endToEndId) as
    { creditor_ispb: string } | undefined;
  return row?.creditor_ispb;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function returnFunds(db: Database.Database, row: RefundDueRow): void {
  const at = new Date(row.refund_due_at);
  const entry = pixEntryByEndToEnd(db, row.account_id, row.end_to_end_id);
  const own = customer(db, row.account_id);
  const settle = (cents: number, transactionId: string | null) =>
    db
      .prepare('UPDATE infractions SET refunded_cents = ?, refund_transaction_id = ? WHERE id = ?')
      .run(cents, transactionId, row.id);
  if (!entry || !own) return void settle(0, null);
  const paid = -entry.row.amount_cents;
  const receiver = onUsReceiver(db, entry, row.account_id);
  // Another institution's customer: the sandbox's institutions hold the money they received (they
  // block it when the report arrives). A customer of this bank: what is left in their account.
  const atReceiver = receiver ? Math.max(0, balanceCents(db, receiver.account.id)) : paid;
  const cents = medRefundCents(paid, entry.row.refunded_cents, atReceiver);
  if (cents === 0) return void settle(0, null);

  // The return id is the receiver institution's (D + its ISPB); a payment of the seeded history
  // has no SPI record, and its return then carries this bank's ISPB.
  const ispb = receiver ? OWN_BANK.ispb : (receiverIspb(db, entry.endToEndId) ?? OWN_BANK.ispb);
  const returnId = `D${ispb}${utcMinute(at)}${Array.from({ length: 11 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;
  const from = {
    name: entry.row.counterpart_name ?? '',
    taxId: entry.row.counterpart_tax_id ?? '',
  };
  const ip = {
    ...instantPayment('withdrawReturn', returnId, from, own.party, undefined),
    originalTransactionId: entry.row.transaction_id,
    originalEndToEndId: entry.endToEndId,
    ...MED_REFUND_NATURE,
  };
  const description = `Devolução MED recebida - ${from.name}`;
  const detail = {
    instantPayment: ip,
    requestData: {
      description: 'Devolução especial (MED) de Pix contestado',
      registrationDate: at.toISOString(),
      effectiveDate: at.toISOString(),
      processingTime: '00:00:01',
    },
  };
  const built = toTransaction({
    kind: 'PIX_REFUND_IN',
    id: randomUUID(),
    externalIdentifier: `med:refund:${row.id}`,
    at,
    amountCents: cents,
    accountId: row.account_id,
    customer: own.party,
    refundOf: entry.row.transaction_id,
    returnId,
    from: { ...from, ispb, bankCode: '', bankName: ispb, branch: '', account: '', accountType: 'cc' },
  });
  const tx: TransactionInput = receiver
    ? {
        ...built,
        description,
        historyCode: HISTORY_CODES.PIX_REFUND_IN,
        detail,
        entries: [
          {
            accountId: receiver.account.id,
            amountCents: -cents,
            description: `Devolução MED enviada - ${own.party.name}`,
            counterpartName: own.party.name,
            counterpartTaxId: own.party.taxId,
          },
          {
            accountId: row.account_id,
            amountCents: cents,
            description,
            counterpartName: from.name,
            counterpartTaxId: from.taxId,
          },
        ],
      }
    : {
        ...built,
        description,
        detail,
        entries: built.entries.map((e) => (e.accountId === row.account_id ? { ...e, description } : e)),
      };
  post(db, tx);
  settle(cents, tx.id);
}
