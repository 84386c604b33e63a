import type Database from 'better-sqlite3';
import { hashPassword } from '../sim/passwords.ts';
import { createPrng, type Prng } from '../sim/prng.ts';
import { addDays, fromLocal, localDate } from '../sim/dates.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { insertBills } from './seed-bills.ts';
import { issueCheck } from '../sim/checks.ts';
import { bankSlip, collectionSlip } from '../sim/boleto.ts';
import { randomCnpj, randomCpf } from '../sim/documents.ts';
import { findUserByHolder } from '../sim/users.ts';
import { LINK_ACTIONS, sendLink } from '../sim/verification.ts';
import {
  HISTORY_CODES,
  type BankAccountRef,
  type BillData,
  type Movement,
  type Party,
  type PixParty,
} from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { DEMO_USERS, type DemoUser, type DemoUserKey } from '../../demo/users.ts';
import { insertRecipients, MARIA_RECIPIENTS, PADARIA_RECIPIENTS } from './seed-recipients.ts';
import { insertPixKeys } from './seed-pix-keys.ts';
import { balanceCents, ensureBankAccounts, post } from './ledger.ts';
import { DATA_TABLES } from './schema.ts';

/**
 * The deterministic demo data: fixed PRNG seed, dates relative to `now` so the statement always
 * shows the last 120 days. Customer ids, transaction ids and amounts are the same on every run for
 * the same `now` date; only password salts (node:crypto) differ.
 */
export interface SeedOptions {
  /** "Today" for the history; defaults to the current date. */
  now?: Date;
  /** When set, adds "Empresa Volume" with this many statement entries (SANDBOX_BULK). */
  bulkEntries?: number;
}

export const SEED = 20261121;
export const HISTORY_DAYS = 120;

/** Fixed ids of the demo customers (demo/users.ts), so tests and e2e can refer to them. */
export const DEMO_IDS = Object.fromEntries(
  (Object.keys(DEMO_USERS) as DemoUserKey[]).map((key) => {
    const { holderId, accountId, number } = DEMO_USERS[key];
    return [key, { holderId, accountId, number }];
  }),
) as { [K in DemoUserKey]: Pick<(typeof DEMO_USERS)[K], 'holderId' | 'accountId' | 'number'> };

const BANKS = [
  { code: '001', ispb: '00000000', name: 'Banco do Brasil S.A.' },
  { code: '237', ispb: '60746948', name: 'Banco Bradesco S.A.' },
  { code: '341', ispb: '60701190', name: 'Itaú Unibanco S.A.' },
  { code: '104', ispb: '00360305', name: 'Caixa Econômica Federal' },
  { code: '260', ispb: '18236120', name: 'Nu Pagamentos S.A.' },
  { code: '077', ispb: '00416968', name: 'Banco Inter S.A.' },
] as const;

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carlos',
  'Daniela',
  'Eduardo',
  'Fernanda',
  'Gabriel',
  'Helena',
  'Igor',
  'Juliana',
  'Lucas',
  'Mariana',
  'Rafael',
  'Beatriz',
];
const LAST_NAMES = [
  'Souza',
  'Oliveira',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Lima',
  'Araújo',
  'Ferreira',
  'Carvalho',
  'Gomes',
];
const SHOPS = [
  'Mercado Bom Preço Ltda',
  'Farmácia Saúde Total Ltda',
  'Posto Estrela Ltda',
  'Livraria Páginas Ltda',
  'Restaurante Sabor Caseiro Ltda',
];
const OPERATORS = [
  { id: 1, name: 'Vivo' },
  { id: 2, name: 'Claro' },
  { id: 3, name: 'TIM' },
] as const;

interface Customer extends Party {
  accountId: string;
  accountNumber: string;
}

/** Creates everything when the database holds no customer yet. Returns true when it seeded. */
export function seedIfEmpty(db: Database.Database, options: SeedOptions = {}): boolean {
  const row = db.prepare("SELECT COUNT(*) AS n FROM account_holders WHERE person_type <> 'BANK'").get() as {
    n: number;
  };
  if (row.n > 0) return false;
  seed(db, options);
  return true;
}

/** Deletes all data (tokens included) and seeds again. */
export function reseed(db: Database.Database, options: SeedOptions = {}): void {
  db.transaction(() => {
    for (const table of DATA_TABLES) db.prepare(`DELETE FROM ${table}`).run();
  })();
  seed(db, options);
}

