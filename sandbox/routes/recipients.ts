import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';
import { findHolder, nationalPhone } from '../db/queries.ts';
import { ack, badRequest, catalogueError, ok } from '../http/replies.ts';
import {
  bankAccountProblems,
  nameProblems,
  nicknameProblems,
  normalizeCnpj,
  taxIdProblems,
  validCnpj,
  type FieldProblem,
  pixKeyProblems,
} from '../sim/recipient-rules.ts';
import type { CallInput, Handlers, OperationInput, SandboxContext } from './types.ts';

type Schemas = components['schemas'];
type RecipientInput = Schemas['RecipientInput'];

/**
 * The recipient book (2-money-movement.md §2 Recipient book, §3 Recipient, §5 Recipient form) and
 * the contact lookup of company accounts (§2 Company transfer, §7 GET /contact-users). A book
 * belongs to the first account of the session (§6: the portal always uses it); another account's
 * recipient is not found (404), never shown.
 */

interface RecipientRow {
  id: number;
  account_id: string;
  recipient_type: Schemas['RecipientType'];
  nickname: string;
  name: string | null;
  cpf_cnpj: string | null;
  bank_code: string | null;
  bank_name: string | null;
  branch_code: string | null;
  account_type: Schemas['RecipientAccountType'];
  account_number: string | null;
  account_number_digit: string | null;
  phone_number: string | null;
  pix_key: string | null;
  created_at: string;
  updated_at: string | null;
}

function toRecipient(r: RecipientRow): Schemas['Recipient'] {
  return {
    idRecipient: r.id,
    userAccountId: r.account_id,
    nickname: r.nickname,
    name: r.name,
    cpfCnpj: r.cpf_cnpj,
    bankCode: r.bank_code,
    bankName: r.bank_name,
    branchCode: r.branch_code,
    accountType: r.account_type,
    accountNumber: r.account_number,
    accountNumberDigit: r.account_number_digit,
    phoneNumber: r.phone_number,
    recipientType: r.recipient_type,
    key: r.pix_key,
    isEdit: false,
    createdAt: r.created_at,
  };
}

function ownAccount(input: Pick<CallInput, 'session'>): string | undefined {
  return input.session?.accountIds[0];
}

function findRecipient(db: Database.Database, accountId: string, id: number): RecipientRow | undefined {
  return db.prepare('SELECT * FROM recipients WHERE id = ? AND account_id = ?').get(id, accountId) as
    RecipientRow | undefined;
}

/** A company customer of the bank (one that can receive a company transfer), by its CNPJ. */
export function companyByCnpj(
  db: Database.Database,
  cnpj: string,
):
  | {
      holderId: string;
      name: string;
      taxId: string;
      phone: string | null;
      accounts: Schemas['ContactAccount'][];
    }
  | undefined {
  const holder = db
    .prepare(
      "SELECT id, name, tax_id, phone FROM account_holders WHERE person_type = 'CORPORATE' AND tax_id = ? AND status = 'ACTIVE'",
    )
    .get(cnpj) as { id: string; name: string; tax_id: string; phone: string | null } | undefined;
  if (!holder) return undefined;
  const accounts = db
    .prepare(
      "SELECT id, branch, number FROM accounts WHERE holder_id = ? AND kind = 'CUSTOMER' ORDER BY created_at, id",
    )
    .all(holder.id) as { id: string; branch: string; number: string }[];
  return {
    holderId: holder.id,
    name: holder.name,
    taxId: holder.tax_id,
    phone: holder.phone,
    // The branch and number a person reads beside the id a payment is sent to (ContactAccount).
    accounts: accounts.map((a) => ({ accountId: a.id, branch: a.branch, account: a.number })),
  };
}

/** Whether the account already keeps a company-account recipient with this CNPJ (other than `exceptId`). */
function companyAlreadySaved(db: Database.Database, accountId: string, cnpj: string, exceptId = 0): boolean {
  return (
    db
      .prepare(
        "SELECT 1 FROM recipients WHERE account_id = ? AND recipient_type = 'InternalTransfer' AND cpf_cnpj = ? AND id <> ?",
      )
      .get(accountId, cnpj, exceptId) !== undefined
  );
}

