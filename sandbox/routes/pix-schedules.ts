import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { badRequest, catalogueError, ok, type Reply } from '../http/replies.ts';
import { reais } from '../sim/movements/shape.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Scheduled Pix (issue 28; 4-pix-part-two.md §2 /PixShedulingPage, §3, §7, §9; contract
 * listPixSchedulesPaged, listPixSchedules, getPixSchedule, deletePixSchedule). The schedules are
 * made by createWithdrawal with a later `scheduleDate` and run by the SPI sweep
 * (routes/pix-send-schedule.ts runDueSchedules); here they are listed, read and deleted. A deleted schedule
 * is kept as CANCELLED (it never runs) and is no longer listed; a SENT or FAILED one is history and
 * cannot be deleted (422 PIXSCHED 110).
 */

/** §9: the grid offers 5, 10 and 20 rows; the bank answers at most the largest. */
export const MAX_SCHEDULE_PAGE_SIZE = 20;

/** The grid's sortable fields and their columns (default: the id, §9). */
const SORTABLE: Record<string, string> = {
  idPixPaymentSchedule: 'id',
  paymentDate: 'payment_date',
  createdAt: 'created_at',
  value: 'amount_cents',
};

export interface PixScheduleRow {
  id: number;
  account_id: string;
  payment_date: string;
  amount_cents: number;
  creditor_name: string;
  recipient_alias: string | null;
  order_json: string;
  status: 'ACTIVE' | 'SENT' | 'FAILED' | 'CANCELLED';
  end_to_end_id: string | null;
  failure: string | null;
  created_at: string;
  executed_at: string | null;
}

/**
 * The reason a run stored (a catalogue error name) as the contract's PixScheduleFailure: every
 * Pix limit (the fixed caps of today and the holder's own limits that replace them) is LIMIT.
 */
export function failureOf(failure: string | null): Schemas['PixScheduleFailure'] | null {
  if (failure === null) return null;
  if (failure === 'insufficientBalance') return 'BALANCE';
  if (failure === 'pixKeyNotFound') return 'KEY_NOT_FOUND';
  if (/Limit$/.test(failure)) return 'LIMIT';
  return 'ACCOUNT';
}

const STATUS: Record<Exclude<PixScheduleRow['status'], 'CANCELLED'>, Schemas['PixScheduleStatus']> = {
  ACTIVE: 'PENDING',
  SENT: 'SENT',
  FAILED: 'FAILED',
};

function toSchedule(r: PixScheduleRow): Schemas['PixPaymentSchedule'] {
  const order = JSON.parse(r.order_json) as { note?: string };
  const status = STATUS[r.status === 'CANCELLED' ? 'ACTIVE' : r.status];
  return {
    idPixPaymentSchedule: r.id,
    recipientAlias: r.recipient_alias,
    favoredName: r.creditor_name,
    paymentDate: r.payment_date,
    createdAt: r.created_at,
    value: reais(r.amount_cents),
    additionalInformation: order.note ?? null,
    is_active: status === 'PENDING',
    status,
    failureReason: failureOf(r.failure),
    executedAt: r.executed_at,
    endToEndId: r.end_to_end_id,
  };
}

/** A listed schedule of the session's accounts (not a deleted one), or undefined. */
function ownSchedule(
  db: Database.Database,
  accountIds: readonly string[],
  id: number,
): PixScheduleRow | undefined {
  const row = db.prepare('SELECT * FROM pix_schedules WHERE id = ?').get(id) as PixScheduleRow | undefined;
  if (!row || row.status === 'CANCELLED' || !accountIds.includes(row.account_id)) return undefined;
  return row;
}

function listPixSchedulesPaged(
  input: OperationInput<'listPixSchedulesPaged'>,
  { db }: SandboxContext,
): Reply {
  const accountId = input.session?.accountIds[0];
  if (!accountId) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const errors: { field: string; message: string }[] = [];
  const column = SORTABLE[req.fieldToSort?.trim() || 'idPixPaymentSchedule'];
  if (!column)
    errors.push({ field: 'fieldToSort', message: `must be one of ${Object.keys(SORTABLE).join(', ')}` });
  if (req.pageSize > MAX_SCHEDULE_PAGE_SIZE)
    errors.push({ field: 'pageSize', message: `must be at most ${MAX_SCHEDULE_PAGE_SIZE}` });
  for (const [name, value] of Object.entries(req.filters ?? {}))
    if (value !== null && value !== '') errors.push({ field: `filters.${name}`, message: 'unknown filter' });
  if (errors.length > 0 || !column) return badRequest('Pedido de página inválido.', errors);
  const direction = (req.direction ?? 1) === 0 ? 'ASC' : 'DESC';
  const where = "account_id = ? AND status <> 'CANCELLED'";
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM pix_schedules WHERE ${where}`).get(accountId) as {
    n: number;
  };
  const rows = db
    .prepare(
      `SELECT * FROM pix_schedules WHERE ${where} ORDER BY ${column} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(accountId, req.pageSize, (req.pageNumber - 1) * req.pageSize) as PixScheduleRow[];
  return ok<Schemas['PixSchedulePage']>({
    dataset: rows.map(toSchedule),
    recordCount: n,
    totalPages: Math.ceil(n / req.pageSize),
  });
}

function listPixSchedules(input: OperationInput<'listPixSchedules'>, { db }: SandboxContext): Reply {
  const accountId = input.session?.accountIds[0];
  if (!accountId) return catalogueError(401, 'unauthorized');
  const rows = db
    .prepare("SELECT * FROM pix_schedules WHERE account_id = ? AND status <> 'CANCELLED' ORDER BY id DESC")
    .all(accountId) as PixScheduleRow[];
  return ok<Schemas['PixPaymentSchedule'][]>(rows.map(toSchedule));
}

function getPixSchedule(input: OperationInput<'getPixSchedule'>, { db }: SandboxContext): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const row = ownSchedule(db, session.accountIds, input.params.idPixPaymentSchedule);
  return row ? ok<Schemas['PixPaymentSchedule']>(toSchedule(row)) : catalogueError(404, 'notFound');
}

/**
 * Deletes a PENDING schedule. The runner and this handler both run inside the server's one
 * transaction per call, after the sweep: a schedule due by now has already run when this reads it,
 * so a delete never races its run.
 */
function deletePixSchedule(input: OperationInput<'deletePixSchedule'>, { db, now }: SandboxContext): Reply {
  const session = input.session;
  if (!session) return catalogueError(401, 'unauthorized');
  const row = ownSchedule(db, session.accountIds, input.params.idPixPaymentSchedule);
  if (!row) return catalogueError(404, 'notFound');
  if (row.status !== 'ACTIVE') return catalogueError(422, 'scheduleNotPending');
  db.prepare(
    "UPDATE pix_schedules SET status = 'CANCELLED', executed_at = ? WHERE id = ? AND status = 'ACTIVE'",
  ).run(now().toISOString(), row.id);
  return ok<Schemas['Ack']>({ success: true, message: 'Agendamento excluído.' });
}

export const pixScheduleHandlers = {
  listPixSchedulesPaged,
  listPixSchedules,
  getPixSchedule,
  deletePixSchedule,
} satisfies Handlers;