export function seed(db: Database.Database, options: SeedOptions = {}): void {
  const now = options.now ?? new Date();
  const prng = createPrng(SEED);
  db.transaction(() => {
    ensureBankAccounts(db, now);
    const maria = insertMaria(db, now);
    const padaria = insertPadaria(db, now);
    const firstAccess = insertFirstAccess(db, now);
    const ctx: HistoryContext = { db, prng, now, counter: 0, balances: new Map() };
    mariaHistory(ctx, maria, padaria);
    padariaHistory(ctx, padaria);
    firstAccessHistory(ctx, firstAccess);
    insertNotifications(db, now, maria, padaria);
    // The first-access user also has a "create your password" link waiting in the outbox.
    const firstUser = findUserByHolder(db, DEMO_IDS.firstAccess.holderId);
    if (firstUser)
      sendLink(db, firstUser.id, DEMO_USERS.firstAccess.email, LINK_ACTIONS.firstAccess, '', now);
    if (options.bulkEntries && options.bulkEntries > 0) {
      const volume = insertVolume(db, now);
      bulkHistory(ctx, volume, options.bulkEntries);
    }
    // Issue #13, drawn after everything above so the older customers' history stays the same.
    const doceSabor = insertDoceSabor(db, now);
    doceSaborHistory(ctx, doceSabor);
    insertRecipients(db, maria.accountId, MARIA_RECIPIENTS, now);
    insertRecipients(db, padaria.accountId, PADARIA_RECIPIENTS, now);
    insertTotpSecrets(db);
    // Issue #14: the bill registry; no random draw, so everything above stays the same.
    insertBills(db, now, maria.accountId);
    // Two digital checks drawn on the bakery's account, to receive at /Receive (sim/checks.ts).
    issueCheck(db, { id: 'DEMO0001', issuerAccountId: padaria.accountId, amountCents: 15_000, at: now });
    issueCheck(db, { id: 'DEMO0002', issuerAccountId: padaria.accountId, amountCents: 8_050, at: now });
    insertPixKeys(db, now); // Issue #15: the sandbox DICT (seed-pix-keys.ts); no draw from prng.
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_at', ?), ('seed_now', ?)").run(
      new Date().toISOString(),
      now.toISOString(),
    );
  })();
}

// ---------------------------------------------------------------------------------------------
// Customers

interface HolderInput {
  holderId: string;
  accountId: string;
  number: string;
  personType: 'PERSON' | 'CORPORATE';
  name: string;
  email: string;
  phone: string;
  taxId: string;
  birthDate: string | null;
  address: AddressInput;
  corporate?: { companyName: string; tradeName: string; establishmentDate: string };
  representatives?: readonly {
    name: string;
    taxIdentifier: { country: string; taxId: string };
    email?: string;
  }[];
  /** Pix Saque/Troco agent data and the session's permission functionalities. */
  withdrawAgent?: { modality: string; serviceProvider: string };
  functionalities?: readonly string[];
  logins: readonly { username: string; kind: 'EMAIL' | 'PHONE' | 'TAX_ID' }[];
  password: string;
  mustChangePassword?: boolean;
  extraAddresses?: readonly AddressInput[];
}

interface AddressInput {
  mnemonic: string;
  addressOne: string;
  addressTwo: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  postalCode: string;
}

/**
 * The demo holders' password hashes, made once per process (issue 8). scrypt is deliberately slow
 * (N = 2^14: ~50 ms idle, several hundred on a loaded 2-core machine) and the seed hashes one
 * password per holder, so a test file that starts a fresh sandbox per test paid it again and again
 * for the same public demo passwords. A process keeps one hash per holder (never shared between
 * holders, so two holders with the same password still get different salts); a real customer's
 * password (users.ts setPassword) always gets a new salt and hash.
 */
const demoHashes = new Map<string, string>();
function demoPasswordHash(holderId: string, password: string): string {
  const key = `${holderId}\u0000${password}`;
  let hash = demoHashes.get(key);
  if (hash === undefined) {
    hash = hashPassword(password);
    demoHashes.set(key, hash);
  }
  return hash;
}

