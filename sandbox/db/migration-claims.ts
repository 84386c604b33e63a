/**
 * Migration 15 of sandbox/db/schema.ts (its SQL here, so the listed schema file does not grow):
 * key portability and ownership claims (issue 30; sim/claims.ts, sim/claim-rules.ts). One row per
 * claim with both sides (the donor is this bank's account or another institution's), its periods on
 * the bank clock, and who ended it. claim_credential_checks keeps each session's last successful
 * CheckLogin, which a decision needs (4-pix-part-two.md §6).
 */
export const CLAIMS_MIGRATION = `
  CREATE TABLE pix_claims (
    id INTEGER PRIMARY KEY,
    dict_id TEXT NOT NULL UNIQUE,
    key TEXT NOT NULL,
    key_type TEXT NOT NULL CHECK (key_type IN ('CPF', 'CNPJ', 'EMAIL', 'PHONE')),
    claim_type TEXT NOT NULL CHECK (claim_type IN ('PORTABILITY', 'OWNERSHIP')),
    status TEXT NOT NULL CHECK (status IN ('WAITING_RESOLUTION', 'CONFIRMED', 'COMPLETED', 'CANCELLED')),
    claimer_account_id TEXT NOT NULL REFERENCES accounts(id),
    claimer_branch TEXT NOT NULL,
    claimer_account TEXT NOT NULL,
    donor_key_id INTEGER NOT NULL REFERENCES pix_keys(id),
    donor_account_id TEXT REFERENCES accounts(id),
    donor_participant TEXT,
    donor_branch TEXT NOT NULL,
    donor_account TEXT NOT NULL,
    opened_at TEXT NOT NULL,
    resolution_deadline TEXT NOT NULL,
    confirmed_at TEXT,
    confirmed_by_default INTEGER NOT NULL DEFAULT 0,
    completion_deadline TEXT,
    finished_at TEXT,
    ended_by TEXT CHECK (ended_by IN ('CLAIMER', 'DONOR', 'DICT')),
    reason TEXT
  );
  CREATE INDEX pix_claims_claimer ON pix_claims (claimer_account_id);
  CREATE INDEX pix_claims_donor ON pix_claims (donor_account_id);
  CREATE INDEX pix_claims_open ON pix_claims (status);
  CREATE TABLE claim_credential_checks (
    token_hash TEXT PRIMARY KEY,
    checked_at TEXT NOT NULL
  );
`;

/** The claim tables, deleted before DATA_TABLES on a reseed (they refer to keys and accounts). */
export const CLAIM_TABLES: readonly string[] = ['claim_credential_checks', 'pix_claims'];
