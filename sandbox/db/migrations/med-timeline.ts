/**
 * Migration 15 of sandbox/db/schema.ts, the MED timeline (issue 31; sim/med.ts,
 * routes/med-timeline.ts): when an infraction moves next on the bank's clock (NULL once it is
 * final), the analysis result of a closed one, and the special refund (devolução MED) of an
 * accepted report: when it is due, what came back and the ledger transaction that brought it (NULL
 * while due; 0 cents when nothing was left). In a file of its own: schema.ts may not grow.
 */
export const MED_TIMELINE = `
  ALTER TABLE infractions ADD COLUMN next_step_at TEXT;
  ALTER TABLE infractions ADD COLUMN analysis_result TEXT
    CHECK (analysis_result IS NULL OR analysis_result IN ('AGREED', 'DISAGREED'));
  ALTER TABLE infractions ADD COLUMN refund_due_at TEXT;
  ALTER TABLE infractions ADD COLUMN refunded_cents INTEGER CHECK (refunded_cents IS NULL OR refunded_cents >= 0);
  ALTER TABLE infractions ADD COLUMN refund_transaction_id TEXT REFERENCES ledger_transactions(id);
  CREATE INDEX infractions_next_step ON infractions (next_step_at) WHERE next_step_at IS NOT NULL;
  CREATE INDEX infractions_refund_due ON infractions (refund_due_at) WHERE refunded_cents IS NULL;
`;
