import { addDays, fromLocal, localDate } from '../sim/dates.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { bankSlip, collectionSlip } from '../sim/boleto.ts';
import { randomCnpj, randomCpf } from '../sim/documents.ts';
import {
  type BankAccountRef,
  type BillData,
  type Movement,
  type Party,
  type PixParty,
} from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { balanceCents, post } from './ledger.ts';
import { customer, HISTORY_DAYS, type Customer, type HistoryContext, type SeedArea } from './seed-run.ts';

/**
 * The statement's history: 120 days of movements for each customer, drawn from one PRNG in a fixed
 * order (the same amounts and ids for the same "today"), posted through the ledger.
 */

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

/** A Pix received by `c` from `from`, with the payer's end-to-end id. */
function pixIn(
  ctx: HistoryContext,
  c: Customer,
  at: Date,
  amountCents: number,
  from: PixParty,
): string | null {
  return record(ctx, {
    ...base(ctx, c, at, amountCents),
    kind: 'PIX_IN',
    from,
    endToEndId: endToEndId(ctx, from.ispb, at),
  });
}

/** A Pix sent by `c` to `to`, with this bank's end-to-end id (and a history code or note if given). */
function pixOut(
  ctx: HistoryContext,
  c: Customer,
  at: Date,
  amountCents: number,
  to: PixParty,
  extra: { note?: string } = {},
): string | null {
  return record(ctx, {
    ...base(ctx, c, at, amountCents),
    kind: 'PIX_OUT',
    to,
    endToEndId: endToEndId(ctx, OWN_BANK.ispb, at),
    ...extra,
  });
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
  const received = pixIn(ctx, maria, pixInAt, 25_000, carlos);
  if (received) {
    const at = instant(ctx, 38);
    record(ctx, {
      ...base(ctx, maria, at, 10_000),
      kind: 'PIX_REFUND_OUT',
      refundOf: received,
      to: carlos,
      returnId: endToEndId(ctx, OWN_BANK.ispb, at, 'D'),
    });
  }

  // A Pix sent and fully given back by the receiver (a refund credit, tag ESTORNO).
  const shop = pixPartyOf(ctx, { name: 'Livraria Páginas Ltda', taxId: randomCnpj(ctx.prng) });
  const pixOutAt = instant(ctx, 70);
  const sent = pixOut(ctx, maria, pixOutAt, 30_000, shop);
  if (sent) {
    const at = instant(ctx, 69);
    record(ctx, {
      ...base(ctx, maria, at, 30_000),
      kind: 'PIX_REFUND_IN',
      refundOf: sent,
      from: shop,
      returnId: endToEndId(ctx, shop.ispb, at, 'D'),
    });
  }

  // A recent Pix debit to report as fraud (every Pix sent is 8011; this one is inside 80 days).
  const suspicious = pixPartyOf(ctx, { name: 'Loja Virtual Ofertas Ltda', taxId: randomCnpj(ctx.prng) });
  const suspiciousAt = instant(ctx, 12);
  pixOut(ctx, maria, suspiciousAt, 8_990, suspicious, {
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
      pixIn(ctx, maria, at, ctx.prng.int(1_000, 40_000), from);
    } else {
      const to = pixPartyOf(
        ctx,
        ctx.prng.next() < 0.5 ? person(ctx) : { name: ctx.prng.pick(SHOPS), taxId: randomCnpj(ctx.prng) },
      );
      pixOut(ctx, maria, at, ctx.prng.int(990, 25_000), to);
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
      pixIn(ctx, padaria, at, ctx.prng.int(800, 12_000), from);
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
      const id = pixOut(ctx, padaria, at, ctx.prng.int(20_000, 90_000), to);
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
    pixIn(ctx, c, at, ctx.prng.int(2_000, 30_000), from);
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
        ? pixOut(ctx, c, at, ctx.prng.int(100, 5_000), party)
        : pixIn(ctx, c, at, ctx.prng.int(100, 9_000), party);
    if (id) made++;
  }
}

/** The history of Maria, the bakery and the first-access customer, in this order. */
export const seedHistories: SeedArea = (run) => {
  const maria = customer(run, 'maria');
  const padaria = customer(run, 'padaria');
  mariaHistory(run.history, maria, padaria);
  padariaHistory(run.history, padaria);
  firstAccessHistory(run.history, customer(run, 'firstAccess'));
};

/** The bulk account's entries (SANDBOX_BULK). */
export const seedVolumeHistory: SeedArea = (run) => {
  const count = run.options.bulkEntries ?? 0;
  if (count > 0) bulkHistory(run.history, customer(run, 'volume'), count);
};

/** Doce Sabor's starting balance and sales. */
export const seedDoceSaborHistory: SeedArea = (run) =>
  doceSaborHistory(run.history, customer(run, 'docesabor'));
