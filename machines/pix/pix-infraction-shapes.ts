/**
 * The shapes of machines/pix/pix-infraction.machine.ts (issue 17; 3-pix-part-one.md §3 Infraction
 * request, §5 Infraction, §7 /Infraction calls): its calls' inputs and outputs from the contract,
 * the files the user chooses and the ones accepted for upload, its input, context, events, output
 * and tags.
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { AttachmentType } from '../validators/infraction.ts';

type Schemas = components['schemas'];

export type InfractionType = Schemas['InfractionType'];

/**
 * The bytes of a chosen file, read only by the upload call: a browser File (or any Blob). The
 * machine keeps it to hand it over; it never reads it.
 */
export interface AttachmentContent {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A file the user chose, as the view hands it over. */
export interface ChosenFile {
  name: string;
  size: number;
  /** Its first bytes (machines/validators/infraction.ts ATTACHMENT_HEAD_BYTES). */
  head: number[];
  content: AttachmentContent;
}

/** A file accepted for upload, with the type its content gave. */
export interface InfractionAttachment {
  name: string;
  size: number;
  type: AttachmentType;
  content: AttachmentContent;
}

/** GET /Infraction/GetOpenInfraction/{pixId}. */
export interface GetOpenInfractionInput {
  endToEndId: string;
}
export type GetOpenInfractionOutput = Schemas['InfractionNullable'];

/** The Pix receipt of the entry (its pixKey). */
export interface GetPixReceiptInput {
  accountId: string;
  transactionId: string;
}
export type GetPixReceiptOutput = Schemas['PixReceipt'];

/** POST /Infraction/{accountId}/CreateInfraction. */
export interface CreateInfractionInput {
  accountId: string;
  body: Schemas['InfractionRequest'];
}
export type CreateInfractionOutput = Schemas['InfractionCreated'];

/** POST /Infraction/CreateInfractionAttach (multipart: infractionId and file). */
export interface AttachInfractionFileInput {
  infractionId: number;
  file: InfractionAttachment;
}
export type AttachInfractionFileOutput = Schemas['InfractionFile'];

export interface PixInfractionInput {
  accountId: string;
  /** The reported payment: the statement entry's end-to-end id and transaction id. */
  endToEndId: string;
  transactionId: string;
  newId: IdGenerator;
}

export interface PixInfractionContext {
  accountId: string;
  endToEndId: string;
  transactionId: string;
  newId: IdGenerator;
  /** The receipt's key; null when the payment had none or the receipt could not be read. */
  pixKey: string | null;
  /** The receipt was read (false: the key is shown as unavailable). */
  keyLoaded: boolean;
  infractionType: InfractionType;
  description: string;
  files: InfractionAttachment[];
  /** The last file refused in the browser, and why (a message key). */
  fileError: { name: string; messageKey: string } | null;
  /** Fixed when Finish enters CreateInfraction, reused by every retry, dropped on a refusal. */
  externalIdentifier: string | null;
  infractionId: number | null;
  /** Files attached so far (the next to send is `files[attached]`). */
  attached: number;
  error: CallError | null;
}

export type PixInfractionEvent =
  | { type: 'details.submit'; infractionType: InfractionType; description: string }
  | { type: 'details.back' }
  | { type: 'file.add'; file: ChosenFile }
  | { type: 'file.remove'; index: number }
  | { type: 'report.submit' }
  | { type: 'retry' }
  | { type: 'dialog.close' };

/** How the dialog ended; the view says it and closes. A report's `protocol` is the bank's id of it (issue 32). */
export type PixInfractionOutput =
  | { outcome: 'alreadyExists' }
  | { outcome: 'reported'; attached: number; total: number; protocol: number }
  | { outcome: 'closed'; changed: boolean };

export type PixInfractionTag = 'busy' | 'dialog';
