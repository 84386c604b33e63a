import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { textProblem } from '../contract/contract.ts';
import { badRequest, catalogueError, ok, type Reply } from '../http/replies.ts';
import { uploadedFile } from '../http/multipart.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { nextStepAt } from './med-timeline.ts';
import { requestHash } from './movement-common.ts';
import { daysSince, INFRACTION_WINDOW_DAYS, pixEntryByEndToEnd } from './pix-statement.ts';
import type { CallInput, Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];

/**
 * Infraction notifications (MED) (issue 17; 3-pix-part-one.md §2 Report infraction, §4, §5, §7,
 * §8; 4-pix-part-two.md §3, §4; domain notes §c MED; contract createInfraction,
 * attachInfractionFile, getOpenInfraction, cancelInfraction, listInfractions). Every refusal
 * returns before anything is written.
 */

/** Files: at most 5 MB each, 5 an infraction, PNG, JPEG or PDF by their first bytes. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS = 5;
/** The transport's bound on the upload request (the contract's 413). */
export const ATTACHMENT_BODY_LIMIT = 6 * 1024 * 1024;

/** The type of a file by its signature, or undefined when it is none the bank accepts. */
export function attachmentType(bytes: Buffer): 'image/png' | 'image/jpeg' | 'application/pdf' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

interface InfractionRow {
  id: number;
  account_id: string;
  end_to_end_id: string;
  type: 'FRAUD' | 'ERROR';
  description: string;
  status: Schemas['InfractionStatus'];
  reporter_ispb: string;
  external_identifier: string | null;
  request_hash: string | null;
  created_at: string;
  updated_at: string | null;
  analysis_result: 'AGREED' | 'DISAGREED' | null;
  refunded_cents: number | null;
}

interface FileRow {
  id: number;
  file_name: string;
  content_type: Schemas['InfractionFile']['contentType'];
  size: number;
}

/** The contract's bound on a file name (InfractionFile.fileName), in code points as JSON Schema counts. */
const MAX_FILE_NAME = 255;

/**
 * A file name as the bank keeps and shows it (issue 27): no path separators, at most 255 code points
 * (never cut inside a surrogate pair), 'anexo' when nothing is left. Names with control, bidi or
 * lone-surrogate characters are refused before this (attachInfractionFile); a name stored before
 * that rule still never comes back with one: each is shown as '_'.
 */
export function storedFileName(raw: string): string {
  const kept = Array.from(raw, (c) => (/[\\/]/.test(c) || textProblem(c) !== undefined ? '_' : c));
  return kept.slice(0, MAX_FILE_NAME).join('') || 'anexo';
}

const fileOf = (f: FileRow): Schemas['InfractionFile'] => ({
  idAttachment: f.id,
  fileName: storedFileName(f.file_name),
  contentType: f.content_type,
  size: f.size,
});

function toInfraction(db: Database.Database, row: InfractionRow): Schemas['Infraction'] {
  const files = db
    .prepare(
      'SELECT id, file_name, content_type, size FROM infraction_files WHERE infraction_id = ? ORDER BY id',
    )
    .all(row.id) as FileRow[];
  return {
    idInfraction: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    infractionType: row.type,
    infractionReportParticipant: row.reporter_ispb,
    infractionE2E: row.end_to_end_id,
    infractionDescription: row.description,
    infractionStatus: row.status,
    attachments: files.map(fileOf),
    analysisResult: row.analysis_result,
    refundedAmount: row.refunded_cents === null ? null : row.refunded_cents / 100,
  };
}

/** An infraction of one of the caller's accounts, or undefined. */
function ownInfraction(db: Database.Database, input: Pick<CallInput, 'session'>, id: number) {
  const row = db.prepare('SELECT * FROM infractions WHERE id = ?').get(id) as InfractionRow | undefined;
  return row && input.session?.accountIds.includes(row.account_id) ? row : undefined;
}

function createInfraction(input: OperationInput<'createInfraction'>, { db, now }: SandboxContext): Reply {
  const accountId = input.params.accountId;
  const req = input.body;
  const hash = requestHash('createInfraction', req);
  if (req.externalIdentifier !== undefined) {
    const first = db
      .prepare('SELECT * FROM infractions WHERE account_id = ? AND external_identifier = ?')
      .get(accountId, req.externalIdentifier) as InfractionRow | undefined;
    if (first && first.request_hash !== hash) return catalogueError(409, 'pixRequestReused');
    if (first) return ok<Schemas['InfractionCreated']>({ idInfraction: first.id });
  }
  const entry = pixEntryByEndToEnd(db, accountId, req.infractionE2E);
  if (!entry) return catalogueError(404, 'notFound');
  if (entry.historyCode !== '8011' || entry.row.amount_cents >= 0)
    return catalogueError(422, 'infractionNotAllowed');
  if (daysSince(entry, now()) > INFRACTION_WINDOW_DAYS) return catalogueError(422, 'infractionWindowClosed');
  const open = db
    .prepare("SELECT 1 FROM infractions WHERE end_to_end_id = ? AND status = 'OPEN'")
    .get(req.infractionE2E);
  if (open) return catalogueError(422, 'infractionAlreadyExists');
  const description = req.infractionDescription.trim();
  if (description.length <= 3)
    return catalogueError(422, 'invalidTransferField', [
      'infractionDescription: more than 3 characters after trimming',
    ]);
  const at = now();
  const result = db
    .prepare(
      `INSERT INTO infractions (account_id, end_to_end_id, type, description, status, reporter_ispb,
         external_identifier, request_hash, created_at, updated_at, next_step_at)
       VALUES (?, ?, ?, ?, 'OPEN', ?, ?, ?, ?, NULL, ?)`,
    )
    .run(
      accountId,
      req.infractionE2E,
      req.infractionType,
      description,
      OWN_BANK.ispb,
      req.externalIdentifier ?? null,
      hash,
      at.toISOString(),
      // The MED timeline moves it from here (routes/med-timeline.ts).
      nextStepAt(OWN_BANK.ispb, 'OPEN', at, req.infractionType),
    );
  return ok<Schemas['InfractionCreated']>({ idInfraction: Number(result.lastInsertRowid) });
}

