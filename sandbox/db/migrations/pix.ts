/**
 * Migrations 10 to 12 and 14 of sandbox/db/schema.ts: Pix (issues #15 to 17 and 28;
 * 3-pix-part-one.md): the sandbox DICT, Pix send and its SPI status, Pix receive with its refunds
 * and infractions, and each account's own Pix limits. Later Pix migrations have files of their own
 * (med-timeline.ts, ../migration-claims.ts, ../schema-pix-cash.ts).
 */

/**
 * Migration 10: the sandbox DICT (issue #15, 3-pix-part-one.md §3-§9; sandbox/sim/dict.ts): the Pix
 * participants (real ISPBs, seeded from machines/data/banks.json), every key in DICT (this bank's,
 * with their account, and other institutions', with their participant and owner), the ownership
 * codes of phone and e-mail keys (hashed), the Pix tutorial closed per account and, until the
 * devices issue, which users' devices are validated for Pix.
 */
export const SANDBOX_DICT = `
  CREATE TABLE pix_participants (
    ispb TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    short_name TEXT,
    pix_type TEXT NOT NULL CHECK (pix_type IN ('DRCT', 'IDRT'))
  );

  CREATE TABLE pix_keys (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,
    key_type TEXT NOT NULL CHECK (key_type IN ('CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP')),
    status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE', 'CLEARING_REGISTRATION_PENDING',
      'IDENTITY_VALIDATION_PENDING', 'PENDING_DELETION', 'DELETED')),
    -- This bank's keys have an account; other institutions' have their participant instead, and
    -- carry their account and owner data here.
    account_id TEXT REFERENCES accounts(id),
    participant TEXT REFERENCES pix_participants(ispb),
    branch TEXT NOT NULL,
    account_number TEXT NOT NULL,
    account_type TEXT NOT NULL CHECK (account_type IN ('CACC', 'SVGS', 'SLRY', 'TRAN')),
    opening_date TEXT NOT NULL,
    owner_type TEXT NOT NULL CHECK (owner_type IN ('NATURAL_PERSON', 'LEGAL_PERSON')),
    owner_tax_id TEXT NOT NULL,
    owner_name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    ownership_date TEXT NOT NULL,
    removed_at TEXT,
    removal_reason TEXT,
    -- The registerAlias (postKey) idempotency id.
    external_identifier TEXT,
    CHECK ((account_id IS NULL) = (participant IS NOT NULL)),
    CHECK ((status = 'DELETED') = (removed_at IS NOT NULL))
  );
  -- A key is in DICT at most once until it is removed.
  CREATE UNIQUE INDEX pix_keys_live ON pix_keys (key) WHERE status <> 'DELETED';
  CREATE UNIQUE INDEX pix_keys_request ON pix_keys (account_id, external_identifier)
    WHERE external_identifier IS NOT NULL;
  CREATE INDEX pix_keys_account ON pix_keys (account_id, id);

  CREATE TABLE pix_key_codes (
    id INTEGER PRIMARY KEY,
    key_id INTEGER NOT NULL REFERENCES pix_keys(id) ON DELETE CASCADE,
    protocol_id TEXT NOT NULL UNIQUE,
    code_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    -- Set when a newer code was sent or the key was removed.
    voided_at TEXT,
    used_at TEXT,
    -- The validateAliasOtp idempotency id of the successful validation.
    validation_external_identifier TEXT
  );
  CREATE INDEX pix_key_codes_key ON pix_key_codes (key_id, id);

  CREATE TABLE pix_tutorials (
    account_id TEXT PRIMARY KEY REFERENCES accounts(id),
    closed_at TEXT NOT NULL
  );
`;

/**
 * Migration 11: Pix send (issue 16, sandbox/sim/spi.ts): every Pix sent (interbank, internal, by
 * QR) with its end-to-end id (unique: settled at most once), its SPI status and when the SPI
 * answers; how the simulated receiving participants answer for some accounts (seeded); the dynamic
 * charges whose location the bank serves (seeded until issue 17 makes charges).
 */