function insertHolder(db: Database.Database, now: Date, h: HolderInput): Customer {
  db.prepare(
    `INSERT INTO account_holders (id, person_type, name, email, phone, tax_id, birth_date, status, has_pix_permission, corporate_details, representatives, withdraw_agent, functionalities)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'ACTIVE', 1, ?, ?, ?, ?)`,
  ).run(
    h.holderId,
    h.personType,
    h.name,
    h.email,
    h.phone,
    h.taxId,
    h.birthDate,
    h.corporate ? JSON.stringify(h.corporate) : null,
    JSON.stringify(h.representatives ?? []),
    h.withdrawAgent ? JSON.stringify(h.withdrawAgent) : null,
    JSON.stringify(h.functionalities ?? []),
  );
  db.prepare(
    "INSERT INTO accounts (id, holder_id, kind, number, created_at) VALUES (?, ?, 'CUSTOMER', ?, ?)",
  ).run(
    h.accountId,
    h.holderId,
    h.number,
    new Date(now.getTime() - (HISTORY_DAYS + 30) * 86_400_000).toISOString(),
  );
  const user = db
    .prepare('INSERT INTO users (holder_id, password_hash, must_change_password) VALUES (?, ?, ?)')
    .run(h.holderId, demoPasswordHash(h.holderId, h.password), h.mustChangePassword ? 1 : 0);
  const insertLogin = db.prepare('INSERT INTO logins (username, user_id, kind) VALUES (?, ?, ?)');
  for (const l of h.logins) insertLogin.run(l.username, user.lastInsertRowid, l.kind);
  const insertAddress = db.prepare(
    `INSERT INTO addresses (holder_id, account_id, address_one, address_two, number, neighborhood, city, state, postal_code, country, mnemonic)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'BRA', ?)`,
  );
  const ids = [h.address, ...(h.extraAddresses ?? [])].map((a) =>
    Number(
      insertAddress.run(
        h.holderId,
        h.accountId,
        a.addressOne,
        a.addressTwo,
        a.number,
        a.neighborhood,
        a.city,
        a.state,
        a.postalCode,
        a.mnemonic,
      ).lastInsertRowid,
    ),
  );
  // The first address is both the mail and the billing address of the profile.
  db.prepare('UPDATE account_holders SET mail_address_id = ?, billing_address_id = ? WHERE id = ?').run(
    ids[0],
    ids[0],
    h.holderId,
  );
  return { name: h.name, taxId: h.taxId, accountId: h.accountId, accountNumber: h.number };
}

/** The part of a holder the demo-user module declares: ids, identity and credentials. */
function identity(user: DemoUser) {
  return {
    holderId: user.holderId,
    accountId: user.accountId,
    number: user.number,
    personType: user.personType,
    name: user.name,
    email: user.email,
    phone: user.phone,
    taxId: user.taxId,
    birthDate: user.birthDate,
    logins: user.logins.map(({ username, kind }) => ({ username, kind })),
    password: user.password,
    mustChangePassword: user.mustChangePassword ?? false,
  } satisfies Partial<HolderInput>;
}

function insertMaria(db: Database.Database, now: Date): Customer {
  return insertHolder(db, now, {
    ...identity(DEMO_USERS.maria),
    address: {
      mnemonic: 'Casa',
      addressOne: 'Rua das Flores',
      addressTwo: 'Apto 45',
      number: '123',
      neighborhood: 'Jardim Paulista',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01415-000',
    },
    extraAddresses: [
      {
        mnemonic: 'Trabalho',
        addressOne: 'Avenida Paulista',
        addressTwo: 'Conjunto 1201',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01310-100',
      },
    ],
  });
}

function insertPadaria(db: Database.Database, now: Date): Customer {
  return insertHolder(db, now, {
    ...identity(DEMO_USERS.padaria),
    address: {
      mnemonic: 'Loja',
      addressOne: 'Rua Augusta',
      addressTwo: 'Loja 2',
      number: '500',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01305-000',
    },
    corporate: {
      companyName: 'Padaria Pão Dourado Ltda',
      tradeName: 'Pão Dourado',
      establishmentDate: '2026-08-03',
    },
    // The bakery is a Pix Saque/Troco agent (1-access-shell-statement.md §3, §9: modality AGTEC).
    withdrawAgent: { modality: 'AGTEC', serviceProvider: OWN_BANK.ispb },
    functionalities: ['PIX SAQUE', 'PIX TROCO'],
    representatives: [
      {
        name: 'José Carlos Dourado',
        taxIdentifier: { country: 'BRA', taxId: '12345678909' },
        email: 'jose@paodourado.com.br',
      },
    ],
  });
}

