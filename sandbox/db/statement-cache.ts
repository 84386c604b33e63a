/**
 * Prepared statements kept per connection, by their SQL text (issue 26).
 *
 * The handlers and the work done before every call (the SPI's answers, the refunds and the MED
 * steps due, the key claims' periods: `beforeCall` in server.ts) write `db.prepare(sql).all(...)`
 * where they need it, which compiled the same SQL again on every call: four sweeps and the session
 * lookup, about a fifth of the server's time on a statement read. Keeping each compiled statement
 * makes `db.prepare` a map lookup after the first call, with no change at the call sites.
 *
 * A kept statement is shared by every caller of the same SQL, so nobody may change its mode:
 * `.pluck()`, `.expand()`, `.raw()` and `.safeIntegers()` are refused by eslint in sandbox/ (read
 * the column from the row instead), and so is `.iterate()`, whose open cursor a nested call of
 * the same SQL would find busy. `.all()`, `.get()` and `.run()` finish before they return, so a
 * statement is never in use twice. SQLite compiles a kept statement again by itself when the
 * schema changes (sqlite3_prepare_v2), so migrations and the test image's restore keep working.
 */
import type Database from 'better-sqlite3';

/** More distinct SQL texts than the sandbox has (about 270): a bound, in case one is ever built from data. */
const MAX_KEPT = 1_000;

/** Makes `db.prepare` return the statement kept for the same SQL text; answers `db`. */
export function keepPreparedStatements(db: Database.Database): Database.Database {
  const compile = db.prepare.bind(db);
  const kept = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = kept.get(sql);
    if (!statement) {
      statement = compile(sql);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(sql, statement);
    }
    return statement;
  };
  db.prepare = prepare as Database.Database['prepare'];
  return db;
}
