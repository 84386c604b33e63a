import type Database from 'better-sqlite3';
import { localDate } from '../sim/dates.ts';
import { reseed } from './seed.ts';

/**
 * Pristine images of the sandbox's database, for POST /sandbox/reset: the seed is built once, copied
 * into an in-memory database ATTACHed to the same connection, and every later reset copies it back
 * table by table in one transaction (a few milliseconds instead of a re-seed's hundreds, which
 * hashes the demo passwords and draws 120 days of history each time).
 *
 * Why an attached copy rather than `db.serialize()` and a fresh connection: the connection is
 * shared by every route and prepared statement of the server, so restoring in place keeps them all
 * valid with no swap; the image is still a byte-for-byte copy of every table, whatever tables later
 * migrations add (the list is read from the schema, never kept by hand).
 */

/**
 * An image older than this (by the bank's clock) is seeded again: the seed's dates are relative to
 * its `now`, so a long-lived sandbox never serves links or codes made too long ago.
 */
const MAX_AGE_MS = 10 * 60_000;

/** SQLite's default limit is 10 attached databases; two images (plain seed, bulk seed) are enough. */
const MAX_IMAGES = 2;

interface Image {
  schema: string;
  tables: string[];
  /** The bank's clock when the seed was made. */
  seededAt: number;
}

export class PristineImages {
  private readonly images = new Map<string, Image>();
  private serial = 0;

  constructor(private readonly db: Database.Database) {}

  /**
   * The database as a fresh seed for `now` (with `bulkEntries` for "Empresa Volume"): the image of
   * that seed when there is a recent one for the same São Paulo day, else a re-seed, kept as the
   * image for the next reset. Returns how it got there.
   */
  reset(now: Date, bulkEntries: number | undefined): 'image' | 'seed' {
    const key = `${bulkEntries ?? 0}|${localDate(now)}`;
    const image = this.images.get(key);
    const age = image ? now.getTime() - image.seededAt : Infinity;
    if (image && age >= 0 && age <= MAX_AGE_MS && this.restore(key)) return 'image';
    reseed(this.db, { now, bulkEntries });
    this.capture(key, now);
    return 'seed';
  }

  /** Restores the image kept under `key`; false when there is none (seed, then {@link capture}). */
  restore(key: string): boolean {
    const image = this.images.get(key);
    if (!image) return false;
    // Rows go back in any order: foreign keys are checked once the copy is whole (it is the seed's).
    const foreignKeys = this.db.pragma('foreign_keys', { simple: true }) as number;
    if (foreignKeys) this.db.pragma('foreign_keys = OFF');
    try {
      this.db.transaction(() => {
        for (const t of dataTables(this.db, 'main'))
          if (!image.tables.includes(t)) this.db.prepare(`DELETE FROM main."${t}"`).run();
        for (const t of image.tables) {
          this.db.prepare(`DELETE FROM main."${t}"`).run();
          this.db.prepare(`INSERT INTO main."${t}" SELECT * FROM ${image.schema}."${t}"`).run();
        }
      })();
    } finally {
      if (foreignKeys) this.db.pragma('foreign_keys = ON');
    }
    // Keep the most recently used image last, so eviction drops the other one.
    this.images.delete(key);
    this.images.set(key, image);
    return true;
  }

  /** Keeps the database as it is now under `key`. */
  capture(key: string, seededAt: Date): void {
    this.drop(key);
    while (this.images.size >= MAX_IMAGES) this.drop(this.images.keys().next().value as string);
    const schema = `pristine_${++this.serial}`;
    this.db.prepare(`ATTACH DATABASE ':memory:' AS ${schema}`).run();
    const tables = dataTables(this.db, 'main');
    this.db.transaction(() => {
      for (const t of tables)
        this.db.prepare(`CREATE TABLE ${schema}."${t}" AS SELECT * FROM main."${t}"`).run();
    })();
    this.images.set(key, { schema, tables, seededAt: seededAt.getTime() });
  }

  private drop(key: string): void {
    const image = this.images.get(key);
    if (!image) return;
    this.images.delete(key);
    this.db.prepare(`DETACH DATABASE ${image.schema}`).run();
  }
}

/** The tables of a schema that hold rows (SQLite's own bookkeeping left out). */
function dataTables(db: Database.Database, schema: string): string[] {
  return (
    db
      .prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .all() as { name: string }[]
  ).map((r) => r.name);
}