function insertFirstAccess(db: Database.Database, now: Date): Customer {
  return insertHolder(db, now, {
    ...identity(DEMO_USERS.firstAccess),
    address: {
      mnemonic: 'Casa',
      addressOne: 'Rua Voluntários da Pátria',
      addressTwo: '',
      number: '89',
      neighborhood: 'Botafogo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22270-000',
    },
  });
}

function insertVolume(db: Database.Database, now: Date): Customer {
  return insertHolder(db, now, {
    ...identity(DEMO_USERS.volume),
    address: {
      mnemonic: 'Sede',
      addressOne: 'Avenida Afonso Pena',
      addressTwo: '',
      number: '1500',
      neighborhood: 'Centro',
      city: 'Belo Horizonte',
      state: 'MG',
      postalCode: '30130-005',
    },
    corporate: { companyName: 'Empresa Volume Ltda', tradeName: 'Volume', establishmentDate: '2019-03-15' },
  });
}

function insertDoceSabor(db: Database.Database, now: Date): Customer {
  return insertHolder(db, now, {
    ...identity(DEMO_USERS.docesabor),
    address: {
      mnemonic: 'Loja',
      addressOne: 'Rua Voluntários da Pátria',
      addressTwo: '',
      number: '210',
      neighborhood: 'Botafogo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      postalCode: '22270-000',
    },
    corporate: {
      companyName: 'Doce Sabor Confeitaria Ltda',
      tradeName: 'Doce Sabor',
      establishmentDate: '2021-05-10',
    },
    representatives: [
      {
        name: 'Lúcia Helena Barros',
        taxIdentifier: { country: 'BRA', taxId: '31820476553' },
        email: 'lucia@docesabor.com.br',
      },
    ],
  });
}

/** Every demo customer's security-code secret (demo/users.ts), for the customers seeded. */
function insertTotpSecrets(db: Database.Database): void {
  const insert = db.prepare('INSERT INTO totp_secrets (holder_id, secret) VALUES (?, ?)');
  for (const key of Object.keys(DEMO_USERS) as DemoUserKey[]) {
    const { holderId, totpSecret } = DEMO_USERS[key];
    const exists = db.prepare('SELECT 1 FROM account_holders WHERE id = ?').get(holderId);
    if (exists) insert.run(holderId, totpSecret);
  }
}

// ---------------------------------------------------------------------------------------------
// History

interface HistoryContext {
  db: Database.Database;
  prng: Prng;
  now: Date;
  counter: number;
  /** Running balances of customer accounts, so the overdraft check does not re-sum the ledger. */
  balances: Map<string, number>;
}

/** An instant `daysAgo` days before today (São Paulo), at a time between 08:00 and 20:59. */
function instant(ctx: HistoryContext, daysAgo: number, hour?: number): Date {
  const date = addDays(localDate(ctx.now), -daysAgo);
  const h = hour ?? ctx.prng.int(8, 20);
  const time = `${String(h).padStart(2, '0')}:${String(ctx.prng.int(0, 59)).padStart(2, '0')}:${String(ctx.prng.int(0, 59)).padStart(2, '0')}`;
  return fromLocal(date, time);
}

function nextIds(ctx: HistoryContext): { id: string; externalIdentifier: string } {
  ctx.counter += 1;
  return { id: ctx.prng.uuid(), externalIdentifier: `seed-${String(ctx.counter).padStart(6, '0')}` };
}

function person(ctx: HistoryContext): Party {
  return { name: `${ctx.prng.pick(FIRST_NAMES)} ${ctx.prng.pick(LAST_NAMES)}`, taxId: randomCpf(ctx.prng) };
}

function bankAccountOf(ctx: HistoryContext, party: Party): BankAccountRef {
  const bank = ctx.prng.pick(BANKS);
  return {
    ...party,
    bankCode: bank.code,
    bankName: bank.name,
    branch: String(ctx.prng.int(1, 9999)).padStart(4, '0'),
    account: `${ctx.prng.int(10000, 999999)}-${ctx.prng.int(0, 9)}`,
    accountType: ctx.prng.next() < 0.8 ? 'cc' : 'poupanca',
  };
}

