import type { components } from '../../openapi/portal.d.ts';
import { ack, catalogueError, ok } from '../http/replies.ts';
import { toLocalIso } from '../sim/dates.ts';
import type { Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

interface NotificationRow {
  id: number;
  title: string;
  body: string;
  created_at: string;
  expiration_date: string | null;
  is_general: number;
  addressed: number | null;
  read_at: string | null;
}

/** Notifications in force for an account: addressed to it, or general; expired ones are left out. */
function visibleTo(db: SandboxContext['db'], accountId: string, now: Date): NotificationRow[] {
  return db
    .prepare(
      `SELECT n.id, n.title, n.body, n.created_at, n.expiration_date, n.is_general, r.addressed, r.read_at
       FROM notifications n
       LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.account_id = ?
       WHERE (n.is_general = 1 OR r.addressed = 1)
         AND (n.expiration_date IS NULL OR n.expiration_date > ?)
       ORDER BY n.created_at DESC, n.id DESC`,
    )
    .all(accountId, now.toISOString()) as NotificationRow[];
}

function listNotifications(input: OperationInput<'listNotifications'>, { db, now }: SandboxContext) {
  const accountId = input.params.accountId;
  const data: Schemas['Notification'][] = visibleTo(db, accountId, now()).map((n) => ({
    idNotification: n.id,
    title: n.title,
    body: n.body,
    readNotification: n.read_at !== null,
    expiration_date: n.expiration_date === null ? null : toLocalIso(new Date(n.expiration_date)),
    isGeneralNotification: n.is_general === 1,
    clients: n.is_general === 1 ? [] : [{ userAccountId: accountId }],
  }));
  return ok(data);
}

/**
 * Marks the given notifications read for the caller's (first) account. Ids the account cannot see
 * are ignored, so a stale list never fails the popup.
 */
function markNotificationsRead(
  { body, session }: OperationInput<'markNotificationsRead'>,
  { db, now }: SandboxContext,
) {
  const accountId = session?.accountIds[0];
  if (!accountId) return catalogueError(401, 'unauthorized');
  const ids = new Set(body);
  const at = now().toISOString();
  const upsert = db.prepare(
    `INSERT INTO notification_reads (notification_id, account_id, addressed, read_at) VALUES (?, ?, 0, ?)
     ON CONFLICT (notification_id, account_id) DO UPDATE SET read_at = COALESCE(read_at, excluded.read_at)`,
  );
  let marked = 0;
  for (const n of visibleTo(db, accountId, now())) {
    if (!ids.has(n.id) || n.read_at !== null) continue;
    upsert.run(n.id, accountId, at);
    marked++;
  }
  return ack(`${marked} notificação(ões) marcada(s) como lida(s).`);
}

function hasGeneralNotification(
  _input: OperationInput<'hasGeneralNotification'>,
  { db, now }: SandboxContext,
) {
  const row = db
    .prepare(
      'SELECT 1 FROM notifications WHERE is_general = 1 AND (expiration_date IS NULL OR expiration_date > ?) LIMIT 1',
    )
    .get(now().toISOString());
  return ok<Schemas['HasGeneralResult']>({ hasGeneral: row !== undefined });
}

export const notificationHandlers = {
  listNotifications,
  markNotificationsRead,
  hasGeneralNotification,
} satisfies Handlers;
