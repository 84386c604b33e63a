import { randomInt, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { BANK_ACCOUNTS, post } from '../db/ledger.ts';
import { OWN_BANK } from './bank.ts';
import type { PixParty } from './movements/model.ts';
import { toTransaction } from './movements/to-transaction.ts';

/**
 * The simulated SPI (issue 16; 3-pix-part-one.md §4, §7, §9; domain notes §c): the ids of a
 * pacs.008 and the life of a Pix sent — recorded in pix_payments as ACSP with the
 * time the SPI answers, then settled (ACSC: in-flight → clearing) or rejected (RJCT: the money
 * back to the customer) by {@link settleDue}, which the server runs before every API request. No
 * timer: the bank's clock (`now`) decides, so tests move the clock instead of sleeping.
 */

/** How long the SPI takes to answer a payment (bank clock). */
export const SPI_ANSWER_MS = 2_000;
/**
 * How long a payment whose receiving participant never answers stays ACSP before the SPI gives
 * up (AB03) and the money is returned: far past the portal's polling bounds (52 s and 42 s).
 */
export const SPI_TIMEOUT_MS = 10 * 60_000;

/**
 * The SPI's reasons the bank answers (BCB's catalogue of pacs.002 reason codes for Pix), with the
 * Portuguese text the portal shows after 'Motivo:'.
 */
export const REJECTION_REASONS = {
  AC03: 'Conta do recebedor inexistente ou inválida.',
  AC06: 'Conta do recebedor bloqueada.',
  AC07: 'Conta do recebedor encerrada.',
  AB03: 'Tempo esgotado: a instituição do recebedor não respondeu.',
  AB09: 'Erro na instituição do recebedor.',
} as const;
export type RejectionCode = keyof typeof REJECTION_REASONS;

export const isRejectionCode = (code: string): code is RejectionCode => code in REJECTION_REASONS;

// ───────────────────────────── ids ─────────────────────────────

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomChars = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** UTC yyyyMMddHHmm. */
export const utcMinute = (at: Date) => at.toISOString().replace(/[-:T]/g, '').slice(0, 12);

/** A new end-to-end id of this bank: E + ISPB + UTC minute + 11 characters. */
export function newEndToEndId(at: Date): string {
  return `E${OWN_BANK.ispb}${utcMinute(at)}${randomChars(11)}`;
}

/** A new pacs.008 message id of this bank: M + ISPB + 23 characters. */
export function newMessageId(): string {
  return `M${OWN_BANK.ispb}${randomChars(23)}`;
}

/** Message id: M + this bank's ISPB + 23 letters/digits. */
export function messageIdProblem(msgId: string): string | undefined {
  const m = /^M([0-9A-Z]{8})[a-zA-Z0-9]{23}$/.exec(msgId);
  if (!m) return 'must be M, the ISPB and 23 letters or digits';
  if (m[1] !== OWN_BANK.ispb) return `the ISPB must be this bank's (${OWN_BANK.ispb})`;
  return undefined;
}

/** The embedded time may be 12 h from the SPI's processing (domain notes §c). */
export const END_TO_END_SKEW_MS = 12 * 3_600_000;

/**
 * End-to-end id of a payment this bank sends: E + this bank's ISPB + a real UTC minute within
 * 12 hours of `now` + 11 letters/digits.
 */
export function endToEndIdProblem(id: string, now: Date): string | undefined {
  const m = /^E([0-9A-Z]{8})([0-9]{12})[a-zA-Z0-9]{11}$/.exec(id);
  if (!m) return 'must be E, the ISPB, yyyyMMddHHmm (UTC) and 11 letters or digits';
  const [, ispb = '', stamp = ''] = m;
  if (ispb !== OWN_BANK.ispb) return `the ISPB must be this bank's (${OWN_BANK.ispb})`;
  const [y, mo, d, h, mi] = [0, 4, 6, 8, 10].map((i, k) => Number(stamp.slice(i, i + (k === 0 ? 4 : 2))));
  const at = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0));
  if (utcMinute(at) !== stamp) return 'the timestamp is not a real UTC minute';
  if (Math.abs(at.getTime() - now.getTime()) > END_TO_END_SKEW_MS)
    return 'the timestamp is more than 12 hours from now';
  return undefined;
}