function pixPartyOf(ctx: HistoryContext, party: Party): PixParty {
  const bank = ctx.prng.pick(BANKS);
  const useCpfKey = ctx.prng.next() < 0.5 && party.taxId.length === 11;
  return {
    ...bankAccountOf(ctx, party),
    bankCode: bank.code,
    bankName: bank.name,
    ispb: bank.ispb,
    key: useCpfKey ? party.taxId : ctx.prng.uuid(),
    keyType: useCpfKey ? 'CPF' : 'EVP',
  };
}

/** End-to-end id: E + ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics (domain notes §c). */
function endToEndId(ctx: HistoryContext, ispb: string, at: Date, prefix: 'E' | 'D' = 'E'): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `${prefix}${ispb}${stamp}${ctx.prng.chars(11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}`;
}

/** Posts a movement, unless it is in the future or would overdraw the customer account. */
function record(ctx: HistoryContext, m: Movement): string | null {
  if (m.at.getTime() >= ctx.now.getTime()) return null;
  const tx = toTransaction(m);
  for (const e of tx.entries) {
    if (!ctx.balances.has(e.accountId)) ctx.balances.set(e.accountId, balanceCents(ctx.db, e.accountId));
  }
  const own = tx.entries.find((e) => e.accountId === m.accountId);
  if (own && own.amountCents < 0 && (ctx.balances.get(m.accountId) ?? 0) + own.amountCents < 0) return null;
  post(ctx.db, tx);
  for (const e of tx.entries)
    ctx.balances.set(e.accountId, (ctx.balances.get(e.accountId) ?? 0) + e.amountCents);
  return tx.id;
}

function customerOf(c: Customer): Party & { accountNumber: string } {
  return { name: c.name, taxId: c.taxId, accountNumber: c.accountNumber };
}

function base(ctx: HistoryContext, c: Customer, at: Date, amountCents: number) {
  return { ...nextIds(ctx), at, amountCents, accountId: c.accountId, customer: customerOf(c) };
}

function bill(
  ctx: HistoryContext,
  kind: 'boleto' | 'utility',
  beneficiary: Party,
  amountCents: number,
  dueDate: string,
): BillData {
  const slip =
    kind === 'boleto'
      ? bankSlip(ctx.prng.pick(BANKS).code, dueDate, amountCents, ctx.prng.chars(25, '0123456789'))
      : collectionSlip(3, amountCents, ctx.prng.chars(4, '0123456789'), ctx.prng.chars(25, '0123456789'));
  return {
    beneficiaryName: beneficiary.name,
    beneficiaryTaxId: beneficiary.taxId,
    barcode: slip.barcode,
    typeableLine: slip.typeableLine,
    dueDate,
    documentCents: amountCents,
    discountCents: 0,
    deductionsCents: 0,
    interestCents: 0,
    fineCents: 0,
  };
}

function depositBoleto(
  ctx: HistoryContext,
  c: Customer,
  daysAgo: number,
  amountCents: number,
): string | null {
  const at = instant(ctx, daysAgo);
  const dueDate = addDays(localDate(at), 3);
  const slip = bankSlip(OWN_BANK.code, dueDate, amountCents, ctx.prng.chars(25, '0123456789'));
  return record(ctx, {
    ...base(ctx, c, at, amountCents),
    kind: 'DEPOSIT_BOLETO',
    boleto: { ...slip, dueDate, idDeposit: ctx.prng.int(10000, 99999) },
  });
}

function tedOutWithFee(
  ctx: HistoryContext,
  c: Customer,
  daysAgo: number,
  to: BankAccountRef,
  amountCents: number,
  feeCents: number,
): void {
  const at = instant(ctx, daysAgo);
  const id = record(ctx, { ...base(ctx, c, at, amountCents), kind: 'TED_OUT', to, note: 'Aluguel' });
  if (id)
    record(ctx, {
      ...base(ctx, c, new Date(at.getTime() + 1000), feeCents),
      kind: 'FEE',
      feeOf: id,
      label: 'Tarifa TED',
    });
}

