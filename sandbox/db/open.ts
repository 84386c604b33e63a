import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './schema.ts';
import { keepPreparedStatements } from './statement-cache.ts';

/** Owner read and write only: the file holds every customer's data and password hashes. */
const OWNER_ONLY = 0o600;

/** Opens (creating if needed) the sandbox database and brings its schema up to date. */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Created here with the right mode before SQLite opens it (SQLite would use the umask); an
    // existing file from an older start is tightened too.
    if (!existsSync(file)) closeSync(openSync(file, 'a', OWNER_ONLY));
    chmodSync(file, OWNER_ONLY);
  }
  const db = keepPreparedStatements(new Database(file));
  if (file !== ':memory:') {
    db.pragma('journal_mode = WAL');
    // SQLite gives the -wal and -shm files the database file's mode; an older start may have left
    // them wider.
    for (const extra of [`${file}-wal`, `${file}-shm`]) if (existsSync(extra)) chmodSync(extra, OWNER_ONLY);
  }
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}
