import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CLAIM_TABLES } from './migration-claims.ts';
import { DATA_TABLES, migrate } from './schema.ts';

const tables = (db: Database.Database): string[] =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);

const versions = (db: Database.Database): number[] =>
  (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map(
    (r) => r.version,
  );

describe('migrations', () => {
  it('apply once, in order, and a second run changes nothing', () => {
    const db = new Database(':memory:');
    migrate(db);
    const after = { tables: tables(db), versions: versions(db) };
    expect(after.versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    migrate(db);
    expect({ tables: tables(db), versions: versions(db) }).toEqual(after);
  });

  it('every table but the bookkeeping is emptied by a reset', () => {
    const db = new Database(':memory:');
    migrate(db);
    expect([...CLAIM_TABLES, ...DATA_TABLES].sort()).toEqual(
      tables(db).filter((t) => t !== 'schema_migrations'),
    );
  });

  it('upgrade a file whose password-code table was made on first use (before migration 2)', () => {
    const db = new Database(':memory:');
    migrate(db);
    db.exec('DELETE FROM schema_migrations WHERE version = 2');
    expect(() => migrate(db)).not.toThrow();
    expect(versions(db)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });
});
