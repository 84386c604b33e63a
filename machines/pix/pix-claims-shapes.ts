/**
 * The shapes of machines/pix/pix-claims.machine.ts (issue 30; 4-pix-part-two.md §3 Claim, Claim
 * creation payload, Claim decision payload): its calls' inputs and outputs from the contract, its
 * input, context and events, and the creation payload built from the form (§5).
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import { claimKeyOf, type ClaimKeyType, type ClaimType } from '../validators/pix-claim.ts';

type Schemas = components['schemas'];

export type Claim = Schemas['Claim'];
export type ListClaimsOutput = Claim[];
export interface ClaimIdInput {
  idClaims: number;
}
export type CreateClaimBody = Schemas['ClaimCreateRequest'];
export interface CreateClaimInput {
  body: CreateClaimBody;
}
export interface CheckLoginInput {
  username: string;
  password: string;
}
export interface DecideClaimInput {
  body: Schemas['ClaimDecisionRequest'];
}

/** Who the account is, for the sides (§6) and the creation payload (§3). */
export interface PixClaimsInput {
  branch: string;
  number: string;
  participant: string;
  holder: { type: 'NATURAL_PERSON' | 'LEGAL_PERSON'; taxId: string; name: string };
}

export interface ClaimForm {
  claimType: ClaimType;
  keyType: ClaimKeyType;
  key: string;
}

export interface PixClaimsContext extends PixClaimsInput {
  claims: Claim[];
  selectedId: number | null;
  /** §5's message key while the typed key breaks a rule. */
  formError: string | null;
  /** The decision being sent (accept or reject). */
  accept: boolean;
  /** CheckLogin answered valid: false. */
  credentialsInvalid: boolean;
  /** The last change's refusal (shown over the grid or in its dialog), or null. */
  actionError: CallError | null;
  /** What the last change did, for the view's message. */
  done: 'created' | 'cancelled' | 'decided' | 'completed' | null;
  error: CallError | null;
}

export type PixClaimsEvent =
  | { type: 'add.open' }
  | { type: 'add.submit'; form: ClaimForm }
  | { type: 'cancel.ask'; idClaims: number }
  | { type: 'cancel.confirm' }
  | { type: 'decide.ask'; idClaims: number }
  | { type: 'decide.submit'; username: string; password: string; accept: boolean }
  | { type: 'complete.ask'; idClaims: number }
  | { type: 'complete.confirm' }
  | { type: 'dialog.close' }
  | { type: 'retry' }
  | { type: 'back' };

/** The creation payload of §3 for the form (the key as §5 sends it). */
export function claimBody(c: PixClaimsInput, form: ClaimForm): CreateClaimBody {
  return {
    type: form.claimType,
    key: claimKeyOf(form.keyType, form.key),
    key_type: form.keyType,
    claimer_account: {
      participant: c.participant,
      branch: c.branch,
      account_number: c.number,
      account_type: 'CACC',
    },
    claimer: { type: c.holder.type, tax_id_number: c.holder.taxId, name: c.holder.name },
  };
}
