import type Database from 'better-sqlite3';
import type { components } from '../../openapi/portal.d.ts';

type Schemas = components['schemas'];

/** Reading customers, accounts and addresses in the contract's shapes. */

export interface HolderRow {
  id: string;
  person_type: 'PERSON' | 'CORPORATE' | 'BANK';
  name: string;
  email: string | null;
  phone: string | null;
  tax_id: string | null;
  birth_date: string | null;
  status: string;
  has_pix_permission: number;
  mail_address_id: number | null;
  billing_address_id: number | null;
  corporate_details: string | null;
  representatives: string | null;
  withdraw_agent: string | null;
  functionalities: string | null;
}

export interface AccountRow {
  id: string;
  holder_id: string;
  kind: string;
  number: string;
  branch: string;
  created_at: string;
}

export interface AddressRow {
  id: number;
  holder_id: string;
  account_id: string;
  address_one: string;
  address_two: string | null;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  mnemonic: string | null;
}

export function findHolder(db: Database.Database, holderId: string): HolderRow | undefined {
  return db.prepare('SELECT * FROM account_holders WHERE id = ?').get(holderId) as HolderRow | undefined;
}

export function findAccount(db: Database.Database, accountId: string): AccountRow | undefined {
  return db.prepare("SELECT * FROM accounts WHERE id = ? AND kind = 'CUSTOMER'").get(accountId) as
    AccountRow | undefined;
}

export function findAddress(
  db: Database.Database,
  addressId: number | string,
  holderId: string,
): AddressRow | undefined {
  return db
    .prepare('SELECT * FROM addresses WHERE id = ? AND holder_id = ?')
    .get(Number(addressId), holderId) as AddressRow | undefined;
}

export function listAddressRows(db: Database.Database, holderId: string, accountId: string): AddressRow[] {
  return db
    .prepare('SELECT * FROM addresses WHERE holder_id = ? AND account_id = ? ORDER BY id')
    .all(holderId, accountId) as AddressRow[];
}

export function toAddress(row: AddressRow): Schemas['Address'] {
  return {
    addressId: String(row.id),
    accountHolderId: row.holder_id,
    accountId: row.account_id,
    addressOne: row.address_one,
    addressTwo: row.address_two,
    number: row.number,
    neighborhood: row.neighborhood,
    postalCode: row.postal_code,
    city: row.city,
    state: row.state as Schemas['BrazilianState'],
    country: row.country,
    mnemonic: row.mnemonic,
  };
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  return JSON.parse(text) as T;
}

/** +5511987654321 → 11987654321 (the contract's phoneNumber is DDD and number). */
export function nationalPhone(phone: string): string {
  return phone.replace(/^\+55/, '').replace(/\D/g, '');
}

export function toClient(db: Database.Database, holder: HolderRow): Schemas['Client'] {
  const addressById = (id: number | null) => {
    if (id === null) return null;
    const row = findAddress(db, id, holder.id);
    return row ? toAddress(row) : null;
  };
  const clientType = holder.person_type === 'CORPORATE' ? 'CORPORATE' : 'PERSON';
  return {
    name: holder.name,
    ...(holder.email ? { email: holder.email } : {}),
    ...(holder.phone ? { mobilePhone: { country: 'BRA', phoneNumber: nationalPhone(holder.phone) } } : {}),
    mailAddress: addressById(holder.mail_address_id),
    billingAddress: addressById(holder.billing_address_id),
    taxIdentifier: { taxId: holder.tax_id ?? '', country: 'BRA' },
    accountHolderId: holder.id,
    status: holder.status,
    representatives: parseJson<Schemas['Representative'][]>(holder.representatives, []),
    hasPixPermission: holder.has_pix_permission === 1,
    ...(holder.birth_date ? { birthDate: holder.birth_date } : {}),
    accountData: {
      clientType,
      additionalDetailsCorporate: parseJson<Schemas['AdditionalDetailsCorporate']>(
        holder.corporate_details,
        null,
      ),
    },
  };
}

export function toAccountInfo(account: AccountRow): Schemas['AccountInfo'] {
  return { accountId: account.id, account: account.number, branch: account.branch };
}

export function withdrawAgentOf(holder: HolderRow): Schemas['WithdrawAgent'] | null {
  return parseJson<Schemas['WithdrawAgent'] | null>(holder.withdraw_agent, null);
}

export function functionalitiesOf(holder: HolderRow): string[] {
  return parseJson<string[]>(holder.functionalities, []);
}
