import { randomInt, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { BANK_ACCOUNTS, post } from '../db/ledger.ts';
import { OWN_BANK } from './bank.ts';
import { SPI_ANSWER_MS, utcMinute } from './spi.ts';

/**
 * Refunds (devoluções) a customer sends (issue 17; 4-pix-part-two.md §3, §5; domain notes §c:
 * pacs.004, nature ORIGINAL, reason MD06): the ids of a return and the life of one sent through
 * the SPI — recorded ACSP with the money in the in-flight account, settled to clearing when the
 * SPI's answer is due ({@link settleRefundsDue}, run before every call like the SPI's sweep). A
 * refund to a customer of this bank is one ledger transaction and ACSC at once (routes/pix-refunds.ts).
 */

/** The nature and reason of every return the portal asks (API Pix `natureza` ORIGINAL). */
export const REFUND_NATURE = { nature: 'ORIGINAL', reason: 'MD06' } as const;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomChars = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** A return id of this bank: D + ISPB + UTC yyyyMMddHHmm + 11 (domain notes §c). */
export function newReturnId(at: Date): string {
  return `D${OWN_BANK.ispb}${utcMinute(at)}${randomChars(11)}`;
}

export interface RefundRow {
  return_id: string;
  account_id: string;
  original_transaction_id: string;
  original_end_to_end_id: string;
  transaction_id: string;
  amount_cents: number;
  message_id: string;
  receiver_ispb: string;
  internal: number;
  status: 'ACSP' | 'ACSC';
  created_at: string;
  due_at: string;
  settled_at: string | null;
}

export interface NewRefund {
  returnId: string;
  accountId: string;
  originalTransactionId: string;
  originalEndToEndId: string;
  transactionId: string;
  cents: number;
  messageId: string;
  receiverIspb: string;
  internal: boolean;
  now: Date;
}

export function recordRefund(db: Database.Database, r: NewRefund): void {
  const at = r.now.toISOString();
  db.prepare(
    `INSERT INTO pix_refunds (return_id, account_id, original_transaction_id, original_end_to_end_id, transaction_id,
       amount_cents, message_id, receiver_ispb, internal, status, created_at, due_at, settled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.returnId,
    r.accountId,
    r.originalTransactionId,
    r.originalEndToEndId,
    r.transactionId,
    r.cents,
    r.messageId,
    r.receiverIspb,
    r.internal ? 1 : 0,
    r.internal ? 'ACSC' : 'ACSP',
    at,
    r.internal ? at : new Date(r.now.getTime() + SPI_ANSWER_MS).toISOString(),
    r.internal ? at : null,
  );
}

export function refundByReturnId(db: Database.Database, returnId: string): RefundRow | undefined {
  return db.prepare('SELECT * FROM pix_refunds WHERE return_id = ?').get(returnId) as RefundRow | undefined;
}

/**
 * Settles every return sent through the SPI whose answer is due by `now`, once: the money moves
 * from in-flight to clearing (bank accounts only). The sandbox's other institutions accept every
 * return: the account the money came from existed moments before.
 */
export function settleRefundsDue(db: Database.Database, now: Date): number {
  const due = db
    .prepare("SELECT * FROM pix_refunds WHERE status = 'ACSP' AND due_at <= ? ORDER BY due_at")
    .all(now.toISOString()) as RefundRow[];
  for (const row of due) {
    post(db, {
      id: randomUUID(),
      kind: 'PIX_SETTLEMENT',
      description: `Liquidação SPI devolução ${row.return_id}`,
      createdAt: new Date(row.due_at),
      externalIdentifier: `spi:settle:${row.return_id}`,
      entries: [
        { accountId: BANK_ACCOUNTS.pixInFlight, amountCents: -row.amount_cents },
        { accountId: BANK_ACCOUNTS.clearing, amountCents: row.amount_cents },
      ],
    });
    db.prepare(
      "UPDATE pix_refunds SET status = 'ACSC', settled_at = due_at WHERE return_id = ? AND status = 'ACSP'",
    ).run(row.return_id);
  }
  return due.length;
}

/** checkPixTransaction's answer for a refund. */
export function refundStatusOf(row: RefundRow) {
  return {
    transactionStatus: row.status,
    transactionIdMatera: row.transaction_id,
    endToEndId: row.return_id,
    reasonCode: null,
    reason: null,
    settledAt: row.settled_at,
    createdAt: row.created_at,
  };
}
