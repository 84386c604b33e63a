import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keepPreparedStatements } from './statement-cache.ts';

describe('keepPreparedStatements', () => {
  it('answers the statement compiled the first time for the same SQL text, and another for other SQL', () => {
    const db = keepPreparedStatements(new Database(':memory:'));
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const first = db.prepare('SELECT name FROM t WHERE id = ?');
    expect(db.prepare('SELECT name FROM t WHERE id = ?')).toBe(first);
    expect(db.prepare('SELECT id FROM t WHERE name = ?')).not.toBe(first);
    db.close();
  });

  it('a kept statement reads the rows written since, and works again after the schema changes', () => {
    const db = keepPreparedStatements(new Database(':memory:'));
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const insert = 'INSERT INTO t (name) VALUES (?)';
    const read = 'SELECT * FROM t ORDER BY id';
    db.prepare(insert).run('a');
    expect(db.prepare(read).all()).toEqual([{ id: 1, name: 'a' }]);
    db.exec('ALTER TABLE t ADD COLUMN kind TEXT');
    db.prepare(insert).run('b');
    expect(db.prepare(read).all()).toEqual([
      { id: 1, name: 'a', kind: null },
      { id: 2, name: 'b', kind: null },
    ]);
    db.close();
  });

  it('keeps at most a thousand texts, dropping the oldest', () => {
    const db = keepPreparedStatements(new Database(':memory:'));
    const oldest = db.prepare('SELECT 0');
    for (let i = 1; i <= 1_000; i++) db.prepare(`SELECT ${i}`);
    expect(db.prepare('SELECT 1000')).toBe(db.prepare('SELECT 1000'));
    expect(db.prepare('SELECT 0')).not.toBe(oldest);
    db.close();
  });
});