function mariaHistory(ctx: HistoryContext, maria: Customer, padaria: Customer): void {
  const employer: Party = { name: 'Tech Soluções em Software Ltda', taxId: '13723705000189' };
  const landlord = bankAccountOf(ctx, { name: 'Roberto Almeida Costa', taxId: '12345678909' });
  const employerAccount = bankAccountOf(ctx, employer);

  // Opening money, then a salary roughly every 30 days.
  depositBoleto(ctx, maria, HISTORY_DAYS - 2, 850_000);
  for (const daysAgo of [110, 80, 50, 20]) {
    record(ctx, {
      ...base(ctx, maria, instant(ctx, daysAgo, 9), 620_000),
      kind: 'TED_IN',
      from: employerAccount,
    });
  }
  // Rent by TED, with its fee.
  for (const daysAgo of [105, 75, 45, 15]) tedOutWithFee(ctx, maria, daysAgo, landlord, 180_000, 850);

  // Internal transfers with the bakery, both ways.
  record(ctx, {
    ...base(ctx, maria, instant(ctx, 60), 15_000),
    kind: 'INTERNAL_TRANSFER',
    toAccountId: padaria.accountId,
    to: customerOf(padaria),
    note: 'Encomenda de bolo',
  });
  record(ctx, {
    ...base(ctx, padaria, instant(ctx, 30), 4_590),
    kind: 'INTERNAL_TRANSFER',
    toAccountId: maria.accountId,
    to: customerOf(maria),
    note: 'Troco da encomenda',
  });

  // A received Pix partially refunded: the credit row shows amountRefund 100,00.
  const carlos = pixPartyOf(ctx, { name: 'Carlos Souza', taxId: randomCpf(ctx.prng) });
  const pixInAt = instant(ctx, 40);
  const pixIn = record(ctx, {
    ...base(ctx, maria, pixInAt, 25_000),
    kind: 'PIX_IN',
    from: carlos,
    endToEndId: endToEndId(ctx, carlos.ispb, pixInAt),
  });
  if (pixIn) {
    const at = instant(ctx, 38);
    record(ctx, {
      ...base(ctx, maria, at, 10_000),
      kind: 'PIX_REFUND_OUT',
      refundOf: pixIn,
      to: carlos,
      returnId: endToEndId(ctx, OWN_BANK.ispb, at, 'D'),
    });
  }

  // A Pix sent and fully given back by the receiver (a refund credit, tag ESTORNO).
  const shop = pixPartyOf(ctx, { name: 'Livraria Páginas Ltda', taxId: randomCnpj(ctx.prng) });
  const pixOutAt = instant(ctx, 70);
  const pixOut = record(ctx, {
    ...base(ctx, maria, pixOutAt, 30_000),
    kind: 'PIX_OUT',
    to: shop,
    endToEndId: endToEndId(ctx, OWN_BANK.ispb, pixOutAt),
  });
  if (pixOut) {
    const at = instant(ctx, 69);
    record(ctx, {
      ...base(ctx, maria, at, 30_000),
      kind: 'PIX_REFUND_IN',
      refundOf: pixOut,
      from: shop,
      returnId: endToEndId(ctx, shop.ispb, at, 'D'),
    });
  }

  // The one Pix debit that can be reported as fraud (history code 8011, inside the 80-day window).
  const suspicious = pixPartyOf(ctx, { name: 'Loja Virtual Ofertas Ltda', taxId: randomCnpj(ctx.prng) });
  const suspiciousAt = instant(ctx, 12);
  record(ctx, {
    ...base(ctx, maria, suspiciousAt, 8_990),
    kind: 'PIX_OUT',
    to: suspicious,
    endToEndId: endToEndId(ctx, OWN_BANK.ispb, suspiciousAt),
    historyCode: HISTORY_CODES.PIX_OUT_REPORTABLE,
    note: 'Compra online',
  });

  // Bills.
  const condo: Party = { name: 'Condomínio Edifício Jardim', taxId: '44038188000132' };
  for (const daysAgo of [95, 65, 35, 5]) {
    const at = instant(ctx, daysAgo);
    record(ctx, {
      ...base(ctx, maria, at, 78_000),
      kind: 'BOLETO_PAYMENT',
      bill: bill(ctx, 'boleto', condo, 78_000, addDays(localDate(at), 2)),
    });
  }
  const power: Party = { name: 'Companhia de Energia Elétrica', taxId: '14572457000185' };
  for (const daysAgo of [100, 70, 40, 10]) {
    const at = instant(ctx, daysAgo);
    const cents = ctx.prng.int(15_000, 24_000);
    record(ctx, {
      ...base(ctx, maria, at, cents),
      kind: 'UTILITY_PAYMENT',
      bill: bill(ctx, 'utility', power, cents, addDays(localDate(at), 1)),
    });
  }

  // Top-ups of her own phone.
  for (const daysAgo of [90, 58, 26, 3]) {
    const op = ctx.prng.pick(OPERATORS);
    record(ctx, {
      ...base(ctx, maria, instant(ctx, daysAgo), ctx.prng.pick([1_500, 2_000, 3_000, 5_000])),
      kind: 'TOPUP',
      operatorId: op.id,
      operatorName: op.name,
      areaCode: '11',
      phoneNumber: '11987654321',
    });
  }
  depositBoleto(ctx, maria, 7, 50_000);

  // Everyday Pix, in and out, every few days.
  for (let daysAgo = HISTORY_DAYS - 3; daysAgo >= 0; daysAgo -= ctx.prng.int(1, 4)) {
    const at = instant(ctx, daysAgo);
    if (ctx.prng.next() < 0.35) {
      const from = pixPartyOf(ctx, person(ctx));
      record(ctx, {
        ...base(ctx, maria, at, ctx.prng.int(1_000, 40_000)),
        kind: 'PIX_IN',
        from,
        endToEndId: endToEndId(ctx, from.ispb, at),
      });
    } else {
      const to = pixPartyOf(
        ctx,
        ctx.prng.next() < 0.5 ? person(ctx) : { name: ctx.prng.pick(SHOPS), taxId: randomCnpj(ctx.prng) },
      );
      record(ctx, {
        ...base(ctx, maria, at, ctx.prng.int(990, 25_000)),
        kind: 'PIX_OUT',
        to,
        endToEndId: endToEndId(ctx, OWN_BANK.ispb, at),
      });
    }
  }
}

