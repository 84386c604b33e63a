import type Database from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Reply } from './replies.ts';
import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD, negotiatedEncoding, type Encoding } from './compression.ts';

/**
 * The statement's answers, kept serialized and compressed until the account's ledger changes
 * (issue 26). A 5,000-entry statement costs about 100 ms of CPU to read, build, serialize and
 * compress, and the same customer asks for the same period again and again (the portal's
 * statement, its searches, its exports); the bank's answer cannot change until a movement of that
 * account is written, so it is computed once per version of the account's ledger.
 *
 * Only the answer is kept: everything before the handler still runs on a hit (faults, the
 * session's authentication, the contract's check of the request, the account belonging to the
 * session, the work due by now), in the call's own transaction. The answer was checked against
 * the contract when it was made (the miss), and a hit sends those bytes again.
 *
 * Memory is bounded by the bytes kept (the JSON and whichever of its br and gzip forms were
 * asked for), least recently used out first; an answer larger than the whole budget is not kept.
 */

/** What the cache keeps per operation: the part of a validated call its answer depends on. */
type KeyOf = (
  params: Readonly<Record<string, unknown>>,
  query: Readonly<Record<string, unknown>>,
) => { accountId: string; rest: string };

/**
 * The operations whose answer is a function of the account's ledger and the query alone: the
 * statement (getStatement) and its export (getReportStatement, whose opening balance is a sum of
 * the same entries). Neither reads the clock: the work due by now (`beforeCall`: the SPI's
 * answers, scheduled Pix, returns, the MED) runs before the lookup and writes the ledger, which
 * changes the version. The query is normalized as the handlers read it (isPix is true or not).
 */
const PERIOD_OF_ACCOUNT: KeyOf = (params, query) => ({
  accountId: String(params.accountId),
  rest: `${String(query.start)}|${String(query.ending)}|${query.isPix === true ? 'pix' : 'all'}`,
});
const CACHED_OPERATIONS: Readonly<Record<string, KeyOf>> = {
  getStatement: PERIOD_OF_ACCOUNT,
  getReportStatement: PERIOD_OF_ACCOUNT,
};

/** 32 MiB: about fifteen 5,000-entry statements with both compressed forms (2.1 MB each). */
export const DEFAULT_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The version of each account's ledger: a counter in a TEMP table, raised by TEMP triggers in the
 * same SQLite transaction as any row of ledger_entries inserted, deleted or changed for the
 * account, and as any change of a ledger_transactions row that has entries of it (a refund's
 * refund_of, a description). The refunded amounts a statement shows are sums of the account's own
 * refund entries, so a refund raises the version of every account it touches.
 *
 * TEMP, because POST /sandbox/reset restores the seed's image of every table of `main`
 * (db/image.ts): a counter kept there would go back to an earlier value while the rows differ,
 * and a stale answer would match it. The restore deletes and inserts rows, which raises the
 * counters instead, so they never go back while the connection lives (and the cache lives no
 * longer than the connection).
 */
