import type Database from 'better-sqlite3';
import { DEMO_USERS } from '../../demo/users.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { PARTICIPANTS } from './seed-pix-keys.ts';

/**
 * The seed of issue 17 (Pix receive, refunds, infractions), fixed data and no random draw, for the
 * MED list (listInfractions) that the next issue draws: on Maria's account, a report another
 * institution made about a Pix she received (under analysis) and one she made long ago about a
 * Pix she sent, closed. Both point at Pix of her seeded history (seed-statement.ts), found by
 * their descriptions, and leave the recent Pix sent free to report.
 */

const DAY = 86_400_000;

function endToEndOf(
  db: Database.Database,
  accountId: string,
  description: string,
  credit: boolean,
): string | undefined {
  const row = db
    .prepare(
      `SELECT json_extract(t.detail, '$.instantPayment.endToEndId') AS e2e
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = ? AND t.is_pix = 1 AND t.description LIKE ? AND ${credit ? 'e.amount_cents > 0' : 'e.amount_cents < 0'}
       ORDER BY t.created_at LIMIT 1`,
    )
    .get(accountId, description) as { e2e: string | null } | undefined;
  return row?.e2e ?? undefined;
}

export function insertPixReceive(db: Database.Database, now: Date): void {
  const accountId = DEMO_USERS.maria.accountId;
  const insert = db.prepare(
    `INSERT INTO infractions (account_id, end_to_end_id, type, description, status, reporter_ispb, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const received = endToEndOf(db, accountId, 'Pix recebido%', true);
  if (received)
    insert.run(
      accountId,
      received,
      'FRAUD',
      'O pagador relata que foi vítima de golpe do falso vendedor.',
      'ANALYSIS',
      PARTICIPANTS.nubank,
      new Date(now.getTime() - 3 * DAY).toISOString(),
      new Date(now.getTime() - 2 * DAY).toISOString(),
    );
  const sent = endToEndOf(db, accountId, 'Pix enviado - Livraria%', false);
  if (sent)
    insert.run(
      accountId,
      sent,
      'ERROR',
      'Valor enviado em duplicidade por engano.',
      'CLOSED',
      OWN_BANK.ispb,
      new Date(now.getTime() - 68 * DAY).toISOString(),
      new Date(now.getTime() - 60 * DAY).toISOString(),
    );
}
