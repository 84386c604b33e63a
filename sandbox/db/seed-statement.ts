/**
 * The statement's history: 120 days of movements for each customer, drawn from one PRNG in a fixed
 * order (the same amounts and ids for the same "today"), posted through the ledger. The movements'
 * builders and the parties they name are seed-movements.ts.
 */
import { addDays, localDate } from '../sim/dates.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { randomCnpj, randomCpf } from '../sim/documents.ts';
import type { Party } from '../sim/movements/model.ts';
import { customer, HISTORY_DAYS, type Customer, type HistoryContext, type SeedArea } from './seed-run.ts';
import {
  OPERATORS,
  SHOPS,
  base,
  bankAccountOf,
  bill,
  customerOf,
  depositBoleto,
  endToEndId,
  instant,
  person,
  pixIn,
  pixOut,
  pixPartyOf,
  record,
  tedOutWithFee,
} from './seed-movements.ts';

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