function attachInfractionFile(
  input: OperationInput<'attachInfractionFile'>,
  { db, now }: SandboxContext,
): Reply {
  const file = uploadedFile(input.body);
  // The file's name is a text field like any other (contract/contract.ts textProblem): no control
  // characters (NUL included), no bidi controls ('fatura\u202Efdp.exe'), no lone surrogates.
  const nameProblem = file ? textProblem(file.fileName) : undefined;
  if (nameProblem)
    return badRequest('Nome de arquivo inválido.', [{ field: 'file', message: `file name ${nameProblem}` }]);
  const row = ownInfraction(db, input, input.body.infractionId);
  if (!row || row.reporter_ispb !== OWN_BANK.ispb) return catalogueError(404, 'notFound');
  if (!file || file.bytes.length === 0) return catalogueError(422, 'attachmentTypeRefused');
  if (row.status !== 'OPEN') return catalogueError(422, 'infractionNotOpen');
  const type = attachmentType(file.bytes);
  if (!type) return catalogueError(422, 'attachmentTypeRefused');
  if (file.bytes.length > MAX_ATTACHMENT_BYTES) return catalogueError(422, 'attachmentTooLarge');
  const fileName = storedFileName(file.fileName);
  // The contract has no idempotency id for an attach: a call retried after a lost answer sends
  // the same name and bytes again, and gets the file already stored, never a second copy.
  const stored = db
    .prepare(`SELECT id FROM infraction_files WHERE infraction_id = ? AND file_name = ? AND content = ?`)
    .get(row.id, fileName, file.bytes) as { id: number } | undefined;
  if (stored)
    return ok<Schemas['InfractionFile']>({
      idAttachment: stored.id,
      fileName,
      contentType: type,
      size: file.bytes.length,
    });
  const count = (
    db.prepare('SELECT COUNT(*) AS n FROM infraction_files WHERE infraction_id = ?').get(row.id) as {
      n: number;
    }
  ).n;
  if (count >= MAX_ATTACHMENTS) return catalogueError(422, 'attachmentLimit');
  const result = db
    .prepare(
      `INSERT INTO infraction_files (infraction_id, file_name, content_type, size, content, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(row.id, fileName, type, file.bytes.length, file.bytes, now().toISOString());
  return ok<Schemas['InfractionFile']>({
    idAttachment: Number(result.lastInsertRowid),
    fileName,
    contentType: type,
    size: file.bytes.length,
  });
}

function getOpenInfraction(input: OperationInput<'getOpenInfraction'>, { db }: SandboxContext): Reply {
  const row = db
    .prepare("SELECT * FROM infractions WHERE end_to_end_id = ? AND status = 'OPEN'")
    .get(input.params.pixId) as InfractionRow | undefined;
  const own = row && input.session?.accountIds.includes(row.account_id) ? row : undefined;
  return ok<Schemas['InfractionNullable']>(own ? toInfraction(db, own) : null);
}

function cancelInfraction(input: OperationInput<'cancelInfraction'>, { db, now }: SandboxContext): Reply {
  const row = ownInfraction(db, input, input.params.idInfraction);
  if (!row) return catalogueError(404, 'notFound');
  if (row.status === 'CANCELLED') return ok(toInfraction(db, row));
  if (row.status !== 'OPEN' || row.reporter_ispb !== OWN_BANK.ispb)
    return catalogueError(422, 'infractionNotOpen');
  db.prepare(
    "UPDATE infractions SET status = 'CANCELLED', updated_at = ?, next_step_at = NULL WHERE id = ? AND status = 'OPEN'",
  ).run(now().toISOString(), row.id);
  const updated = db.prepare('SELECT * FROM infractions WHERE id = ?').get(row.id) as InfractionRow;
  return ok(toInfraction(db, updated));
}

function listInfractions(input: OperationInput<'listInfractions'>, { db }: SandboxContext): Reply {
  const rows = db
    .prepare('SELECT * FROM infractions WHERE account_id = ? ORDER BY created_at DESC, id DESC')
    .all(input.params.accountId) as InfractionRow[];
  return ok(rows.map((r) => toInfraction(db, r)));
}

export const infractionHandlers = {
  createInfraction,
  attachInfractionFile,
  getOpenInfraction,
  cancelInfraction,
  listInfractions,
} satisfies Handlers;
