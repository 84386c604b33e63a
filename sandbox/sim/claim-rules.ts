/**
 * The sandbox DICT's rules for key claims (issue 30; 4-pix-part-two.md §4 claim states, §5 claim
 * key, §6 roles): pure functions, no database, so property tests and the portal's agreement test
 * can read them. The periods are the DICT's (docs/domain-notes.md, "DICT claims", with their sources).
 *
 * Two kinds of claim, both opened at the claimer's institution (this bank) against the key's
 * current holder, the donor:
 * - PORTABILITY: the holder brings a key of their own (CPF, CNPJ, e-mail or phone) from another
 *   account; the donor is the same person (same CPF/CNPJ). A random key (EVP) cannot be carried.
 * - OWNERSHIP: a person claims a phone key someone else registered (a reassigned number). Phone
 *   only: §5 of the spec, narrower than DICT, which also allows e-mail.
 */

import { isValidKey, type DictKeyType } from './pix-keys.ts';

export type ClaimType = 'PORTABILITY' | 'OWNERSHIP';
export type ClaimStatus = 'WAITING_RESOLUTION' | 'CONFIRMED' | 'COMPLETED' | 'CANCELLED';
export type ClaimRole = 'CLAIMER' | 'DONOR';
export type ClaimAction = 'cancel' | 'decide' | 'confirm' | 'complete';

const DAY_MS = 86_400_000;

/**
 * Resolution period: the donor has 7 calendar days from the opening to confirm or cancel
 * (docs/domain-notes.md "DICT claims" §1).
 */
export const RESOLUTION_PERIOD_MS = 7 * DAY_MS;
/**
 * Completion period: once confirmed, the claim is concluded within 7 calendar days, so the whole
 * process ends within 14 days of the opening (docs/domain-notes.md "DICT claims" §3). This bank
 * concludes it when its customer asks (Concluir) or, at the end of the period, by itself.
 */
export const COMPLETION_PERIOD_MS = 7 * DAY_MS;
/** How recent a CheckLogin must be for a decision or a confirmation (the portal asks just before). */
export const CREDENTIALS_CHECK_TTL_MS = 5 * 60_000;

/** §5: the key types each kind of claim accepts. */
export const CLAIM_KEY_TYPES: Readonly<Record<ClaimType, readonly DictKeyType[]>> = {
  OWNERSHIP: ['PHONE'],
  PORTABILITY: ['CPF', 'CNPJ', 'EMAIL', 'PHONE'],
};

/** Whether `key` of `keyType` may be claimed by a claim of `claimType` (type and DICT format). */
export function isClaimableKey(claimType: ClaimType, keyType: string, key: string): boolean {
  const allowed = CLAIM_KEY_TYPES[claimType] as readonly string[];
  return allowed.includes(keyType) && isValidKey(keyType as DictKeyType, key);
}

/** The finished states: nothing can change them ('Processo finalizado…'). */
export const isFinished = (status: ClaimStatus): boolean => status === 'COMPLETED' || status === 'CANCELLED';

/**
 * What each side may do in each state (§4), as this bank decides it:
 * - waiting resolution: the donor confirms, decides (accept or reject) or cancels (keeps the key);
 *   the claimer may cancel (withdraw the request);
 * - confirmed: the claimer concludes (complete, or decide: accept concludes, reject withdraws) or
 *   cancels; the donor may do nothing. The spec's original coded the donor's actions under a
 *   misspelt role, so it had none: we keep that on purpose, since the donor's confirmation released
 *   the key in DICT and only the claimer's side can still end the process (docs/domain-notes.md
 *   "DICT claims" §4);
 * - finished (completed or cancelled): nothing.
 */
export const CLAIM_ACTIONS: Readonly<
  Record<ClaimStatus, Readonly<Record<ClaimRole, readonly ClaimAction[]>>>
> = {
  WAITING_RESOLUTION: { DONOR: ['confirm', 'decide', 'cancel'], CLAIMER: ['cancel'] },
  CONFIRMED: { DONOR: [], CLAIMER: ['complete', 'decide', 'cancel'] },
  COMPLETED: { DONOR: [], CLAIMER: [] },
  CANCELLED: { DONOR: [], CLAIMER: [] },
};

export const mayDo = (status: ClaimStatus, role: ClaimRole, action: ClaimAction): boolean =>
  CLAIM_ACTIONS[status][role].includes(action);

/** The periods of a claim and where the clock puts it. */
export interface ClaimClock {
  status: ClaimStatus;
  claimType: ClaimType;
  resolutionDeadline: Date;
  completionDeadline: Date | null;
}

/**
 * What the DICT does when a period ends unanswered (docs/domain-notes.md "DICT claims" §2, §3):
 * - waiting resolution past its deadline: a portability is cancelled (the donor never confirmed);
 *   an ownership claim is confirmed on the donor's behalf (who did not prove the number is theirs);
 * - confirmed past its completion deadline: concluded (the key moves to the claimer);
 * - otherwise nothing.
 */
export type ClockStep = 'cancelUnanswered' | 'confirmByDefault' | 'completeAtDeadline' | null;

export function clockStep(c: ClaimClock, now: Date): ClockStep {
  if (c.status === 'WAITING_RESOLUTION' && now >= c.resolutionDeadline)
    return c.claimType === 'PORTABILITY' ? 'cancelUnanswered' : 'confirmByDefault';
  if (c.status === 'CONFIRMED' && c.completionDeadline !== null && now >= c.completionDeadline)
    return 'completeAtDeadline';
  return null;
}

export const resolutionDeadlineOf = (openedAt: Date): Date =>
  new Date(openedAt.getTime() + RESOLUTION_PERIOD_MS);
export const completionDeadlineOf = (confirmedAt: Date): Date =>
  new Date(confirmedAt.getTime() + COMPLETION_PERIOD_MS);
