import type Database from 'better-sqlite3';
import { DEMO_USERS } from '../../demo/users.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { writeBrCode } from '../sim/brcode.ts';
import { insertCharge, LOCATION_HOST } from '../sim/pix-charges.ts';
import { insertExternalKey } from '../sim/dict.ts';
import { cpfWithCheckDigits } from '../sim/documents.ts';
import { PARTICIPANTS } from './seed-pix-keys.ts';

/**
 * The seed of Pix send (issue 16, sandbox/sim/spi.ts), fixed data:
 * - this bank as a Pix participant (listPsps, a manual payment to its customers);
 * - keys at other institutions whose receiving participant rejects every payment, AC03 (no such
 *   account) and AC06 (blocked account), and one whose participant never answers (ACSP, then
 *   AB03 after the SPI's time-out): the rejection and time-out paths of the portal are real. A
 *   manual payment to the same account data is answered the same way;
 * - two dynamic charges this bank made for the bakery (immediate charges, sim/pix-charges.ts, with
 *   fixed ids and 30 days to live): one for R$ 25,50 and one for R$ 180,00 with additional
 *   information.
 */

const DAY = 86_400_000;

export interface SpiKeySeed {
  key: string;
  name: string;
  /** 9 digits; the CPF's check digits are computed. */
  cpfBase: string;
  participant: string;
  branch: string;
  accountNumber: string;
  answer: 'AC03' | 'AC06' | 'NEVER';
}

export const SPI_KEYS: readonly SpiKeySeed[] = [
  {
    key: 'conta.inexistente@exemplo.com.br',
    name: 'Rafael Costa Lima',
    cpfBase: '315724680',
    participant: PARTICIPANTS.nubank,
    branch: '0001',
    accountNumber: '4815162',
    answer: 'AC03',
  },
  {
    key: 'conta.bloqueada@exemplo.com.br',
    name: 'Beatriz Almeida Souza',
    cpfBase: '427183950',
    participant: PARTICIPANTS.itau,
    branch: '3412',
    accountNumber: '77120',
    answer: 'AC06',
  },
  {
    key: 'sem.resposta@exemplo.com.br',
    name: 'Gustavo Pereira Nunes',
    cpfBase: '538294061',
    participant: PARTICIPANTS.caixa,
    branch: '0655',
    accountNumber: '19283746',
    answer: 'NEVER',
  },
];

/** The host the bank serves its charges' locations under (template 26, sub-field 25). */
export const CHARGE_HOST = LOCATION_HOST;

export interface ChargeSeed {
  id: string;
  txid: string;
  amountCents: number;
  description?: string;
  additionalInfo?: { nome: string; valor: string }[];
}

export const SEEDED_CHARGES: readonly ChargeSeed[] = [
  { id: 'cob-demo-0001', txid: 'SANDBOXCOB0001PAODOURADO01', amountCents: 2_550, description: 'Pedido 1021' },
  {
    id: 'cob-demo-0002',
    txid: 'SANDBOXCOB0002PAODOURADO02',
    amountCents: 18_000,
    description: 'Encomenda de bolo',
    additionalInfo: [{ nome: 'Pedido', valor: 'Bolo de aniversário 2 kg' }],
  },
];

/** The BR Code of a seeded charge (what a customer pastes). */
export function chargeCode(c: ChargeSeed): string {
  return writeBrCode({
    location: `${CHARGE_HOST}/cob/${c.id}`,
    name: 'PADARIA PAO DOURADO',
    city: 'SAO PAULO',
  });
}

export function insertPixSend(db: Database.Database, now: Date): void {
  db.prepare(
    "INSERT OR IGNORE INTO pix_participants (ispb, name, short_name, pix_type) VALUES (?, ?, ?, 'DRCT')",
  ).run(OWN_BANK.ispb, OWN_BANK.name, 'Sandbox');
  const rule = db.prepare(
    'INSERT INTO spi_creditor_rules (ispb, branch, account_number, answer) VALUES (?, ?, ?, ?)',
  );
  for (const k of SPI_KEYS) {
    insertExternalKey(db, {
      key: k.key,
      type: 'EMAIL',
      participant: k.participant,
      branch: k.branch,
      accountNumber: k.accountNumber,
      accountType: 'CACC',
      ownerType: 'NATURAL_PERSON',
      ownerTaxId: cpfWithCheckDigits(k.cpfBase),
      ownerName: k.name,
      openedAt: new Date(now.getTime() - 900 * DAY),
      registeredAt: new Date(now.getTime() - 200 * DAY),
    });
    rule.run(k.participant, k.branch, k.accountNumber, k.answer);
  }
  for (const c of SEEDED_CHARGES) {
    insertCharge(db, {
      kind: 'COB',
      id: c.id,
      locationId: c.id,
      txid: c.txid,
      key: DEMO_USERS.padaria.taxId,
      accountId: DEMO_USERS.padaria.accountId,
      merchant: { name: 'PADARIA PAO DOURADO', city: 'SAO PAULO' },
      amountCents: c.amountCents,
      ...(c.description ? { description: c.description } : {}),
      ...(c.additionalInfo ? { additionalInfo: c.additionalInfo } : {}),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 30 * DAY),
    });
  }
}
