import type Database from 'better-sqlite3';
import { MED_TIMELINE } from './migrations/med-timeline.ts';
import { CLAIMS_MIGRATION } from './migration-claims.ts';
import { PIX_CASH_MIGRATION } from './schema-pix-cash.ts';
import { DEVICES_MIGRATION } from './schema-devices.ts';

/**
 * The sandbox bank's tables. Each migration runs once, in order, in a transaction, recorded in
 * `schema_migrations` (`migrate` is idempotent, safe on an existing file). Money lives only in the
 * double-entry ledger (`ledger_transactions` + `ledger_entries`): balances are sums, never stored.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE account_holders (
    id TEXT PRIMARY KEY,
    person_type TEXT NOT NULL CHECK (person_type IN ('PERSON', 'CORPORATE', 'BANK')),
    name TEXT NOT NULL,
    email TEXT,
    phone TEXT,
    tax_id TEXT,
    birth_date TEXT,
    status TEXT NOT NULL DEFAULT 'ACTIVE',
    has_pix_permission INTEGER NOT NULL DEFAULT 1,
    -- The profile's mail and billing addresses are rows of the address book.
    mail_address_id INTEGER,
    billing_address_id INTEGER,
    corporate_details TEXT,
    representatives TEXT,
    -- Pix Saque/Troco agent data and permission functionalities kept in the session (JSON).
    withdraw_agent TEXT,
    functionalities TEXT
  );

  -- kind: CUSTOMER accounts belong to a holder; the others are owned by the bank itself.
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    holder_id TEXT NOT NULL REFERENCES account_holders(id),
    kind TEXT NOT NULL CHECK (kind IN ('CUSTOMER', 'CLEARING', 'FEE_REVENUE', 'TOPUP_SETTLEMENT')),
    number TEXT NOT NULL UNIQUE,
    branch TEXT NOT NULL DEFAULT '0001',
    created_at TEXT NOT NULL
  );

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    holder_id TEXT NOT NULL REFERENCES account_holders(id),
    password_hash TEXT NOT NULL,
    must_change_password INTEGER NOT NULL DEFAULT 0,
    password_changed_at TEXT
  );

  -- Every user name a person may type, in the prefixed form the portal sends
  -- (e-mail as typed, +55 phone, BRA tax id). Compared case-insensitively for e-mails.
  CREATE TABLE logins (
    username TEXT PRIMARY KEY COLLATE NOCASE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('EMAIL', 'PHONE', 'TAX_ID'))
  );

  -- Only a SHA-256 of the bearer token is stored.
  CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    username TEXT NOT NULL,
    device_cookie TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
  );

  -- Hashes sent by e-mail in first-access and reset links.
  CREATE TABLE verification_hashes (
    hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    action TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );

  CREATE TABLE ledger_transactions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at TEXT NOT NULL,
    credit_date TEXT NOT NULL,
    -- São Paulo calendar date of credit_date, so statement periods filter on an index.
    credit_local_date TEXT NOT NULL,
    external_identifier TEXT NOT NULL UNIQUE,
    is_pix INTEGER NOT NULL DEFAULT 0,
    history_code INTEGER,
    refund_of TEXT REFERENCES ledger_transactions(id),
    additional_info TEXT,
    detail TEXT
  );

  CREATE TABLE ledger_entries (
    id INTEGER PRIMARY KEY,
    transaction_id TEXT NOT NULL REFERENCES ledger_transactions(id),
    account_id TEXT NOT NULL REFERENCES accounts(id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
    description TEXT,
    counterpart_name TEXT,
    counterpart_tax_id TEXT
  );
  CREATE INDEX ledger_entries_account ON ledger_entries(account_id, transaction_id);
  CREATE INDEX ledger_entries_transaction ON ledger_entries(transaction_id);
  CREATE INDEX ledger_transactions_local_date ON ledger_transactions(credit_local_date);
  CREATE INDEX ledger_transactions_refund_of ON ledger_transactions(refund_of);

  CREATE TABLE notifications (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expiration_date TEXT,
    is_general INTEGER NOT NULL DEFAULT 0
  );

  -- Who a notification is addressed to, and whether that account has read it. General
  -- notifications have no rows here until an account marks them read.
  CREATE TABLE notification_reads (
    notification_id INTEGER NOT NULL REFERENCES notifications(id),
    account_id TEXT NOT NULL REFERENCES accounts(id),
    addressed INTEGER NOT NULL DEFAULT 1,
    read_at TEXT,
    PRIMARY KEY (notification_id, account_id)
  );

  CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    holder_id TEXT NOT NULL REFERENCES account_holders(id),
    account_id TEXT NOT NULL REFERENCES accounts(id),
    address_one TEXT NOT NULL,
    address_two TEXT,
    number TEXT NOT NULL,
    neighborhood TEXT NOT NULL,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    country TEXT NOT NULL DEFAULT 'BRA',
    mnemonic TEXT
  );

  -- Client updates carry an externalIdentifier; a repeated one is answered without re-applying.
  CREATE TABLE client_updates (
    external_identifier TEXT PRIMARY KEY,
    holder_id TEXT NOT NULL REFERENCES account_holders(id),
    created_at TEXT NOT NULL
  );

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // 2: the codes e-mailed to change a password (4-pix-part-two.md §2). Stored hashed; a row goes
  // with its user. IF NOT EXISTS: files from before this migration made the table on first use.
  `
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
  `,
  // 3: an updateClient externalIdentifier is unique per customer: one customer's id must not
  // swallow another customer's update (issue #10).
  `
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
  `,
  // 4: sign-in and code-check throttling (issue #10). Kept here, not in memory, so a reset of the
  // database (tests restore a pristine image) resets it, and times are the bank clock's, per row.
  // - auth_failures: consecutive failures of one subject ('account:<user>', 'address:<ip>'...)
  //   and until when it must wait (the progressive delay, then the lock);
  // - rate_events: one row per request that a window limits (reset links per tax id, codes per
  //   requester), counted over the window.
  `
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
  `,
  // 5: links are stored as the SHA-256 of their secret from now on; rows written before kept the
  // secret itself, so they are withdrawn (their e-mails stop working; a new link can be asked).
  `
  DELETE FROM verification_hashes;
  `,
  // 6: money movement (issue #13, 2-money-movement.md).
  // - totp_secrets: each holder's security-code secret (base32) and the last time step accepted,
  //   so a code is never accepted twice (replay);
  // - totp_confirmations: what a right code buys: a single-use token (only its SHA-256 kept) bound
  //   to one account and one transaction signature (and, since 13, the movement's cents and
  //   externalIdentifier), for a few minutes;
  // - recipients: the saved-recipient book of an account;
  // - movement_requests: the idempotency of money movements, keyed by the account and the
  //   externalIdentifier, with a hash of the request and the first answer, replayed as it was.
  `
  CREATE TABLE totp_secrets (
    holder_id TEXT PRIMARY KEY REFERENCES account_holders(id),
    secret TEXT NOT NULL,
    last_time_step INTEGER
  );
  CREATE TABLE totp_confirmations (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    signature TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE TABLE recipients (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    recipient_type TEXT NOT NULL CHECK (recipient_type IN ('BankTransfer', 'InternalTransfer', 'Pix')),
    nickname TEXT NOT NULL,
    name TEXT,
    cpf_cnpj TEXT,
    bank_code TEXT,
    bank_name TEXT,
    branch_code TEXT,
    account_type TEXT,
    account_number TEXT,
    account_number_digit TEXT,
    phone_number TEXT,
    pix_key TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT
  );
  CREATE INDEX recipients_account ON recipients (account_id, id);
  CREATE TABLE movement_requests (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    external_identifier TEXT NOT NULL,
    operation TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    answer TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (account_id, external_identifier)
  );
  `,
  // 7: the bill registry (issue #14, 2-money-movement.md §2 Bill payment): every bill the bank
  // can pay, keyed by its 44-digit barcode, with the terms the charges are computed from on the
  // day of payment (sandbox/sim/bills.ts) and, once paid, the ledger transaction that paid it.
  // - fine_bp: the fine in basis points of the document amount; interest_monthly_bp: the monthly
  //   late interest in basis points, pro rata die;
  // - last_payment_date: "não receber após" (NULL: payable any time);
  // - credit_account_id: a customer account of this bank that the payment credits (a deposit
  //   boleto the customer issued); NULL for bills of other banks and utilities (clearing).
  `
  CREATE TABLE bills (
    barcode TEXT PRIMARY KEY CHECK (length(barcode) = 44),
    kind TEXT NOT NULL CHECK (kind IN ('BOLETO', 'UTILITY')),
    typeable_line TEXT NOT NULL,
    beneficiary_name TEXT NOT NULL,
    beneficiary_tax_id TEXT NOT NULL,
    due_date TEXT,
    document_cents INTEGER NOT NULL CHECK (document_cents > 0),
    discount_cents INTEGER NOT NULL DEFAULT 0,
    deductions_cents INTEGER NOT NULL DEFAULT 0,
    fine_bp INTEGER NOT NULL DEFAULT 0,
    interest_monthly_bp INTEGER NOT NULL DEFAULT 0,
    minimum_cents INTEGER,
    maximum_cents INTEGER,
    last_payment_date TEXT,
    credit_account_id TEXT REFERENCES accounts(id),
    paid_transaction_id TEXT UNIQUE REFERENCES ledger_transactions(id),
    paid_at TEXT,
    created_at TEXT NOT NULL
  );
  `,
  // 8: deposit boletos (issue #14, 2-money-movement.md §2 Deposit by boleto): each is also a bill
  // of the registry (its barcode) that credits the depositor's account when paid. The
  // externalIdentifier is unique per account: the same request again gets the same boleto.
  `
  CREATE TABLE deposits (
    id INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    external_identifier TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    due_date TEXT NOT NULL,
    barcode TEXT NOT NULL UNIQUE REFERENCES bills(barcode),
    typeable_line TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'PAID')),
    paid_transaction_id TEXT REFERENCES ledger_transactions(id),
    created_at TEXT NOT NULL,
    UNIQUE (account_id, external_identifier)
  );
  CREATE INDEX deposits_account ON deposits (account_id, id);
  `,
  // 9: digital checks (issue #14, 2-money-movement.md §2 Receive by QR code; sandbox/sim/checks.ts):
  // single-use checks the bank signs, drawn on an issuer's account, redeemed once.
  `
  CREATE TABLE digital_checks (
    id TEXT PRIMARY KEY,
    issuer_account_id TEXT NOT NULL REFERENCES accounts(id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    issued_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    redeemed_at TEXT,
    redeemed_by_account_id TEXT REFERENCES accounts(id),
    transaction_id TEXT UNIQUE REFERENCES ledger_transactions(id)
  );
  `,
  // 10: the sandbox DICT (issue #15, 3-pix-part-one.md §3-§9; sandbox/sim/dict.ts): the Pix
  // participants (real ISPBs, seeded from machines/data/banks.json), every key in DICT (this bank's,
  // with their account, and other institutions', with their participant and owner), the ownership
  // codes of phone and e-mail keys (hashed), the Pix tutorial closed per account and, until the
  // devices issue, which users' devices are validated for Pix.
  `
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
  `,
  // 11: Pix send (issue 16, sandbox/sim/spi.ts): every Pix sent (interbank, internal, by QR) with
  // its end-to-end id (unique: settled at most once), its SPI status and when the SPI answers;
  // how the simulated receiving participants answer for some accounts (seeded); the dynamic
  // charges whose location the bank serves (seeded until issue 17 makes charges).
  `
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
  `,
  // 12. Pix receive, refunds and infractions (issue 17): charges made by the bank (kind, owner,
  // BR Code, due-date terms), static codes, refunds sent (pacs.004) and infractions with files.
  `
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
  `,
  // 13. A confirmation token is bound to the exact movement (issue 27): the signature carries only the whole reais, so the cents
  // and the externalIdentifier are kept too. Rows of an older file have NULL in both, which matches no movement: they confirm nothing (and expired within 5 min).
  `
  ALTER TABLE totp_confirmations ADD COLUMN amount_cents INTEGER;
  ALTER TABLE totp_confirmations ADD COLUMN external_identifier TEXT;
  `,
  // 14. An account's own Pix limits (issue 28; sim/pix-limit-rules.ts): every change of the day
  // total, the night total (cents) or the night start (20 or 22), with when it was asked and when
  // it takes effect (at once for a decrease, 24 h later for an increase). The limits at an
  // instant are the latest change of each field in effect then, so a schedule run for a past
  // instant reads the limits of that instant. The seed writes each account's defaults.
  `
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
  `,
  MED_TIMELINE, // 15. the MED timeline (issue 31): migrations/med-timeline.ts
  CLAIMS_MIGRATION, // 16. Key claims (issue 30): ./migration-claims.ts
  PIX_CASH_MIGRATION, // 17. Pix Saque and Pix Troco (issue 29): db/schema-pix-cash.ts.
  DEVICES_MIGRATION, // 18. Trusted devices (issue 30): db/schema-devices.ts.
];

export function migrate(db: Database.Database): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => (row as { version: number }).version),
  );
  MIGRATIONS.forEach((sql, index) => {
    const version = index + 1;
    if (applied.has(version)) return;
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        version,
        new Date().toISOString(),
      );
    })();
  });
}

/** Tables holding seeded or customer data, in an order that respects foreign keys on delete. */
export const DATA_TABLES: readonly string[] = [
  'pix_limit_changes',
  'infraction_files',
  'infractions',
  'pix_refunds',
  'pix_static_codes',
  'pix_schedules',
  'pix_payments',
  'spi_creditor_rules',
  'pix_charges',
  'device_challenges',
  'devices',
  'pix_tutorials',
  'pix_key_codes',
  'pix_keys',
  'pix_participants',
  'digital_checks',
  'deposits',
  'bills',
  'movement_requests',
  'totp_confirmations',
  'totp_secrets',
  'recipients',
  'auth_failures',
  'rate_events',
  'tokens',
  'verification_hashes',
  'password_change_codes',
  'notification_reads',
  'notifications',
  'addresses',
  'client_updates',
  'outbox',
  'ledger_entries',
  'ledger_transactions',
  'logins',
  'users',
  'accounts',
  'account_holders',
  'meta',
];