// The limits a payment is checked against before it is recorded: sim/pix-limits.ts (issue 28).

// ───────────────────────────── payments ─────────────────────────────

export interface PixPaymentRow {
  end_to_end_id: string;
  account_id: string;
  holder_id: string;
  transaction_id: string;
  amount_cents: number;
  local_instrument: 'DICT' | 'MANU' | 'QRES' | 'QRDN';
  internal: number;
  creditor_ispb: string;
  creditor_branch: string;
  creditor_account: string;
  creditor_name: string;
  device_validated: number;
  status: 'ACSP' | 'ACSC' | 'RJCT';
  reason_code: string | null;
  created_at: string;
  due_at: string;
  settled_at: string | null;
  outcome: 'ACSC' | 'RJCT';
  outcome_reason: string | null;
  reversal_transaction_id: string | null;
  charge_id: string | null;
}

export function paymentByEndToEnd(db: Database.Database, endToEndId: string): PixPaymentRow | undefined {
  return db.prepare('SELECT * FROM pix_payments WHERE end_to_end_id = ?').get(endToEndId) as
    PixPaymentRow | undefined;
}

/** What the receiving participant of this account answers: its seeded rule, or ACSC. */
export function creditorAnswer(
  db: Database.Database,
  creditor: { ispb: string; branch: string; account: string },
): { outcome: 'ACSC' } | { outcome: 'RJCT'; reason: RejectionCode; afterMs: number } {
  const row = db
    .prepare('SELECT answer FROM spi_creditor_rules WHERE ispb = ? AND branch = ? AND account_number = ?')
    .get(creditor.ispb, creditor.branch, creditor.account) as { answer: string } | undefined;
  if (!row) return { outcome: 'ACSC' };
  if (row.answer === 'NEVER') return { outcome: 'RJCT', reason: 'AB03', afterMs: SPI_TIMEOUT_MS };
  return {
    outcome: 'RJCT',
    reason: isRejectionCode(row.answer) ? row.answer : 'AB09',
    afterMs: SPI_ANSWER_MS,
  };
}

export interface NewPixPayment {
  endToEndId: string;
  accountId: string;
  holderId: string;
  transactionId: string;
  cents: number;
  localInstrument: PixPaymentRow['local_instrument'];
  /** Credited at once in this bank (internal Pix, on-us): ACSC from the start. */
  internal: boolean;
  creditor: { ispb: string; branch: string; account: string; name: string };
  deviceValidated: boolean;
  chargeId?: string;
  now: Date;
}