export function installLedgerVersions(db: Database.Database): void {
  const bump = (account: string) =>
    `INSERT INTO temp.ledger_versions (account_id, version) VALUES (${account}, 1)
       ON CONFLICT (account_id) DO UPDATE SET version = version + 1;`;
  const bumpTransaction = (id: string) =>
    `INSERT INTO temp.ledger_versions (account_id, version)
       SELECT DISTINCT account_id, 1 FROM main.ledger_entries WHERE transaction_id = ${id}
       ON CONFLICT (account_id) DO UPDATE SET version = version + 1;`;
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS ledger_versions (
      account_id TEXT PRIMARY KEY,
      version INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TEMP TRIGGER IF NOT EXISTS ledger_entry_inserted AFTER INSERT ON main.ledger_entries
    BEGIN ${bump('NEW.account_id')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ledger_entry_deleted AFTER DELETE ON main.ledger_entries
    BEGIN ${bump('OLD.account_id')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ledger_entry_updated AFTER UPDATE ON main.ledger_entries
    BEGIN ${bump('OLD.account_id')} ${bump('NEW.account_id')} END;
    CREATE TEMP TRIGGER IF NOT EXISTS ledger_transaction_updated AFTER UPDATE ON main.ledger_transactions
    BEGIN ${bumpTransaction('OLD.id')} ${bumpTransaction('NEW.id')} END;
  `);
}

/**
 * One kept answer: its status, headers and JSON bytes, and its compressed forms, each made the
 * first time a client asks for it and kept with it (its cache counts their bytes).
 */
export class CachedAnswer {
  private readonly encoded: Partial<Record<Encoding, Buffer>> = {};

  constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>> | undefined,
    readonly contentType: string,
    readonly json: Buffer,
    private readonly grew: (bytes: number) => void,
  ) {}

  /** The answer's bytes in `encoding`, with the compression plugin's settings. */
  bytesIn(encoding: Encoding): Buffer {
    const done = this.encoded[encoding];
    if (done) return done;
    const bytes = encoding === 'br' ? brotliCompressSync(this.json, BROTLI_OPTIONS) : gzipSync(this.json);
    this.encoded[encoding] = bytes;
    this.grew(bytes.length);
    return bytes;
  }
}

interface Kept {
  version: number;
  answer: CachedAnswer;
  bytes: number;
}

export class AnswerCache {
  private readonly kept = new Map<string, Kept>();
  private total = 0;
  private readonly versionOf: Database.Statement;

  constructor(
    db: Database.Database,
    readonly maxBytes: number = DEFAULT_ANSWER_CACHE_BYTES,
  ) {
    installLedgerVersions(db);
    this.versionOf = db.prepare('SELECT version FROM temp.ledger_versions WHERE account_id = ?');
  }

  /** The bytes kept now (JSON and compressed forms). */
  get bytes(): number {
    return this.total;
  }

  /** Where a validated call's answer is kept, or undefined when the operation's is not. */
  slot(
    operationId: string,
    params: Readonly<Record<string, unknown>>,
    query: Readonly<Record<string, unknown>>,
  ): AnswerSlot | undefined {
    const keyOf = CACHED_OPERATIONS[operationId];
    if (!keyOf) return undefined;
    const { accountId, rest } = keyOf(params, query);
    return new AnswerSlot(this, `${operationId}|${accountId}|${rest}`, accountId);
  }

  /** The version of an account's ledger now (0 before its first write since the server started). */
  versionNow(accountId: string): number {
    return (this.versionOf.get(accountId) as { version: number } | undefined)?.version ?? 0;
  }

  /** The answer kept under `key` at `version`, which becomes the most recently used. */
  find(key: string, version: number): CachedAnswer | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    this.forget(key);
    if (kept.version !== version) return undefined;
    this.remember(key, kept);
    return kept.answer;
  }

  /**
   * Keeps a handler's successful JSON answer, serialized as Fastify would (JSON.stringify), and
   * returns it to be sent; any other answer is not kept (undefined).
   */
  keep(key: string, version: number, out: Reply): CachedAnswer | undefined {
    if (out.status !== 200 || out.body === undefined || typeof out.body === 'string') return undefined;
    const contentType = out.contentType ?? 'application/json; charset=utf-8';
    if (!contentType.startsWith('application/json')) return undefined;
    const json = Buffer.from(JSON.stringify(out.body), 'utf8');
    const answer: CachedAnswer = new CachedAnswer(out.status, out.headers, contentType, json, (grown) =>
      this.grew(key, answer, grown),
    );
    this.forget(key);
    this.remember(key, { version, answer, bytes: json.length });
    return answer;
  }

  /** A compressed form was made: counted while the answer is kept under its key, then evictions. */
  private grew(key: string, answer: CachedAnswer, bytes: number): void {
    const kept = this.kept.get(key);
    if (kept?.answer !== answer) return;
    this.forget(key);
    this.remember(key, { ...kept, bytes: kept.bytes + bytes });
  }

  private forget(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    this.total -= kept.bytes;
  }

  /** Keeps `kept` as the most recently used, then drops the least recently used over the budget. */
  private remember(key: string, kept: Kept): void {
    if (kept.bytes > this.maxBytes) return;
    this.kept.set(key, kept);
    this.total += kept.bytes;
    for (const [oldest] of this.kept) {
      if (this.total <= this.maxBytes) break;
      this.forget(oldest);
    }
  }
}

/**
 * One call's place in the cache: `hit()` reads the account's version (in the call's transaction,
 * after the work due by now) and the answer kept at it; `keep()` keeps the handler's answer at
 * that version.
 */
export class AnswerSlot {
  private version = 0;

  constructor(
    private readonly cache: AnswerCache,
    private readonly key: string,
    private readonly accountId: string,
  ) {}

  hit(): CachedAnswer | undefined {
    this.version = this.cache.versionNow(this.accountId);
    return this.cache.find(this.key, this.version);
  }

  keep(out: Reply): CachedAnswer | undefined {
    return this.cache.keep(this.key, this.version, out);
  }
}

/**
 * Sends a kept answer as the uncached path does (http/send.ts, then the compression plugin): the
 * status, the handler's headers and content type, and the body in the encoding the plugin would
 * choose, already compressed (the plugin leaves an answer that has a Content-Encoding alone).
 * `Vary: accept-encoding` and `Cache-Control: no-store` come from the hooks of every API answer.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.code(answer.status);
  if (answer.headers) reply.headers(answer.headers);
  reply.type(answer.contentType);
  const encoding =
    answer.json.length >= COMPRESSION_THRESHOLD ? negotiatedEncoding(request.headers) : undefined;
  if (encoding === undefined) return reply.send(answer.json);
  reply.header('content-encoding', encoding);
  return reply.send(answer.bytesIn(encoding));
}
