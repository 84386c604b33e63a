/**
 * Migration 1 of sandbox/db/schema.ts: the bank's first tables. Holders, their accounts (the
 * customers' and the bank's own: clearing, fees, top-up settlement), users and the user names they
 * sign in with, session tokens and e-mailed link hashes; the double-entry ledger (transactions and
 * their entries: balances are sums, never stored); notifications, the address book, the client
 * updates, the outbox and the bank's meta values.
 */

export const BASE_TABLES = `
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
`;
