/**
 * Key claims, portal side (/PortabilityPage; 4-pix-part-two.md §4 claim states, §5 claim key, §6
 * roles; issue 30). The bank re-checks each rule (sandbox/sim/claim-rules.ts; the agreement test
 * tests/agreement/pix-claims.property.test.ts compares both).
 *
 * §5: every field required; e-mail must match an e-mail pattern; CPF 11 digits; CNPJ 14 characters
 * (alphanumeric since the 2026 CNPJ); phone at least 10 digits, sent with +55; CPF, CNPJ and phone
 * sent as digits only. Ownership claims take only the phone; portability CPF, CNPJ, e-mail, phone.
 */
import { isValidPixKey, toEmailKey, toTaxIdKey } from './pix-key.ts';

export type ClaimType = 'PORTABILITY' | 'OWNERSHIP';
export type ClaimKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE';
export type ClaimStatus = 'OPEN' | 'WAITING_RESOLUTION' | 'CONFIRMED' | 'CANCELLED' | 'COMPLETED';
export type ClaimRole = 'CLAIMER' | 'DONOR';
/** What a row offers: cancel, the decision (accept or reject, after CheckLogin), conclude. */
export type ClaimAction = 'cancel' | 'decide' | 'complete';

/** §5: the key types each kind of claim accepts, in the order the form lists them. */
export const CLAIM_KEY_TYPES: Readonly<Record<ClaimType, readonly ClaimKeyType[]>> = {
  OWNERSHIP: ['PHONE'],
  PORTABILITY: ['CPF', 'CNPJ', 'EMAIL', 'PHONE'],
};

export const CLAIM_KEYS = {
  REQUIRED: 'CLAIMS.ERROR.REQUIRED',
  EMAIL: 'CLAIMS.ERROR.EMAIL',
  CPF: 'CLAIMS.ERROR.CPF',
  CNPJ: 'CLAIMS.ERROR.CNPJ',
  PHONE: 'CLAIMS.ERROR.PHONE',
  TYPE: 'CLAIMS.ERROR.TYPE',
} as const;

/** The key as it is sent (§5): phone +55 and digits, CPF/CNPJ without marks, e-mail lower case. */
export function claimKeyOf(keyType: ClaimKeyType, typed: string): string {
  switch (keyType) {
    case 'PHONE': {
      const digits = typed.replace(/\D/g, '');
      return `+55${digits.startsWith('55') && digits.length > 11 ? digits.slice(2) : digits}`;
    }
    case 'EMAIL':
      return toEmailKey(typed);
    default:
      return toTaxIdKey(typed);
  }
}

/** The message key of what is wrong with a typed key for a claim, or undefined when it may go. */
export function claimKeyError(
  claimType: ClaimType,
  keyType: ClaimKeyType,
  typed: string,
): string | undefined {
  if (!CLAIM_KEY_TYPES[claimType].includes(keyType)) return CLAIM_KEYS.TYPE;
  if (typed.trim() === '') return CLAIM_KEYS.REQUIRED;
  const key = claimKeyOf(keyType, typed);
  switch (keyType) {
    case 'PHONE': {
      // At least 10 digits (a DDD and a number); the DICT form is a mobile: DDD, 9 and 8 digits.
      const digits = key.slice(3);
      return digits.length >= 10 && isValidPixKey(key, 'PHONE') ? undefined : CLAIM_KEYS.PHONE;
    }
    case 'EMAIL':
      return isValidPixKey(key, 'EMAIL') ? undefined : CLAIM_KEYS.EMAIL;
    case 'CPF':
      return isValidPixKey(key, 'CPF') ? undefined : CLAIM_KEYS.CPF;
    case 'CNPJ':
      return isValidPixKey(key, 'CNPJ') ? undefined : CLAIM_KEYS.CNPJ;
  }
}

/** The account's side (§6): claimer or donor by the branch and number, or null when neither. */
export function claimRoleOf(
  claim: {
    claimerBranch?: string | null;
    claimerAccount?: string | null;
    donorBranch?: string | null;
    donorAccount?: string | null;
  },
  account: { branch: string; number: string },
): ClaimRole | null {
  if (claim.claimerBranch === account.branch && claim.claimerAccount === account.number) return 'CLAIMER';
  if (claim.donorBranch === account.branch && claim.donorAccount === account.number) return 'DONOR';
  return null;
}

export const isFinishedClaim = (status: ClaimStatus): boolean =>
  status === 'COMPLETED' || status === 'CANCELLED';

/**
 * The actions a row offers (§4, as decided in docs/domain-notes.md "DICT claims" §4):
 * - waiting resolution: the donor cancels or decides (accept or reject); the claimer cancels;
 * - confirmed: the claimer concludes, decides or cancels; the donor nothing (its answer released
 *   the key; the original coded its actions under a misspelt role, so it had none);
 * - finished: only Cancelar, which answers 'Processo finalizado. Não é possível efetuar o
 *   cancelamento.' without a call (§8).
 */
export function claimActionsOf(status: ClaimStatus, role: ClaimRole | null): readonly ClaimAction[] {
  if (role === null) return [];
  if (isFinishedClaim(status)) return ['cancel'];
  if (status === 'WAITING_RESOLUTION' || status === 'OPEN')
    return role === 'DONOR' ? ['decide', 'cancel'] : ['cancel'];
  return role === 'CLAIMER' ? ['complete', 'cancel'] : [];
}

/** The translation key of a status label (§4). */
export const CLAIM_STATUS_KEYS: Readonly<Record<ClaimStatus, string>> = {
  OPEN: 'CLAIMS.STATUS_OF.WAITING_RESOLUTION',
  WAITING_RESOLUTION: 'CLAIMS.STATUS_OF.WAITING_RESOLUTION',
  CONFIRMED: 'CLAIMS.STATUS_OF.CONFIRMED',
  COMPLETED: 'CLAIMS.STATUS_OF.COMPLETED',
  CANCELLED: 'CLAIMS.STATUS_OF.CANCELLED',
};
