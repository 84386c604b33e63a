import type Database from 'better-sqlite3';
import { DEMO_USERS, type DemoUserKey } from '../../demo/users.ts';
import {
  cancelClaimRow,
  completeClaimRow,
  confirmClaimRow,
  openClaim,
  type ClaimRow,
} from '../sim/claims.ts';
import { insertExternalKey, insertOwnKey, keyHolderOf, liveKey, type KeyHolder } from '../sim/dict.ts';
import type { ClaimType } from '../sim/claim-rules.ts';
import { PARTICIPANTS } from './seed-pix-keys.ts';

/**
 * The claims of the demo customers (issue 30), one in each state and from each side, on keys the
 * seed's DICT holds (seed-pix-keys.ts runs first). Maria's own keys are not touched (her count of 4
 * keys is what the key tests need); the keys that move belong to the two companies.
 *
 * | claimer    | donor                 | type        | key                      | state                  |
 * | ---------- | --------------------- | ----------- | ------------------------ | ---------------------- |
 * | Maria      | Inter (Rafael)        | OWNERSHIP   | +5531988887777           | waiting resolution     |
 * | Maria      | Bradesco (Juliana)    | OWNERSHIP   | +5541977776666           | confirmed by the donor |
 * | Maria      | Nubank (herself)      | PORTABILITY | maria.pessoal@…          | cancelled, unanswered  |
 * | Doce Sabor | Maria                 | OWNERSHIP   | Maria's phone            | waiting resolution     |
 * | Doce Sabor | Maria                 | OWNERSHIP   | Maria's phone            | cancelled by Maria     |
 * | Doce Sabor | the bakery            | OWNERSHIP   | +5511933332222           | waiting resolution     |
 * | the bakery | Doce Sabor            | OWNERSHIP   | +5511922221111           | confirmed by the donor |
 * | the bakery | Itaú (itself)         | PORTABILITY | vendas@paodourado.com.br | completed              |
 */

const DAY = 86_400_000;

/** A phone of the bakery and one of Doce Sabor, registered long ago, that the claims ask for. */
export const CLAIMED_PHONES = { padaria: '+5511933332222', docesabor: '+5511922221111' } as const;
/** Phones at other institutions that Maria claims (their former holders' CPFs are made up). */
export const FOREIGN_PHONES = [
  { key: '+5531988887777', name: 'Rafael Lima Costa', cpf: '12345678909', participant: PARTICIPANTS.inter },
  {
    key: '+5541977776666',
    name: 'Juliana Prado Alves',
    cpf: '98765432100',
    participant: PARTICIPANTS.bradesco,
  },
] as const;
/** Keys of the demo holders at other institutions, brought (or not) by portability. */
export const PORTED_KEYS = {
  mariaEmail: 'maria.pessoal@exemplo.com.br',
  padariaEmail: 'vendas@paodourado.com.br',
} as const;

function holder(db: Database.Database, user: DemoUserKey): KeyHolder {
  const h = keyHolderOf(db, DEMO_USERS[user].accountId);
  if (!h) throw new Error(`seed claims: ${user} has no account`);
  return h;
}

export function insertClaims(db: Database.Database, now: Date): ClaimRow[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const maria = holder(db, 'maria');
  const padaria = holder(db, 'padaria');
  const doce = holder(db, 'docesabor');
  for (const [h, key] of [
    [padaria, CLAIMED_PHONES.padaria],
    [doce, CLAIMED_PHONES.docesabor],
  ] as const)
    insertOwnKey(db, h, { key, type: 'PHONE', status: 'ACTIVE', at: ago(300) });
  for (const [h, key, participant] of [
    [maria, PORTED_KEYS.mariaEmail, PARTICIPANTS.nubank],
    [padaria, PORTED_KEYS.padariaEmail, PARTICIPANTS.itau],
  ] as const)
    insertExternalKey(db, {
      key,
      type: 'EMAIL',
      participant,
      branch: '0341',
      accountNumber: h === maria ? '4411223' : '7788990',
      accountType: 'CACC',
      ownerType: h.personType === 'PERSON' ? 'NATURAL_PERSON' : 'LEGAL_PERSON',
      ownerTaxId: h.taxId,
      ownerName: h.name,
      openedAt: ago(900),
      registeredAt: ago(600),
    });

  for (const p of FOREIGN_PHONES)
    insertExternalKey(db, {
      key: p.key,
      type: 'PHONE',
      participant: p.participant,
      branch: '0001',
      accountNumber: '5566778',
      accountType: 'CACC',
      ownerType: 'NATURAL_PERSON',
      ownerTaxId: p.cpf,
      ownerName: p.name,
      openedAt: ago(1200),
      registeredAt: ago(700),
    });

  const open = (claimer: KeyHolder, claimType: ClaimType, key: string, daysAgo: number): ClaimRow => {
    const row = liveKey(db, key);
    if (!row) throw new Error(`seed claims: ${key} is not in DICT`);
    return openClaim(db, {
      claimType,
      key: row,
      claimerAccountId: claimer.accountId,
      claimerBranch: claimer.branch,
      claimerAccount: claimer.number,
      at: ago(daysAgo),
    });
  };

  const claims: ClaimRow[] = [];
  const [rafael, juliana] = FOREIGN_PHONES;
  claims.push(open(maria, 'OWNERSHIP', rafael.key, 2));
  const given = open(maria, 'OWNERSHIP', juliana.key, 3);
  confirmClaimRow(db, given, ago(1), false);
  claims.push(given);
  const unanswered = open(maria, 'PORTABILITY', PORTED_KEYS.mariaEmail, 20);
  cancelClaimRow(db, unanswered, ago(13), 'DICT', 'RESOLUTION_PERIOD_ENDED');
  claims.push(unanswered);
  const refused = open(doce, 'OWNERSHIP', DEMO_USERS.maria.phone, 30);
  cancelClaimRow(db, refused, ago(29), 'DONOR', 'REJECTED');
  claims.push(refused);
  claims.push(open(doce, 'OWNERSHIP', DEMO_USERS.maria.phone, 1));
  claims.push(open(doce, 'OWNERSHIP', CLAIMED_PHONES.padaria, 1));
  const confirmed = open(padaria, 'OWNERSHIP', CLAIMED_PHONES.docesabor, 3);
  confirmClaimRow(db, confirmed, ago(2), false);
  claims.push(confirmed);
  const ported = open(padaria, 'PORTABILITY', PORTED_KEYS.padariaEmail, 40);
  confirmClaimRow(db, ported, ago(38), false);
  completeClaimRow(db, { ...ported, status: 'CONFIRMED' }, ago(37), 'CLAIMER');
  claims.push(ported);
  return claims;
}
