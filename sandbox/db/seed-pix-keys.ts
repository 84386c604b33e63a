import type Database from 'better-sqlite3';
import { DEMO_USERS, type DemoUserKey } from '../../demo/users.ts';
import { insertExternalKey, insertOwnKey, insertParticipants, keyHolderOf } from '../sim/dict.ts';
import { cpfWithCheckDigits } from '../sim/documents.ts';
import { keyTypeOf, type DictKeyType, type PixKeyStatus } from '../sim/pix-keys.ts';
import { createPrng } from '../sim/prng.ts';
import { MARIA_RECIPIENTS, PADARIA_RECIPIENTS } from './seed-recipients.ts';

/**
 * The sandbox DICT's seed (issue #15), built from demo/users.ts:
 * - the Pix participants (real ISPBs and names, from machines/data/banks.json: its source and date
 *   are in that file);
 * - each demo customer's keys, every status appearing: Maria (individual, limit 5) holds 4 keys that
 *   count, so a 5th is accepted and a 6th refused, plus one removed long ago; the bakery (company,
 *   limit 20) holds 8, in every status; Doce Sabor and João hold keys of their own that the others
 *   cannot register (KeyCheck has_entry);
 * - the Pix recipients' keys of the recipient books, registered at other institutions, so the book's
 *   keys resolve in GetLink, plus a few more;
 * - the tutorial: Maria has closed it, the others have not seen it (the bakery shows the fee);
 * - device trust is the devices' seed since issue 30 (seed-devices.ts): Doce Sabor has no device.
 *
 * Fixed data and a fixed PRNG (EVPs, documents): the same keys on every seed.
 */

const PIX_SEED = 20261115;

/** The demo user with no trusted device (seed-devices.ts): every browser of hers is capped for Pix. */
export const UNVALIDATED_DEVICE_USER: DemoUserKey = 'docesabor';
/** The demo user who has closed the Pix tutorial (the others have not seen it). */
export const TUTORIAL_CLOSED_USER: DemoUserKey = 'maria';
const DAY = 86_400_000;

interface OwnKeySeed {
  user: DemoUserKey;
  key: string | 'EVP';
  status: PixKeyStatus;
  daysAgo: number;
}

/** This bank's keys, oldest first per user. 'EVP' draws a key from the PRNG. */
export const OWN_KEYS: readonly OwnKeySeed[] = [
  { user: 'maria', key: DEMO_USERS.maria.taxId, status: 'ACTIVE', daysAgo: 400 },
  { user: 'maria', key: 'maria.santos@exemplo.com.br', status: 'DELETED', daysAgo: 380 },
  { user: 'maria', key: DEMO_USERS.maria.email, status: 'ACTIVE', daysAgo: 350 },
  { user: 'maria', key: 'EVP', status: 'ACTIVE', daysAgo: 200 },
  { user: 'maria', key: DEMO_USERS.maria.phone, status: 'IDENTITY_VALIDATION_PENDING', daysAgo: 2 },
  { user: 'padaria', key: DEMO_USERS.padaria.taxId, status: 'ACTIVE', daysAgo: 500 },
  { user: 'padaria', key: DEMO_USERS.padaria.email, status: 'ACTIVE', daysAgo: 480 },
  { user: 'padaria', key: DEMO_USERS.padaria.phone, status: 'ACTIVE', daysAgo: 470 },
  { user: 'padaria', key: 'EVP', status: 'ACTIVE', daysAgo: 300 },
  { user: 'padaria', key: 'EVP', status: 'INACTIVE', daysAgo: 250 },
  { user: 'padaria', key: 'pix@paodourado.com.br', status: 'CLEARING_REGISTRATION_PENDING', daysAgo: 1 },
  { user: 'padaria', key: 'EVP', status: 'PENDING_DELETION', daysAgo: 90 },
  { user: 'padaria', key: '+5511944445555', status: 'IDENTITY_VALIDATION_PENDING', daysAgo: 1 },
  { user: 'docesabor', key: DEMO_USERS.docesabor.taxId, status: 'ACTIVE', daysAgo: 150 },
  { user: 'docesabor', key: DEMO_USERS.docesabor.email, status: 'ACTIVE', daysAgo: 140 },
  { user: 'docesabor', key: DEMO_USERS.docesabor.phone, status: 'ACTIVE', daysAgo: 130 },
  { user: 'firstAccess', key: DEMO_USERS.firstAccess.email, status: 'ACTIVE', daysAgo: 60 },
  { user: 'volume', key: DEMO_USERS.volume.taxId, status: 'ACTIVE', daysAgo: 700 },
];