export const PIX_SEND = `
  CREATE TABLE pix_payments (
    end_to_end_id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    holder_id TEXT NOT NULL REFERENCES account_holders(id),
    transaction_id TEXT NOT NULL UNIQUE REFERENCES ledger_transactions(id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    local_instrument TEXT NOT NULL CHECK (local_instrument IN ('DICT', 'MANU', 'QRES', 'QRDN')),
    internal INTEGER NOT NULL CHECK (internal IN (0, 1)),
    creditor_ispb TEXT NOT NULL,
    creditor_branch TEXT NOT NULL,
    creditor_account TEXT NOT NULL,
    creditor_name TEXT NOT NULL,
    -- Whether the holder's device was validated for Pix when it was sent (the daily device cap).
    device_validated INTEGER NOT NULL CHECK (device_validated IN (0, 1)),
    status TEXT NOT NULL CHECK (status IN ('ACSP', 'ACSC', 'RJCT')),
    reason_code TEXT,
    created_at TEXT NOT NULL,
    -- When the SPI's answer arrives (ACSP rows), and when it did (ACSC, RJCT).
    due_at TEXT NOT NULL,
    settled_at TEXT,
    -- ACSC or RJCT: what the SPI will answer at due_at.
    outcome TEXT NOT NULL CHECK (outcome IN ('ACSC', 'RJCT')),
    outcome_reason TEXT,
    reversal_transaction_id TEXT REFERENCES ledger_transactions(id),
    charge_id TEXT,
    CHECK ((status = 'ACSP') = (settled_at IS NULL)),
    CHECK ((status = 'RJCT') = (reason_code IS NOT NULL))
  );
  CREATE INDEX pix_payments_due ON pix_payments (status, due_at);
  CREATE INDEX pix_payments_holder ON pix_payments (holder_id, created_at);
  -- A dynamic charge is paid once.
  CREATE UNIQUE INDEX pix_payments_charge ON pix_payments (charge_id)
    WHERE charge_id IS NOT NULL AND status <> 'RJCT';

  CREATE TABLE spi_creditor_rules (
    ispb TEXT NOT NULL,
    branch TEXT NOT NULL,
    account_number TEXT NOT NULL,
    -- The reason the receiving participant rejects with (AC03, AC06...), or NEVER: no answer.
    answer TEXT NOT NULL,
    PRIMARY KEY (ispb, branch, account_number)
  );

  -- Pix scheduled for a later day (createWithdrawal with scheduleDate): the order as accepted,
  -- sent on its date by the SPI sweep (status SENT with its end-to-end id) or FAILED with the
  -- catalogue error that stopped it (nothing debited), or CANCELLED.
  CREATE TABLE pix_schedules (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    holder_id TEXT NOT NULL REFERENCES account_holders(id),
    payment_date TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    creditor_name TEXT NOT NULL,
    recipient_alias TEXT,
    order_json TEXT NOT NULL,
    device_validated INTEGER NOT NULL CHECK (device_validated IN (0, 1)),
    status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'SENT', 'FAILED', 'CANCELLED')),
    end_to_end_id TEXT,
    failure TEXT,
    created_at TEXT NOT NULL,
    executed_at TEXT
  );
  CREATE INDEX pix_schedules_due ON pix_schedules (status, payment_date);

  CREATE TABLE pix_charges (
    id TEXT PRIMARY KEY,
    -- The location (template 26, sub-field 25) without https://.
    location TEXT NOT NULL UNIQUE,
    txid TEXT NOT NULL,
    key TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    description TEXT,
    additional_info TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
`;

/**
 * Migration 12: Pix receive, refunds and infractions (issue 17): charges made by the bank (kind,
 * owner, BR Code, due-date terms), static codes, refunds sent (pacs.004) and infractions with
 * files.
 */