function padariaHistory(ctx: HistoryContext, padaria: Customer): void {
  const mill: Party = { name: 'Moinho Trigo Bom S.A.', taxId: randomCnpj(ctx.prng) };
  const landlord = bankAccountOf(ctx, { name: 'Imobiliária Centro Ltda', taxId: randomCnpj(ctx.prng) });
  depositBoleto(ctx, padaria, HISTORY_DAYS - 1, 2_000_000);
  for (let daysAgo = HISTORY_DAYS - 2; daysAgo >= 0; daysAgo--) {
    // Daily sales by Pix.
    const sales = ctx.prng.int(1, 3);
    for (let i = 0; i < sales; i++) {
      const at = instant(ctx, daysAgo);
      const from = pixPartyOf(ctx, person(ctx));
      record(ctx, {
        ...base(ctx, padaria, at, ctx.prng.int(800, 12_000)),
        kind: 'PIX_IN',
        from,
        endToEndId: endToEndId(ctx, from.ispb, at),
      });
    }
    // Weekly supplier boleto and Pix, with the company Pix fee (R$ 3,00).
    if (daysAgo % 7 === 3) {
      const at = instant(ctx, daysAgo);
      const cents = ctx.prng.int(80_000, 250_000);
      record(ctx, {
        ...base(ctx, padaria, at, cents),
        kind: 'BOLETO_PAYMENT',
        bill: bill(ctx, 'boleto', mill, cents, addDays(localDate(at), 5)),
      });
    }
    if (daysAgo % 10 === 6) {
      const at = instant(ctx, daysAgo);
      const to = pixPartyOf(ctx, { name: 'Laticínios Serra Azul Ltda', taxId: randomCnpj(ctx.prng) });
      const id = record(ctx, {
        ...base(ctx, padaria, at, ctx.prng.int(20_000, 90_000)),
        kind: 'PIX_OUT',
        to,
        endToEndId: endToEndId(ctx, OWN_BANK.ispb, at),
      });
      if (id)
        record(ctx, {
          ...base(ctx, padaria, new Date(at.getTime() + 1000), 300),
          kind: 'FEE',
          feeOf: id,
          label: 'Tarifa Pix PJ',
        });
    }
  }
  for (const daysAgo of [100, 70, 40, 10]) tedOutWithFee(ctx, padaria, daysAgo, landlord, 350_000, 850);
}

/** A starting balance (a deposit a month ago) and a few sales, so it can send and receive. */
function doceSaborHistory(ctx: HistoryContext, c: Customer): void {
  depositBoleto(ctx, c, 30, 800_000);
  for (const daysAgo of [20, 12, 5]) {
    const at = instant(ctx, daysAgo);
    const from = pixPartyOf(ctx, person(ctx));
    record(ctx, {
      ...base(ctx, c, at, ctx.prng.int(2_000, 30_000)),
      kind: 'PIX_IN',
      from,
      endToEndId: endToEndId(ctx, from.ispb, at),
    });
  }
}