/** Participants of the keys at other institutions (ISPBs of machines/data/banks.json). */
export const PARTICIPANTS = {
  itau: '60701190',
  bradesco: '60746948',
  nubank: '18236120',
  caixa: '00360305',
  bb: '00000000',
  inter: '00416968',
  santander: '90400888',
  picpay: '22896431',
  mercadoPago: '10573521',
} as const;

interface ExternalKeySeed {
  key: string | 'EVP';
  name: string;
  participant: string;
  /** The owner's document when the key is not it (CPF drawn from the PRNG when absent). */
  taxId?: string;
}

/** Keys at other institutions beyond the recipient books'. */
export const EXTRA_EXTERNAL_KEYS: readonly ExternalKeySeed[] = [
  { key: 'EVP', name: 'Ricardo Mendes Barbosa', participant: PARTICIPANTS.nubank },
  {
    key: 'loja.aurora@exemplo.com.br',
    name: 'Loja Aurora Ltda',
    participant: PARTICIPANTS.itau,
    taxId: '38152746000193',
  },
  { key: '+5521987651234', name: 'Paula Teixeira Rocha', participant: PARTICIPANTS.picpay },
  { key: '72904615000153', name: 'Colégio Aprender Ltda', participant: PARTICIPANTS.santander },
];

const ROTATION: readonly string[] = Object.values(PARTICIPANTS);

/** The recipient books' Pix keys that are not this bank's customers' (those are in OWN_KEYS). */
function bookKeys(ownKeys: ReadonlySet<string>): ExternalKeySeed[] {
  const seen = new Set<string>();
  const out: ExternalKeySeed[] = [];
  for (const r of [...MARIA_RECIPIENTS, ...PADARIA_RECIPIENTS]) {
    if (r.recipientType !== 'Pix' || !r.key || ownKeys.has(r.key) || seen.has(r.key)) continue;
    seen.add(r.key);
    out.push({
      key: r.key,
      name: r.name ?? r.nickname,
      participant: ROTATION[out.length % ROTATION.length] ?? PARTICIPANTS.bb,
    });
  }
  return out;
}

export function insertPixKeys(db: Database.Database, now: Date): void {
  const prng = createPrng(PIX_SEED);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  insertParticipants(db);

  const ownKeys = new Set<string>();
  for (const k of OWN_KEYS) {
    const holder = keyHolderOf(db, DEMO_USERS[k.user].accountId);
    const key = k.key === 'EVP' ? prng.uuid() : k.key;
    if (!holder) continue; // the bulk-only company exists only with SANDBOX_BULK
    const type: DictKeyType | undefined = k.key === 'EVP' ? 'EVP' : keyTypeOf(key);
    if (!type) throw new Error(`seed key ${key} is malformed`);
    ownKeys.add(key);
    const row = insertOwnKey(db, holder, {
      key,
      type,
      status: k.status === 'DELETED' ? 'ACTIVE' : k.status,
      at: ago(k.daysAgo),
    });
    if (k.status === 'DELETED')
      db.prepare(
        "UPDATE pix_keys SET status = 'DELETED', removed_at = ?, removal_reason = 'USER_REQUESTED' WHERE id = ?",
      ).run(ago(k.daysAgo - 10).toISOString(), row.id);
  }

  for (const k of [...bookKeys(ownKeys), ...EXTRA_EXTERNAL_KEYS]) {
    const key = k.key === 'EVP' ? prng.uuid() : k.key;
    const type: DictKeyType | undefined = k.key === 'EVP' ? 'EVP' : keyTypeOf(key);
    if (!type) throw new Error(`seed key ${key} is malformed`);
    const taxId =
      k.taxId ?? (type === 'CPF' || type === 'CNPJ' ? key : cpfWithCheckDigits(prng.chars(9, '0123456789')));
    insertExternalKey(db, {
      key,
      type,
      participant: k.participant,
      branch: String(prng.int(1, 9999)).padStart(4, '0'),
      accountNumber: String(prng.int(10_000, 99_999_999)),
      accountType: taxId.length === 14 ? 'CACC' : prng.pick(['CACC', 'CACC', 'SVGS', 'TRAN'] as const),
      ownerType: taxId.length === 14 ? 'LEGAL_PERSON' : 'NATURAL_PERSON',
      ownerTaxId: taxId,
      ownerName: k.name,
      openedAt: ago(prng.int(800, 3000)),
      registeredAt: ago(prng.int(30, 700)),
    });
  }

  db.prepare('INSERT INTO pix_tutorials (account_id, closed_at) VALUES (?, ?)').run(
    DEMO_USERS[TUTORIAL_CLOSED_USER].accountId,
    ago(350).toISOString(),
  );
}
