/**
 * The pieces the statement's history (seed-statement.ts) is drawn with: the other banks, people,
 * shops and phone operators it pays and is paid by, and one builder per kind of movement (Pix in
 * and out with their end-to-end ids, bills, boleto deposits, TED with its fee), each posted through
 * the ledger unless it is in the future or would overdraw the customer.
 */
import { addDays, fromLocal, localDate } from '../sim/dates.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { bankSlip, collectionSlip } from '../sim/boleto.ts';
import { randomCpf } from '../sim/documents.ts';
import {
  type BankAccountRef,
  type BillData,
  type Movement,
  type Party,
  type PixParty,
} from '../sim/movements/model.ts';
import { toTransaction } from '../sim/movements/to-transaction.ts';
import { balanceCents, post } from './ledger.ts';
import type { Customer, HistoryContext } from './seed-run.ts';

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
export const SHOPS = [
  'Mercado Bom Preço Ltda',
  'Farmácia Saúde Total Ltda',
  'Posto Estrela Ltda',
  'Livraria Páginas Ltda',
  'Restaurante Sabor Caseiro Ltda',
];
export const OPERATORS = [
  { id: 1, name: 'Vivo' },
  { id: 2, name: 'Claro' },
  { id: 3, name: 'TIM' },
] as const;

/** An instant `daysAgo` days before today (São Paulo), at a time between 08:00 and 20:59. */
export function instant(ctx: HistoryContext, daysAgo: number, hour?: number): Date {
  const date = addDays(localDate(ctx.now), -daysAgo);
  const h = hour ?? ctx.prng.int(8, 20);
  const time = `${String(h).padStart(2, '0')}:${String(ctx.prng.int(0, 59)).padStart(2, '0')}:${String(ctx.prng.int(0, 59)).padStart(2, '0')}`;
  return fromLocal(date, time);
}

function nextIds(ctx: HistoryContext): { id: string; externalIdentifier: string } {
  ctx.counter += 1;
  return { id: ctx.prng.uuid(), externalIdentifier: `seed-${String(ctx.counter).padStart(6, '0')}` };
}

export function person(ctx: HistoryContext): Party {
  return { name: `${ctx.prng.pick(FIRST_NAMES)} ${ctx.prng.pick(LAST_NAMES)}`, taxId: randomCpf(ctx.prng) };
}

export function bankAccountOf(ctx: HistoryContext, party: Party): BankAccountRef {
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

export function pixPartyOf(ctx: HistoryContext, party: Party): PixParty {
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
export function endToEndId(ctx: HistoryContext, ispb: string, at: Date, prefix: 'E' | 'D' = 'E'): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `${prefix}${ispb}${stamp}${ctx.prng.chars(11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}`;
}

/** Posts a movement, unless it is in the future or would overdraw the customer account. */
export function record(ctx: HistoryContext, m: Movement): string | null {
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

export function customerOf(c: Customer): Party & { accountNumber: string } {
  return { name: c.name, taxId: c.taxId, accountNumber: c.accountNumber };
}

export function base(ctx: HistoryContext, c: Customer, at: Date, amountCents: number) {
  return { ...nextIds(ctx), at, amountCents, accountId: c.accountId, customer: customerOf(c) };
}

/** A Pix received by `c` from `from`, with the payer's end-to-end id. */
export function pixIn(
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
export function pixOut(
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

export function bill(
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

export function depositBoleto(
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

export function tedOutWithFee(
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