/**
 * Whether the account already keeps a Pix recipient with this key (other than `exceptId`).
 * Decision (3-pix-part-one.md §8 'Favorecido já cadastrado' does not say what a duplicate is): the
 * same key in the same book, as the DICT writes it. A key names one account, so a second entry
 * would be the same destination under two nicknames; the same key in another customer's book is
 * that customer's business.
 */
function pixKeyAlreadySaved(db: Database.Database, accountId: string, key: string, exceptId = 0): boolean {
  return (
    db
      .prepare(
        "SELECT 1 FROM recipients WHERE account_id = ? AND recipient_type = 'Pix' AND pix_key = ? AND id <> ?",
      )
      .get(accountId, key, exceptId) !== undefined
  );
}

/** §5 Recipient form, per type: the bank's own check. */
function recipientProblems(r: RecipientInput): FieldProblem[] {
  const out = nicknameProblems(r.nickname);
  if (r.recipientType === 'BankTransfer') {
    out.push(...nameProblems('name', r.name, r.cpfCnpj));
    out.push(...taxIdProblems('cpfCnpj', r.cpfCnpj));
    out.push(
      ...bankAccountProblems({
        bankCode: ['bankCode', r.bankCode],
        branch: ['branchCode', r.branchCode],
        account: ['accountNumber', r.accountNumber],
        digit: ['accountNumberDigit', r.accountNumberDigit],
      }),
    );
    if (r.accountType !== 'CC' && r.accountType !== 'POUPANCA')
      out.push('accountType: must be CC or POUPANCA');
  } else if (r.recipientType === 'InternalTransfer') {
    if (!r.cpfCnpj) out.push('cpfCnpj: required');
    else if (!validCnpj(r.cpfCnpj)) out.push('cpfCnpj: not a valid CNPJ');
  } else if (r.recipientType === 'Pix') {
    out.push(...pixKeyProblems('key', r.key));
  }
  return out;
}

/**
 * The columns a type keeps (§4: switching type clears the fields that do not apply). A Pix
 * recipient may carry manual bank data (3-pix-part-one.md), so it keeps them.
 */
function rowValues(r: RecipientInput) {
  const ted = r.recipientType === 'BankTransfer';
  const pix = r.recipientType === 'Pix';
  const bankData = ted || pix;
  return {
    recipient_type: r.recipientType,
    nickname: r.nickname.trim(),
    name: r.name?.trim() || null,
    cpf_cnpj: r.cpfCnpj ?? null,
    bank_code: bankData ? (r.bankCode ?? null) : null,
    bank_name: bankData ? (r.bankName ?? null) : null,
    branch_code: bankData ? (r.branchCode ?? null) : null,
    account_type: bankData ? (r.accountType ?? null) : null,
    account_number: bankData ? (r.accountNumber ?? null) : null,
    account_number_digit: bankData ? (r.accountNumberDigit ?? null) : null,
    phone_number: r.phoneNumber ?? null,
    pix_key: pix ? (r.key ?? null) : null,
  };
}

/** The checks shared by create and update; a refusal, or undefined when the recipient may be saved. */
function refusal(db: Database.Database, accountId: string, r: RecipientInput, exceptId = 0) {
  if (r.userAccountId !== undefined && r.userAccountId !== accountId)
    return catalogueError(422, 'invalidTransferField', ['userAccountId: must be your own account']);
  const problems = recipientProblems(r);
  if (problems.length > 0) return catalogueError(422, 'invalidTransferField', problems);
  if (r.recipientType === 'InternalTransfer' && r.cpfCnpj) {
    // A company account is an account of this bank: one that does not exist cannot be saved.
    if (!companyByCnpj(db, r.cpfCnpj)) return catalogueError(422, 'contactNotFound');
    if (companyAlreadySaved(db, accountId, r.cpfCnpj, exceptId))
      return catalogueError(422, 'recipientAlreadyRegistered');
  }
  if (r.recipientType === 'Pix' && r.key && pixKeyAlreadySaved(db, accountId, r.key, exceptId))
    return catalogueError(422, 'recipientAlreadyRegistered');
  return undefined;
}