function firstAccessHistory(ctx: HistoryContext, c: Customer): void {
  depositBoleto(ctx, c, 2, 10_000);
}

/** Exactly `count` entries on the volume account (every movement has a single customer entry). */
function bulkHistory(ctx: HistoryContext, c: Customer, count: number): void {
  let made = 0;
  const first = depositBoleto(ctx, c, HISTORY_DAYS - 1, 50_000_000);
  if (first) made++;
  for (let i = 0; made < count && i < count * 4; i++) {
    const daysAgo = Math.max(1, Math.floor((HISTORY_DAYS - 2) * (1 - i / count)));
    const at = instant(ctx, daysAgo);
    const party = pixPartyOf(ctx, person(ctx));
    const id =
      i % 3 === 0
        ? record(ctx, {
            ...base(ctx, c, at, ctx.prng.int(100, 5_000)),
            kind: 'PIX_OUT',
            to: party,
            endToEndId: endToEndId(ctx, OWN_BANK.ispb, at),
          })
        : record(ctx, {
            ...base(ctx, c, at, ctx.prng.int(100, 9_000)),
            kind: 'PIX_IN',
            from: party,
            endToEndId: endToEndId(ctx, party.ispb, at),
          });
    if (id) made++;
  }
}

// ---------------------------------------------------------------------------------------------
// Notifications

function insertNotifications(db: Database.Database, now: Date, maria: Customer, padaria: Customer): void {
  const day = 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();
  const insert = db.prepare(
    'INSERT INTO notifications (title, body, created_at, expiration_date, is_general) VALUES (?, ?, ?, ?, ?)',
  );
  const address = db.prepare(
    'INSERT INTO notification_reads (notification_id, account_id, addressed, read_at) VALUES (?, ?, 1, ?)',
  );
  const add = (
    title: string,
    body: string,
    daysAgo: number,
    expiresInDays: number | null,
    general: boolean,
  ) =>
    Number(
      insert.run(
        title,
        body,
        iso(now.getTime() - daysAgo * day),
        expiresInDays === null ? null : iso(now.getTime() + expiresInDays * day),
        general ? 1 : 0,
      ).lastInsertRowid,
    );

  const welcome = add(
    'Bem-vinda à sua conta digital',
    '<p>Olá, <strong>Maria</strong>! Sua conta está ativa.</p><p>Veja o <a href="https://example.com/ajuda" target="_blank">guia de primeiros passos</a>.</p>',
    100,
    null,
    false,
  );
  address.run(welcome, maria.accountId, iso(now.getTime() - 99 * day));

  const pix = add(
    'Pix recebido',
    '<p>Você recebeu um Pix de <strong>Carlos Souza</strong> no valor de <em>R$ 250,00</em>.</p>',
    40,
    60,
    false,
  );
  address.run(pix, maria.accountId, null);

  // Deliberately hostile HTML so the portal's sanitising can be tested.
  const hostile = add(
    'Atualize seus dados cadastrais',
    '<p>Confira as novidades da sua conta.</p><img src=x onerror=alert(1)><script>alert("xss")</script><p>Equipe de atendimento</p>',
    2,
    30,
    false,
  );
  address.run(hostile, maria.accountId, null);

  const limits = add(
    'Seu limite Pix noturno',
    '<p>O limite Pix entre <b>20h e 6h</b> é de R$ 1.000,00 por período.</p><ul><li>Ajuste em Pix &gt; Meus limites</li></ul>',
    6,
    90,
    false,
  );
  address.run(limits, maria.accountId, null);
  address.run(limits, padaria.accountId, iso(now.getTime() - 5 * day));

  add(
    'Manutenção programada',
    '<p>No domingo, das <strong>2h às 4h</strong>, alguns serviços podem ficar indisponíveis.</p>',
    3,
    10,
    true,
  );
  add(
    'Novidade: Pix Automático',
    '<p>Agora você pode autorizar débitos recorrentes com o <strong>Pix Automático</strong>.</p>',
    20,
    120,
    true,
  );
  // Already expired: never listed.
  add('Campanha encerrada', '<p>Esta campanha terminou.</p>', 60, -30, true);

  const padariaNew = add(
    'Boleto de depósito pago',
    '<p>O boleto de depósito de <strong>R$ 20.000,00</strong> foi compensado.</p>',
    1,
    30,
    false,
  );
  address.run(padariaNew, padaria.accountId, null);
}
