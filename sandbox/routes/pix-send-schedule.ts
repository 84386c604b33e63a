/**
 * A Pix for a later day (createWithdrawal with a later `scheduleDate`; issue 28): the order is
 * checked and kept when it is made (`schedule`), and sent on its day by the SPI sweep
 * (`runDueSchedules`, from routes/pix-send.ts's spiSweep). The schedules' own calls (list, read,
 * cancel) are in routes/pix-schedules.ts.
 */
import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { balanceCents } from '../db/ledger.ts';
import { catalogueError, ok, type ErrorName, type Reply } from '../http/replies.ts';
import { liveKey } from '../sim/dict.ts';
import { addDays, fromLocal, localDate } from '../sim/dates.ts';
import { checkPixLimits, DEVICE_PAYMENT_LIMIT_CENTS, isSessionDeviceValidated } from '../sim/pix-limits.ts';
import { newEndToEndId } from '../sim/spi.ts';
import { confirmationValid, spendConfirmation } from '../sim/totp.ts';
import { customer, header, remember } from './movement-common.ts';
import { postPix, type Creditor } from './pix-send-order.ts';
import type { CallInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/** How far ahead a Pix may be scheduled. */
export const MAX_SCHEDULE_DAYS = 365;
/** A scheduled Pix leaves at this São Paulo time of its day: after the night period. */
export const SCHEDULE_RUN_TIME = '07:00:00';

interface ScheduledOrder {
  cents: number;
  localInstrument: 'DICT' | 'MANU';
  creditor: Creditor;
  creditAccountId?: string;
  note?: string;
}

/**
 * A Pix for a later day: the order is checked now (fields, key and creditor, signature, security
 * code, the per-payment device limit) and kept; nothing is debited. The balance and the period
 * limits are checked on the day it leaves (runDueSchedules).
 */
export function schedule(
  input: Pick<CallInput, 'session' | 'headers'>,
  { db, now }: SandboxContext,
  s: {
    accountId: string;
    w: Schemas['Withdraw'];
    hash: string;
    paymentDate: string;
    signature: string;
    order: ScheduledOrder;
  },
): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  if (header(input, 's-transaction') !== s.signature) return catalogueError(422, 'signatureMismatch');
  const confirmed = {
    accountId: s.accountId,
    signature: s.signature,
    cents: s.order.cents,
    externalIdentifier: s.w.externalIdentifier,
  };
  const confirmation = header(input, 's-confirmation');
  if (!confirmation || !confirmationValid(db, confirmation, confirmed, now()))
    return catalogueError(403, 'confirmationRequired');
  const own = customer(db, s.accountId);
  if (!own) return catalogueError(404, 'notFound');
  const validated = isSessionDeviceValidated(db, session, now());
  if (!validated && s.order.cents > DEVICE_PAYMENT_LIMIT_CENTS)
    return catalogueError(422, 'pixDevicePaymentLimit');
  spendConfirmation(db, confirmation, confirmed, now());
  const id = Number(
    db
      .prepare(
        `INSERT INTO pix_schedules (account_id, holder_id, payment_date, amount_cents, creditor_name, recipient_alias,
           order_json, device_validated, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?)`,
      )
      .run(
        s.accountId,
        own.holder.id,
        s.paymentDate,
        s.order.cents,
        s.order.creditor.name,
        s.order.creditor.key ?? null,
        JSON.stringify(s.order),
        validated ? 1 : 0,
        now().toISOString(),
      ).lastInsertRowid,
  );
  const [y, m, d] = s.paymentDate.split('-');
  return remember(
    db,
    s.accountId,
    s.w.externalIdentifier,
    'createWithdrawal',
    s.hash,
    ok<Schemas['WithdrawResult']>({
      success: true,
      idPixPaymentSchedule: id,
      message: `Pix agendado para ${d}/${m}/${y}.`,
    }),
    now(),
  );
}

interface ScheduleRow {
  id: number;
  account_id: string;
  order_json: string;
  device_validated: number;
}

/**
 * Sends every scheduled Pix whose day has come (from 07:00 São Paulo), each once: with a new
 * end-to-end id of this bank, through the SPI like any other, after the balance and the period
 * limits of that moment; a Pix that cannot leave is FAILED with the catalogue error, nothing
 * debited.
 */
export function runDueSchedules(db: Database.Database, now: Date): void {
  const today = localDate(now);
  const upTo = now.getTime() >= fromLocal(today, SCHEDULE_RUN_TIME).getTime() ? today : addDays(today, -1);
  const due = db
    .prepare(
      "SELECT id, account_id, order_json, device_validated FROM pix_schedules WHERE status = 'ACTIVE' AND payment_date <= ? ORDER BY id",
    )
    .all(upTo) as ScheduleRow[];
  if (due.length === 0) return;
  db.transaction(() => {
    for (const row of due) {
      const order = JSON.parse(row.order_json) as ScheduledOrder;
      const own = customer(db, row.account_id);
      const key = order.creditor.key ? liveKey(db, order.creditor.key) : undefined;
      const failure: ErrorName | undefined = !own
        ? 'notFound'
        : order.creditor.key && key?.status !== 'ACTIVE'
          ? 'pixKeyNotFound'
          : (checkPixLimits(db, row.account_id, order.cents, now, row.device_validated === 1) ??
            (balanceCents(db, row.account_id) < order.cents ? 'insufficientBalance' : undefined));
      if (failure || !own) {
        db.prepare(
          "UPDATE pix_schedules SET status = 'FAILED', failure = ?, executed_at = ? WHERE id = ?",
        ).run(failure ?? 'notFound', now.toISOString(), row.id);
        continue;
      }
      const endToEndId = newEndToEndId(now);
      postPix(db, { ...order, accountId: row.account_id, endToEndId }, own, row.device_validated === 1, now, {
        external: `schedule-${row.id}`,
        ledger: `schedule:${row.id}`,
      });
      db.prepare(
        "UPDATE pix_schedules SET status = 'SENT', end_to_end_id = ?, executed_at = ? WHERE id = ?",
      ).run(endToEndId, now.toISOString(), row.id);
    }
  })();
}
