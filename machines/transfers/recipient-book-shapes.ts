/**
 * The shapes of machines/transfers/recipient-book.machine.ts (2-money-movement.md §3 Recipient,
 * §7 Recipients calls and contact lookups): its calls' inputs and outputs from the contract, its
 * input and output, the open form dialog, its context, events and what it emits to the view.
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import type { RecipientFormValues, RecipientKind } from '../validators/recipient.ts';
import type { ContactLookup, Recipient } from './recipient-mapping.ts';
import type {
  QueryChange,
  RecipientBookVariant,
  RecipientPageSize,
  RecipientQuery,
} from './recipient-query.ts';

type Schemas = components['schemas'];

export type { ContactLookup, Recipient } from './recipient-mapping.ts';

/** POST /Recipients/ListWithPagination/{dataset}. */
export interface ListRecipientsInput {
  dataset: string;
  body: Schemas['PagingRequest'];
}
export type ListRecipientsOutput = Schemas['RecipientPage'];
export type CreateRecipientOutput = Recipient;
export type UpdateRecipientInput = Schemas['RecipientUpdate'];
export type UpdateRecipientOutput = Recipient;
/** DELETE /Recipients/{idRecipient}. */
export interface DeleteRecipientInput {
  idRecipient: number;
}
export type DeleteRecipientOutput = Schemas['Ack'];
/** GET /contact-users/{cnpj}?isAddFavored=true. */
export interface LookupContactInput {
  cnpj: string;
}
export type LookupContactOutput = ContactLookup;

export interface RecipientBookInput {
  /** The session's first account: the recipients' userAccountId. */
  accountId: string;
  /** The kind the book opens filtered to (the transfer screens' dialog); null: every kind. */
  recipientType?: RecipientKind | null;
  /** The first page size: 10 on the book's page (§9); other screens may ask for 20. */
  pageSize?: RecipientPageSize;
  /** 'pix': the Pix recipient book (is_pix, Pix form, 20 a page unless `pageSize` says). */
  variant?: RecipientBookVariant;
}

/** What the book ends with: the Pix recipient to send to (the view opens /PixKey?recipient=id). */
export interface RecipientBookOutput {
  sendPixTo: number;
}

/** The open form dialog. */
export interface RecipientFormState {
  mode: 'add' | 'edit';
  /** The recipient being edited (null when adding). */
  idRecipient: number | null;
  /** What the form shows when it opens. */
  initial: RecipientFormValues;
  /** The last valid values submitted: kept on failure so nothing typed is lost. */
  submitted: RecipientFormValues | null;
  /** The contact found by CNPJ for a new company-account recipient. */
  contact: ContactLookup | null;
}

export interface RecipientBookContext {
  accountId: string;
  query: RecipientQuery;
  recipients: Recipient[];
  recordCount: number;
  totalPages: number;
  form: RecipientFormState | null;
  /** The recipient the confirmation dialog is about. */
  pendingDelete: number | null;
  /** The Pix recipient chosen to send to (the book's output). */
  pendingSend: number | null;
  /** Why the last call failed (list, lookup, save or delete). */
  error: CallError | null;
}

export type RecipientBookEvent =
  | { type: 'retry' }
  | ({ type: 'query.change' } & QueryChange)
  | { type: 'recipient.add' }
  | { type: 'recipient.edit'; idRecipient: number }
  | { type: 'recipient.delete'; idRecipient: number }
  | { type: 'recipient.send'; idRecipient: number }
  | { type: 'form.submit'; values: RecipientFormValues }
  | { type: 'form.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/**
 * What the view acts on: the success toasts of §8. Picking a row in the transfer screens' dialog
 * is not an event of the book: the dialog hands the row it shows to its opener and closes.
 */
export type RecipientBookEmitted =
  | { type: 'recipient.saved'; mode: 'add' | 'edit'; recipient: Recipient }
  | { type: 'recipient.deleted'; idRecipient: number };
