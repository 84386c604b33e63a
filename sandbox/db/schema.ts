/**
 * The sandbox bank's tables: the migrations in order, and the runner that applies them. Each
 * migration runs once, in order, in a transaction, recorded in `schema_migrations` (`migrate` is
 * idempotent, safe on an existing file). Money lives only in the double-entry ledger
 * (`ledger_transactions` + `ledger_entries`): balances are sums, never stored. Each migration's SQL
 * is in a file by its subject (migrations/*.ts and the later ./migration-*.ts, ./schema-*.ts); its
 * place in MIGRATIONS is its version, so a migration is only ever appended.
 */
import type Database from 'better-sqlite3';
import { CLAIMS_MIGRATION } from './migration-claims.ts';
import {
  CLIENT_UPDATE_IDS_PER_CUSTOMER,
  HASHED_LINKS,
  PASSWORD_CHANGE_CODES,
  THROTTLING,
} from './migrations/access.ts';
import { BASE_TABLES } from './migrations/base.ts';
import { MED_TIMELINE } from './migrations/med-timeline.ts';
import {
  BILL_REGISTRY,
  CONFIRMATION_PER_MOVEMENT,
  DEPOSIT_BOLETOS,
  DIGITAL_CHECKS,
  MONEY_MOVEMENT,
} from './migrations/money-movement.ts';
import { PIX_LIMITS, PIX_RECEIVE, PIX_SEND, SANDBOX_DICT } from './migrations/pix.ts';
import { DEVICES_MIGRATION } from './schema-devices.ts';
import { PIX_CASH_MIGRATION } from './schema-pix-cash.ts';

/** The migrations, in order: the version of each is its place here (1-based). */
const MIGRATIONS: readonly string[] = [
  BASE_TABLES, // 1. holders, accounts, users, sessions, the ledger, notifications, addresses
  PASSWORD_CHANGE_CODES, // 2. password change codes (4-pix-part-two.md §2)
  CLIENT_UPDATE_IDS_PER_CUSTOMER, // 3. updateClient ids unique per customer (issue #10)
  THROTTLING, // 4. sign-in and code-check throttling (issue #10)
  HASHED_LINKS, // 5. links stored as the hash of their secret
  MONEY_MOVEMENT, // 6. security codes, confirmations, recipients, idempotency (issue #13)
  BILL_REGISTRY, // 7. the bill registry (issue #14)
  DEPOSIT_BOLETOS, // 8. deposit boletos (issue #14)
  DIGITAL_CHECKS, // 9. digital checks (issue #14)
  SANDBOX_DICT, // 10. the sandbox DICT (issue #15)
  PIX_SEND, // 11. Pix send (issue 16)
  PIX_RECEIVE, // 12. Pix receive, refunds and infractions (issue 17)
  CONFIRMATION_PER_MOVEMENT, // 13. a confirmation bound to the exact movement (issue 27)
  PIX_LIMITS, // 14. an account's own Pix limits (issue 28)
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
