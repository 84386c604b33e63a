/**
 * Migrations 6 to 9 and 13 of sandbox/db/schema.ts: money movement (issues #13, #14 and 27;
 * 2-money-movement.md): security codes and their confirmations, saved recipients and idempotent
 * movements, the bill registry, deposit boletos, digital checks, and the confirmation bound to the
 * exact movement.
 */

/**
 * Migration 6: money movement (issue #13, 2-money-movement.md).
 * - totp_secrets: each holder's security-code secret (base32) and the last time step accepted, so a
 *   code is never accepted twice (replay);
 * - totp_confirmations: what a right code buys: a single-use token (only its SHA-256 kept) bound to
 *   one account and one transaction signature (and, since 13, the movement's cents and
 *   externalIdentifier), for a few minutes;
 * - recipients: the saved-recipient book of an account;
 * - movement_requests: the idempotency of money movements, keyed by the account and the
 *   externalIdentifier, with a hash of the request and the first answer, replayed as it was.
 */
export const MONEY_MOVEMENT = `
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
`;

/**
 * Migration 7: the bill registry (issue #14, 2-money-movement.md §2 Bill payment): every bill the
 * bank can pay, keyed by its 44-digit barcode, with the terms the charges are computed from on the
 * day of payment (sandbox/sim/bills.ts) and, once paid, the ledger transaction that paid it.
 * - fine_bp: the fine in basis points of the document amount; interest_monthly_bp: the monthly late
 *   interest in basis points, pro rata die;
 * - last_payment_date: "não receber após" (NULL: payable any time);
 * - credit_account_id: a customer account of this bank that the payment credits (a deposit boleto
 *   the customer issued); NULL for bills of other banks and utilities (clearing).
 */
export const BILL_REGISTRY = `
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
`;

/**
 * Migration 8: deposit boletos (issue #14, 2-money-movement.md §2 Deposit by boleto): each is also
 * a bill of the registry (its barcode) that credits the depositor's account when paid. The
 * externalIdentifier is unique per account: the same request again gets the same boleto.
 */
export const DEPOSIT_BOLETOS = `
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
`;

/**
 * Migration 9: digital checks (issue #14, 2-money-movement.md §2 Receive by QR code;
 * sandbox/sim/checks.ts): single-use checks the bank signs, drawn on an issuer's account, redeemed
 * once.
 */
export const DIGITAL_CHECKS = `
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
`;

/**
 * Migration 13: a confirmation token is bound to the exact movement (issue 27): the signature
 * carries only the whole reais, so the cents and the externalIdentifier are kept too. Rows of an
 * older file have NULL in both, which matches no movement: they confirm nothing (and expired within
 * 5 min).
 */
export const CONFIRMATION_PER_MOVEMENT = `
  ALTER TABLE totp_confirmations ADD COLUMN amount_cents INTEGER;
  ALTER TABLE totp_confirmations ADD COLUMN external_identifier TEXT;
`;
