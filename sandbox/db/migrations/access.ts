/**
 * Migrations 2 to 5 of sandbox/db/schema.ts: access and the customer's data (issue #10 and
 * 4-pix-part-two.md §2): password change codes, one customer's update ids, the sign-in and
 * code-check throttling, and link hashes in place of their secrets.
 */

/**
 * Migration 2: the codes e-mailed to change a password (4-pix-part-two.md §2). Stored hashed; a row
 * goes with its user. IF NOT EXISTS: files from before this migration made the table on first use.
 */
export const PASSWORD_CHANGE_CODES = `
  CREATE TABLE IF NOT EXISTS password_change_codes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    used_at TEXT
  );
  CREATE INDEX IF NOT EXISTS password_change_codes_user ON password_change_codes (user_id, id);
`;

/**
 * Migration 3: an updateClient externalIdentifier is unique per customer: one customer's id must
 * not swallow another customer's update (issue #10).
 */
export const CLIENT_UPDATE_IDS_PER_CUSTOMER = `
  CREATE TABLE client_updates_v3 (
    holder_id TEXT NOT NULL REFERENCES account_holders(id),
    external_identifier TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (holder_id, external_identifier)
  );
  INSERT INTO client_updates_v3 (holder_id, external_identifier, created_at)
    SELECT holder_id, external_identifier, created_at FROM client_updates;
  DROP TABLE client_updates;
  ALTER TABLE client_updates_v3 RENAME TO client_updates;
`;

/**
 * Migration 4: sign-in and code-check throttling (issue #10). Kept here, not in memory, so a reset
 * of the database (tests restore a pristine image) resets it, and times are the bank clock's, per
 * row.
 * - auth_failures: consecutive failures of one subject ('account:<user>', 'address:<ip>'...) and
 *   until when it must wait (the progressive delay, then the lock);
 * - rate_events: one row per request that a window limits (reset links per tax id, codes per
 *   requester), counted over the window.
 */
export const THROTTLING = `
  CREATE TABLE auth_failures (
    scope TEXT NOT NULL,
    subject TEXT NOT NULL,
    failures INTEGER NOT NULL,
    last_failure_at TEXT NOT NULL,
    blocked_until TEXT,
    PRIMARY KEY (scope, subject)
  );
  CREATE TABLE rate_events (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL,
    subject TEXT NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX rate_events_subject ON rate_events (scope, subject, at);
`;

/**
 * Migration 5: links are stored as the SHA-256 of their secret from now on; rows written before
 * kept the secret itself, so they are withdrawn (their e-mails stop working; a new link can be
 * asked).
 */
export const HASHED_LINKS = `
  DELETE FROM verification_hashes;
`;
