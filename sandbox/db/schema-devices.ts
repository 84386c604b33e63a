/**
 * Migration of the trusted devices (issue 30; sandbox/sim/devices.ts), in a file of its own since
 * schema.ts may not grow (tests/project/file-size.test.ts). The per-user flag `device_trust` of
 * issue 15 goes: trust is now a device's record, reached from the session by the hash of the
 * cookie it signed in with (tokens.device_cookie holds that hash from now on). Migration 10 no
 * longer creates `device_trust` (a fresh file never has it), hence IF EXISTS.
 */
export const DEVICES_MIGRATION = `
  DROP TABLE IF EXISTS device_trust;
  UPDATE tokens SET device_cookie = NULL;

  CREATE TABLE devices (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    alias TEXT NOT NULL CHECK (length(alias) >= 5),
    alias_key TEXT NOT NULL,
    cookie_hash TEXT NOT NULL UNIQUE,
    cookie_expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    validated_at TEXT,
    blocked_at TEXT,
    deleted_at TEXT
  );
  -- 'Apelido já cadastrado.': one live device of an alias per account.
  CREATE UNIQUE INDEX devices_alias ON devices (account_id, alias_key) WHERE deleted_at IS NULL;
  CREATE INDEX devices_account ON devices (account_id, created_at);

  -- The second factor of a device: the e-mailed link's token and its 6-digit code (hashed).
  CREATE TABLE device_challenges (
    id INTEGER PRIMARY KEY,
    device_id INTEGER NOT NULL REFERENCES devices(id),
    token_hash TEXT NOT NULL UNIQUE,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    validation_hash TEXT,
    validation_expires_at TEXT,
    validation_used_at TEXT,
    created_at TEXT NOT NULL
  );
`;
