import type Database from 'better-sqlite3';
import { hashPassword } from '../sim/passwords.ts';
import { OWN_BANK } from '../sim/bank.ts';
import { findUserByHolder } from '../sim/users.ts';
import { LINK_ACTIONS, sendLink } from '../sim/verification.ts';
import { DEMO_USERS, type DemoUser, type DemoUserKey } from '../../demo/users.ts';
import { HISTORY_DAYS, type Customer, type SeedArea } from './seed-run.ts';

/**
 * The demo customers (access and profile): holders, accounts, user names and passwords, addresses
 * and security-code secrets, each declared in demo/users.ts; here only what the bank adds (the
 * addresses, the company data).
 */

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

/** What the bank holds of each demo customer beyond demo/users.ts: addresses, company data. */
type BankData = Omit<HolderInput, keyof ReturnType<typeof identity>>;

/** One row per demo customer; `insertCustomer` writes any of them the same way. */
const BANK_DATA: Record<DemoUserKey, BankData> = {
  maria: {
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
  },
  padaria: {
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
  },
  firstAccess: {
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
  },
  volume: {
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
  },
  docesabor: {
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
  },
};

/** A demo customer: who they are (demo/users.ts) and what the bank holds of them (`BANK_DATA`). */
function insertCustomer(db: Database.Database, now: Date, key: DemoUserKey): Customer {
  return insertHolder(db, now, { ...identity(DEMO_USERS[key]), ...BANK_DATA[key] });
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

/** Maria, the bakery and the first-access customer, in this order (their ids are fixed anyway). */
export const seedCustomers: SeedArea = ({ db, now, customers }) => {
  for (const key of ['maria', 'padaria', 'firstAccess'] as const)
    customers[key] = insertCustomer(db, now, key);
};

/** The first-access user also has a "create your password" link waiting in the outbox. */
export const seedFirstAccessLink: SeedArea = ({ db, now }) => {
  const firstUser = findUserByHolder(db, DEMO_USERS.firstAccess.holderId);
  if (firstUser) sendLink(db, firstUser.id, DEMO_USERS.firstAccess.email, LINK_ACTIONS.firstAccess, '', now);
};

/** "Empresa Volume", seeded with the bulk option only (SANDBOX_BULK). */
export const seedVolumeCustomer: SeedArea = ({ db, now, options, customers }) => {
  if (options.bulkEntries && options.bulkEntries > 0) customers.volume = insertCustomer(db, now, 'volume');
};

/** Doce Sabor (issue #13). */
export const seedDoceSabor: SeedArea = ({ db, now, customers }) => {
  customers.docesabor = insertCustomer(db, now, 'docesabor');
};

/** Every seeded customer's security-code secret. */
export const seedSecurityCodes: SeedArea = ({ db }) => insertTotpSecrets(db);
