/**
 * Sample keys of the Pix fixtures: Maria's keys as the sandbox seeds them (sandbox/db/seed-pix-keys.ts,
 * from demo/users.ts): her CPF, e-mail and a random key ACTIVE, her phone awaiting its code.
 */
import { DEMO_USERS } from '../../demo/users.ts';
import type { ListAliasesOutput } from './pix-keys.machine.ts';

const { maria } = DEMO_USERS;

export const MARIA_TAX_ID = maria.taxId;
export const MARIA_EVP = '0f8e7d6c-5b4a-4392-8a1b-2c3d4e5f6a7b';
export const NEW_PHONE_MASKED = '(11) 97777-1234';
export const NEW_PHONE_KEY = '+5511977771234';
export const NEW_EMAIL = 'maria.pix@exemplo.com.br';
/** Maria's phone key, seeded awaiting its code. */
export const MARIA_PENDING_PHONE = maria.phone;

/** Four keys that count toward Maria's limit of 5. */
export const MARIA_KEYS: ListAliasesOutput = [
  { name: maria.taxId, type: 'TAX_ID', status: 'ACTIVE' },
  { name: maria.email, type: 'EMAIL', status: 'ACTIVE' },
  { name: MARIA_EVP, type: 'EVP', status: 'ACTIVE' },
  { name: MARIA_PENDING_PHONE, type: 'PHONE', status: 'IDENTITY_VALIDATION_PENDING' },
];

/** Five keys: an individual's limit (the 2026 rule). */
export const MARIA_KEYS_AT_LIMIT: ListAliasesOutput = [
  ...MARIA_KEYS,
  { name: NEW_EMAIL, type: 'EMAIL', status: 'CLEARING_REGISTRATION_PENDING' },
];