function createRecipient(input: OperationInput<'createRecipient'>, { db, now }: SandboxContext) {
  const accountId = ownAccount(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const r = input.body;
  const refused = refusal(db, accountId, r);
  if (refused) return refused;
  const v = rowValues(r);
  const id = Number(
    db
      .prepare(
        `INSERT INTO recipients (account_id, recipient_type, nickname, name, cpf_cnpj, bank_code, bank_name, branch_code,
           account_type, account_number, account_number_digit, phone_number, pix_key, created_at)
         VALUES (@account_id, @recipient_type, @nickname, @name, @cpf_cnpj, @bank_code, @bank_name, @branch_code,
           @account_type, @account_number, @account_number_digit, @phone_number, @pix_key, @created_at)`,
      )
      .run({ ...v, account_id: accountId, created_at: now().toISOString() }).lastInsertRowid,
  );
  const row = findRecipient(db, accountId, id);
  return row ? ok(toRecipient(row)) : catalogueError(404, 'notFound');
}

function updateRecipient(input: OperationInput<'updateRecipient'>, { db, now }: SandboxContext) {
  const accountId = ownAccount(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const r = input.body;
  const existing = findRecipient(db, accountId, r.idRecipient);
  if (!existing) return catalogueError(404, 'notFound');
  const refused = refusal(db, accountId, r, existing.id);
  if (refused) return refused;
  db.prepare(
    `UPDATE recipients SET recipient_type = @recipient_type, nickname = @nickname, name = @name, cpf_cnpj = @cpf_cnpj,
       bank_code = @bank_code, bank_name = @bank_name, branch_code = @branch_code, account_type = @account_type,
       account_number = @account_number, account_number_digit = @account_number_digit, phone_number = @phone_number,
       pix_key = @pix_key, updated_at = @updated_at
     WHERE id = @id AND account_id = @account_id`,
  ).run({ ...rowValues(r), updated_at: now().toISOString(), id: existing.id, account_id: accountId });
  const row = findRecipient(db, accountId, existing.id);
  return row ? ok(toRecipient(row)) : catalogueError(404, 'notFound');
}

function getRecipient(input: OperationInput<'getRecipient'>, { db }: SandboxContext) {
  const accountId = ownAccount(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const row = findRecipient(db, accountId, input.params.idRecipient);
  return row ? ok(toRecipient(row)) : catalogueError(404, 'notFound');
}

function deleteRecipient(input: OperationInput<'deleteRecipient'>, { db }: SandboxContext) {
  const accountId = ownAccount(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const row = findRecipient(db, accountId, input.params.idRecipient);
  if (!row) return catalogueError(404, 'notFound');
  db.prepare('DELETE FROM recipients WHERE id = ?').run(row.id);
  return ack('Favorecido excluído.');
}

function listRecipients(input: OperationInput<'listRecipients'>, { db }: SandboxContext) {
  const accountId = ownAccount(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const rows = db
    .prepare('SELECT * FROM recipients WHERE account_id = ? ORDER BY id DESC')
    .all(accountId) as RecipientRow[];
  return ok(rows.map(toRecipient));
}

/**
 * Columns the grid may sort by (§2: server-side sorting), by the name the portal sends: the
 * contract's field names, and the spec's snake_case for the id. Anything else is a 400: a column
 * name is never put into SQL from the request.
 */
export const SORTABLE: Readonly<Record<string, string>> = {
  idRecipient: 'id',
  id_recipient: 'id',
  nickname: 'nickname COLLATE NOCASE',
  name: 'name COLLATE NOCASE',
  cpfCnpj: 'cpf_cnpj',
  bankCode: 'bank_code',
  bankName: 'bank_name COLLATE NOCASE',
  branchCode: 'branch_code',
  accountNumber: 'account_number',
  // The Pix book's key column (3-pix-part-one.md §2 Recipient book (Pix variant)).
  key: 'pix_key',
  recipientType: 'recipient_type',
  recipient_type: 'recipient_type',
  createdAt: 'created_at',
  // The grid's column names (§2: type, bank, account, CPF/CNPJ).
  type: 'recipient_type',
  bank: 'bank_name COLLATE NOCASE',
  account: 'account_number',
  cpf_cnpj: 'cpf_cnpj',
};

/** Largest page the bank serves (the grid offers 5, 10 and 20). */
export const MAX_PAGE_SIZE = 100;

const RECIPIENT_TYPES: readonly string[] = ['BankTransfer', 'InternalTransfer', 'Pix'];

/**
 * A page of the book, paged and sorted in SQL (§2; §9: default sort idRecipient descending). The
 * filters are recipient_type (one type) and is_pix (Pix or not); an empty or null value means no
 * filter. A page past the last is empty.
 */
function listRecipientsPaged(input: OperationInput<'listRecipientsPaged'>, { db }: SandboxContext) {
  const accountId = ownAccount(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const req = input.body;
  const errors: { field: string; message: string }[] = [];
  const fieldToSort = req.fieldToSort?.trim() || 'idRecipient';
  const column = SORTABLE[fieldToSort];
  if (!column)
    errors.push({ field: 'fieldToSort', message: `must be one of ${Object.keys(SORTABLE).join(', ')}` });
  if (req.pageSize > MAX_PAGE_SIZE)
    errors.push({ field: 'pageSize', message: `must be at most ${MAX_PAGE_SIZE}` });
  const where = ['account_id = ?'];
  const args: unknown[] = [accountId];
  for (const [name, value] of Object.entries(req.filters ?? {})) {
    if (value === null || value === '') continue;
    if (name === 'recipient_type' || name === 'recipientType') {
      if (typeof value !== 'string' || !RECIPIENT_TYPES.includes(value))
        errors.push({ field: `filters.${name}`, message: `must be one of ${RECIPIENT_TYPES.join(', ')}` });
      else {
        where.push('recipient_type = ?');
        args.push(value);
      }
    } else if (name === 'is_pix') {
      if (typeof value !== 'boolean') errors.push({ field: 'filters.is_pix', message: 'must be a boolean' });
      else where.push(value ? "recipient_type = 'Pix'" : "recipient_type <> 'Pix'");
    } else errors.push({ field: `filters.${name}`, message: 'unknown filter (recipient_type, is_pix)' });
  }
  if (errors.length > 0 || !column) return badRequest('Pedido de página inválido.', errors);
  const direction = (req.direction ?? 1) === 0 ? 'ASC' : 'DESC';
  const filter = where.join(' AND ');
  const { n } = db.prepare(`SELECT COUNT(*) AS n FROM recipients WHERE ${filter}`).get(...args) as {
    n: number;
  };
  // Ties (same nickname, same bank) keep a stable order across pages: the id breaks them.
  const rows = db
    .prepare(
      `SELECT * FROM recipients WHERE ${filter} ORDER BY ${column} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(...args, req.pageSize, (req.pageNumber - 1) * req.pageSize) as RecipientRow[];
  return ok<Schemas['RecipientPage']>({
    dataset: rows.map(toRecipient),
    recordCount: n,
    totalPages: Math.ceil(n / req.pageSize),
  });
}

/**
 * §7 GET /contact-users/{cnpj} and /{id}: a company customer of the bank, by CNPJ (masked or not,
 * alphanumeric accepted) or by one of its account ids. Persons are not contacts here: the lookup
 * serves the company transfer and the company-account recipient only.
 */
function getContactUser(input: OperationInput<'getContactUser'>, { db }: SandboxContext) {
  const accountId = ownAccount(input);
  if (!accountId) return catalogueError(401, 'unauthorized');
  const typed = input.params.cnpjOrId;
  let cnpj = normalizeCnpj(typed);
  if (!cnpj) {
    const byAccount = db
      .prepare(
        `SELECT h.tax_id FROM accounts a JOIN account_holders h ON h.id = a.holder_id
         WHERE a.id = ? AND a.kind = 'CUSTOMER' AND h.person_type = 'CORPORATE'`,
      )
      .get(typed) as { tax_id: string } | undefined;
    cnpj = byAccount?.tax_id;
  }
  const company = cnpj ? companyByCnpj(db, cnpj) : undefined;
  if (!company || company.accounts.length === 0) return catalogueError(404, 'contactNotFound');
  const holder = findHolder(db, company.holderId);
  const data: Schemas['ContactLookup'] = {
    accounts: company.accounts,
    accountHolder: {
      name: company.name,
      mobilePhones: holder?.phone ? [{ country: 'BRA', phoneNumber: nationalPhone(holder.phone) }] : [],
    },
    client: { name: company.name, taxIdentifier: { taxId: company.taxId, country: 'BRA' } },
  };
  if (input.query.isAddFavored === true)
    data.alreadyRegistered = companyAlreadySaved(db, accountId, company.taxId);
  return ok(data);
}

export const recipientHandlers = {
  listRecipientsPaged,
  listRecipients,
  createRecipient,
  updateRecipient,
  getRecipient,
  deleteRecipient,
  getContactUser,
} satisfies Handlers;