export const PIX_RECEIVE = `
  ALTER TABLE pix_charges ADD COLUMN kind TEXT NOT NULL DEFAULT 'COB' CHECK (kind IN ('COB', 'COBV'));
  ALTER TABLE pix_charges ADD COLUMN account_id TEXT REFERENCES accounts(id);
  ALTER TABLE pix_charges ADD COLUMN emv TEXT;
  -- COBV: the São Paulo due date, fine and interest in hundredths of a percent, the payer.
  ALTER TABLE pix_charges ADD COLUMN due_date TEXT;
  ALTER TABLE pix_charges ADD COLUMN fine_hundredths INTEGER;
  ALTER TABLE pix_charges ADD COLUMN interest_hundredths INTEGER;
  ALTER TABLE pix_charges ADD COLUMN debtor_name TEXT;
  ALTER TABLE pix_charges ADD COLUMN debtor_tax_id TEXT;
  ALTER TABLE pix_charges ADD COLUMN merchant_name TEXT;
  ALTER TABLE pix_charges ADD COLUMN merchant_city TEXT;
  ALTER TABLE pix_charges ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX pix_charges_account ON pix_charges (account_id);

  CREATE TABLE pix_static_codes (
    txid TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    key TEXT NOT NULL,
    amount_cents INTEGER CHECK (amount_cents IS NULL OR amount_cents > 0),
    emv TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  -- A refund (devolução) sent: the return id (D...), the credit it returns, on-us (ACSC at once)
  -- or through the SPI (ACSP until due_at, then ACSC).
  CREATE TABLE pix_refunds (
    return_id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    original_transaction_id TEXT NOT NULL REFERENCES ledger_transactions(id),
    original_end_to_end_id TEXT NOT NULL,
    transaction_id TEXT NOT NULL UNIQUE REFERENCES ledger_transactions(id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    message_id TEXT NOT NULL,
    receiver_ispb TEXT NOT NULL,
    internal INTEGER NOT NULL CHECK (internal IN (0, 1)),
    status TEXT NOT NULL CHECK (status IN ('ACSP', 'ACSC')),
    created_at TEXT NOT NULL,
    due_at TEXT NOT NULL,
    settled_at TEXT,
    CHECK ((status = 'ACSP') = (settled_at IS NULL))
  );
  CREATE INDEX pix_refunds_original ON pix_refunds (original_transaction_id);
  CREATE INDEX pix_refunds_due ON pix_refunds (status, due_at);

  CREATE TABLE infractions (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    end_to_end_id TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('FRAUD', 'ERROR')),
    description TEXT NOT NULL,
    status TEXT NOT NULL,
    reporter_ispb TEXT NOT NULL,
    external_identifier TEXT,
    request_hash TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT,
    UNIQUE (account_id, external_identifier)
  );
  -- One OPEN infraction per payment (the spec's ALREADY_EXISTS).
  CREATE UNIQUE INDEX infractions_open ON infractions (end_to_end_id) WHERE status = 'OPEN';

  CREATE TABLE infraction_files (
    id INTEGER PRIMARY KEY,
    infraction_id INTEGER NOT NULL REFERENCES infractions(id),
    file_name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL CHECK (size > 0),
    content BLOB NOT NULL,
    created_at TEXT NOT NULL
  );
`;

/**
 * Migration 14: An account's own Pix limits (issue 28; sim/pix-limit-rules.ts): every change of the
 * day total, the night total (cents) or the night start (20 or 22), with when it was asked and when
 * it takes effect (at once for a decrease, 24 h later for an increase). The limits at an instant
 * are the latest change of each field in effect then, so a schedule run for a past instant reads
 * the limits of that instant. The seed writes each account's defaults.
 */
export const PIX_LIMITS = `
  CREATE TABLE pix_limit_changes (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    field TEXT NOT NULL CHECK (field IN ('DAY', 'NIGHT', 'NIGHT_START')),
    value INTEGER NOT NULL CHECK (value > 0 AND (field <> 'NIGHT_START' OR value IN (20, 22))),
    requested_at TEXT NOT NULL,
    effective_at TEXT NOT NULL CHECK (effective_at >= requested_at)
  );
  CREATE INDEX pix_limit_changes_account ON pix_limit_changes (account_id, id);
  -- The limits count an account's Pix of the period.
  CREATE INDEX pix_payments_account ON pix_payments (account_id, created_at);
`;