/** Records a Pix sent: internal ones ACSC now, the others ACSP until the SPI's answer is due. */
export function recordPayment(db: Database.Database, p: NewPixPayment): void {
  const answer = p.internal ? ({ outcome: 'ACSC' } as const) : creditorAnswer(db, p.creditor);
  const due = new Date(
    p.now.getTime() + (p.internal ? 0 : answer.outcome === 'RJCT' ? answer.afterMs : SPI_ANSWER_MS),
  );
  db.prepare(
    `INSERT INTO pix_payments (end_to_end_id, account_id, holder_id, transaction_id, amount_cents, local_instrument,
       internal, creditor_ispb, creditor_branch, creditor_account, creditor_name, device_validated, status,
       reason_code, created_at, due_at, settled_at, outcome, outcome_reason, charge_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  ).run(
    p.endToEndId,
    p.accountId,
    p.holderId,
    p.transactionId,
    p.cents,
    p.localInstrument,
    p.internal ? 1 : 0,
    p.creditor.ispb,
    p.creditor.branch,
    p.creditor.account,
    p.creditor.name,
    p.deviceValidated ? 1 : 0,
    p.internal ? 'ACSC' : 'ACSP',
    p.now.toISOString(),
    due.toISOString(),
    p.internal ? p.now.toISOString() : null,
    answer.outcome,
    answer.outcome === 'RJCT' ? answer.reason : null,
    p.chargeId ?? null,
  );
}

/** The party a PIX_OUT was sent to, read back from its ledger row. */
function pixPartyOf(db: Database.Database, row: PixPaymentRow): PixParty {
  const tx = db
    .prepare(
      `SELECT e.counterpart_name AS name, e.counterpart_tax_id AS taxId FROM ledger_entries e
       WHERE e.transaction_id = ? AND e.account_id = ?`,
    )
    .get(row.transaction_id, row.account_id) as { name: string | null; taxId: string | null } | undefined;
  return {
    name: tx?.name ?? row.creditor_name,
    taxId: tx?.taxId ?? '',
    ispb: row.creditor_ispb,
    bankCode: '',
    bankName: '',
    branch: row.creditor_branch,
    account: row.creditor_account,
    accountType: 'cc',
  };
}

function customerParty(db: Database.Database, accountId: string) {
  const row = db
    .prepare(
      `SELECT h.name, h.tax_id AS taxId, a.number FROM accounts a JOIN account_holders h ON h.id = a.holder_id
       WHERE a.id = ?`,
    )
    .get(accountId) as { name: string; taxId: string | null; number: string };
  return { name: row.name, taxId: row.taxId ?? '', accountNumber: row.number };
}

/**
 * Applies every SPI answer due by `now`, each at most once (only a row still ACSP changes): ACSC
 * moves the money from in-flight to clearing (bank accounts only, not on the statement); RJCT
 * returns it to the customer with a reversal. Returns how many payments it settled.
 */
export function settleDue(db: Database.Database, now: Date): number {
  const due = db
    .prepare("SELECT * FROM pix_payments WHERE status = 'ACSP' AND due_at <= ? ORDER BY due_at")
    .all(now.toISOString()) as PixPaymentRow[];
  if (due.length === 0) return 0;
  db.transaction(() => {
    for (const row of due) {
      const at = new Date(row.due_at);
      if (row.outcome === 'ACSC') {
        post(db, {
          id: randomUUID(),
          kind: 'PIX_SETTLEMENT',
          description: `Liquidação SPI ${row.end_to_end_id}`,
          createdAt: at,
          externalIdentifier: `spi:settle:${row.end_to_end_id}`,
          entries: [
            { accountId: BANK_ACCOUNTS.pixInFlight, amountCents: -row.amount_cents },
            { accountId: BANK_ACCOUNTS.clearing, amountCents: row.amount_cents },
          ],
        });
        db.prepare(
          "UPDATE pix_payments SET status = 'ACSC', settled_at = ? WHERE end_to_end_id = ? AND status = 'ACSP'",
        ).run(at.toISOString(), row.end_to_end_id);
      } else {
        const reasonCode =
          row.outcome_reason && isRejectionCode(row.outcome_reason) ? row.outcome_reason : 'AB09';
        const tx = toTransaction({
          kind: 'PIX_REVERSAL',
          id: randomUUID(),
          externalIdentifier: `spi:reversal:${row.end_to_end_id}`,
          at,
          amountCents: row.amount_cents,
          accountId: row.account_id,
          customer: customerParty(db, row.account_id),
          reversalOf: row.transaction_id,
          to: pixPartyOf(db, row),
          endToEndId: row.end_to_end_id,
          reasonCode,
          reason: REJECTION_REASONS[reasonCode],
        });
        post(db, tx);
        db.prepare(
          `UPDATE pix_payments SET status = 'RJCT', reason_code = ?, settled_at = ?, reversal_transaction_id = ?
           WHERE end_to_end_id = ? AND status = 'ACSP'`,
        ).run(reasonCode, at.toISOString(), tx.id, row.end_to_end_id);
      }
    }
  })();
  return due.length;
}

/** The status answer of checkPixTransaction for a payment. */
export function statusOf(row: PixPaymentRow) {
  const code = row.reason_code && isRejectionCode(row.reason_code) ? row.reason_code : undefined;
  return {
    transactionStatus: row.status,
    transactionIdMatera: row.transaction_id,
    endToEndId: row.end_to_end_id,
    reasonCode: row.status === 'RJCT' ? (code ?? row.reason_code) : null,
    reason: row.status === 'RJCT' && code ? `${code} - ${REJECTION_REASONS[code]}` : null,
    settledAt: row.settled_at,
    // The payment's own time, which its statement entry and receipt show (issue 32).
    createdAt: row.created_at,
  };
}
