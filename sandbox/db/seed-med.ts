import type Database from 'better-sqlite3';
import { DEMO_USERS } from '../../demo/users.ts';
import { nextStepAt } from '../routes/med-timeline.ts';
import { OWN_BANK } from '../sim/bank.ts';
import type { InfractionStatus, InfractionType } from '../sim/med.ts';
import { PARTICIPANTS } from './seed-pix-keys.ts';

/**
 * The MED list's seed (issue 31), fixed data and no random draw: on Maria's account, infractions
 * in every status of 4-pix-part-two.md §4, opened (she reported a Pix she sent) and received
 * (another institution reported a Pix she received), each at the point of the MED timeline
 * (sandbox/sim/med.ts) that its age gives, with its next step on the bank's clock. A report made
 * at the seed's `now` is the youngest: the image of the seed is built once a São Paulo day, so its
 * OPEN one stays open (a day) for every test of that day. The seeded Pix sent to the online shop
 * (seed-statement.ts, "Loja Virtual Ofertas") is left free for a new report; issue 17's two
 * (seed-pix-receive.ts) get their place on the timeline here.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Maria's Pix of the seeded history, newest first: sent (debits) or received (credits). */
function pixOf(db: Database.Database, accountId: string, credit: boolean): string[] {
  const rows = db
    .prepare(
      `SELECT json_extract(t.detail, '$.instantPayment.endToEndId') AS e2e
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account_id = ? AND t.is_pix = 1 AND t.kind = ? AND t.refund_of IS NULL
         AND t.description NOT LIKE 'Pix enviado - Loja Virtual Ofertas%'
         AND t.description NOT LIKE 'Pix enviado - Livraria%'
       ORDER BY t.created_at DESC`,
    )
    .all(accountId, credit ? 'PIX_IN' : 'PIX_OUT') as { e2e: string | null }[];
  return rows.map((r) => r.e2e).filter((e): e is string => e !== null);
}

interface Seeded {
  status: InfractionStatus;
  type: InfractionType;
  reporter: string;
  description: string;
  /** How long before the seed's now it was made. */
  ageMs: number;
  /** For a closed or cancelled one: how long after its creation it got there. */
  settledAfterMs?: number;
  analysisResult?: 'AGREED' | 'DISAGREED';
}

const OPENED: readonly Seeded[] = [
  {
    status: 'OPEN',
    type: 'FRAUD',
    reporter: OWN_BANK.ispb,
    description: 'Recebi uma ligação falsa do banco e fiz o Pix sob orientação do golpista.',
    ageMs: 0,
  },
  {
    status: 'WAITINGDESTINATIONBANK',
    type: 'FRAUD',
    reporter: OWN_BANK.ispb,
    description: 'Pix feito para um perfil falso que se passava por um parente.',
    ageMs: DAY + HOUR,
  },
  {
    status: 'ACKNOWLEDGED',
    type: 'FRAUD',
    reporter: OWN_BANK.ispb,
    description: 'Paguei um anúncio de aluguel que não existia.',
    ageMs: 4 * DAY,
  },
  {
    status: 'CANCELLED',
    type: 'ERROR',
    reporter: OWN_BANK.ispb,
    description: 'Notificação aberta por engano; o valor foi devolvido pelo recebedor.',
    ageMs: 15 * DAY,
    settledAfterMs: 2 * HOUR,
  },
];

const RECEIVED: readonly Seeded[] = [
  {
    status: 'AWAITING',
    type: 'FRAUD',
    reporter: PARTICIPANTS.nubank,
    description: 'O pagador afirma que não reconhece este Pix.',
    ageMs: 0,
  },
  {
    status: 'CLOSED',
    type: 'FRAUD',
    reporter: PARTICIPANTS.nubank,
    description: 'O pagador relatou golpe; a análise não encontrou fraude do recebedor.',
    ageMs: 30 * DAY,
    settledAfterMs: 7 * DAY,
    analysisResult: 'DISAGREED',
  },
];

export function insertMedInfractions(db: Database.Database, now: Date): void {
  const accountId = DEMO_USERS.maria.accountId;
  const insert = db.prepare(
    `INSERT INTO infractions (account_id, end_to_end_id, type, description, status, reporter_ispb,
       created_at, updated_at, next_step_at, analysis_result)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const place = (list: readonly Seeded[], payments: string[]) =>
    list.forEach((s, i) => {
      // One payment each while there are enough (only OPEN must be unique to its payment).
      const e2e = payments[i % Math.max(1, payments.length)];
      if (!e2e) return;
      const createdAt = new Date(now.getTime() - s.ageMs);
      const updatedAt =
        s.settledAfterMs === undefined ? null : new Date(createdAt.getTime() + s.settledAfterMs);
      insert.run(
        accountId,
        e2e,
        s.type,
        s.description,
        s.status,
        s.reporter,
        createdAt.toISOString(),
        updatedAt?.toISOString() ?? null,
        nextStepAt(s.reporter, s.status, createdAt, s.type),
        s.analysisResult ?? null,
      );
    });
  place(OPENED, pixOf(db, accountId, false));
  place(RECEIVED, pixOf(db, accountId, true));

  // Issue 17's two: the received one under analysis moves on from its age; the old error report
  // was closed, rejected (an ERROR report is the payer's mistake for the sandbox's receivers).
  const analysed = db
    .prepare("SELECT id, type, reporter_ispb, created_at FROM infractions WHERE status = 'ANALYSIS'")
    .all() as { id: number; type: InfractionType; reporter_ispb: string; created_at: string }[];
  for (const r of analysed)
    db.prepare('UPDATE infractions SET next_step_at = ? WHERE id = ?').run(
      nextStepAt(r.reporter_ispb, 'ANALYSIS', new Date(r.created_at), r.type),
      r.id,
    );
  db.prepare(
    "UPDATE infractions SET analysis_result = 'DISAGREED' WHERE status = 'CLOSED' AND analysis_result IS NULL",
  ).run();
}
