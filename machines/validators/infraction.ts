/**
 * The infraction report (MED; 3-pix-part-one.md §2 Report infraction dialog, §3 Infraction request,
 * §5 Infraction; openapi/portal.yaml createInfraction, attachInfractionFile): the description and
 * the attachments, checked in the browser with the bank's own numbers before any call.
 */

/** Message keys of the report's fields. */
export const INFRACTION_KEYS = {
  /** §5: the description must keep more than 3 characters after trim (the spec's DESCRIPTION_REQUIRED). */
  DESCRIPTION_REQUIRED: 'PIX_INFRACTION.DESCRIPTION_REQUIRED',
  FILE_TYPE: 'PIX_INFRACTION.ERRORS.FILE_TYPE',
  FILE_SIZE: 'PIX_INFRACTION.ERRORS.FILE_SIZE',
  FILE_LIMIT: 'PIX_INFRACTION.ERRORS.FILE_LIMIT',
} as const;

/** The contract's bound on the description (InfractionRequest.infractionDescription). */
export const INFRACTION_DESCRIPTION_MAX = 255;
/** The bank's bound on one attachment (attachInfractionFile: 5 MB, 422 PIXRECV 103). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The bank's bound on the files of one infraction (422 PIXRECV 104). */
export const ATTACHMENT_MAX_FILES = 5;
/** How many first bytes tell the accepted types apart (the PNG signature is the longest). */
export const ATTACHMENT_HEAD_BYTES = 8;

/** The types the bank accepts, read from the content as the bank reads it. */
export type AttachmentType = 'image/png' | 'image/jpeg' | 'application/pdf';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'

const startsWith = (head: readonly number[], signature: readonly number[]): boolean =>
  head.length >= signature.length && signature.every((b, i) => head[i] === b);

/**
 * The type of a file by its first bytes (PNG, JPEG or PDF), or undefined: the bank ignores the
 * name and the declared type, so the browser checks the same signatures and a renamed text file is
 * refused before any call.
 */
export function attachmentTypeOf(head: readonly number[]): AttachmentType | undefined {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, PDF)) return 'application/pdf';
  return undefined;
}

/** §5: more than 3 characters after trim, else DESCRIPTION_REQUIRED. */
export function validateInfractionDescription(v: string): string | undefined {
  return v.trim().length > 3 ? undefined : INFRACTION_KEYS.DESCRIPTION_REQUIRED;
}

/** What the browser knows of a chosen file before sending it. */
export interface AttachmentFacts {
  size: number;
  /** Its first {@link ATTACHMENT_HEAD_BYTES} bytes (fewer for a shorter file). */
  head: readonly number[];
}

/**
 * Whether one more file may be attached, given how many are already chosen: the limit of 5 files,
 * then the type by content (an empty file has none), then the size of 5 MB. The first that applies.
 */
export function validateAttachment(file: AttachmentFacts, chosen: number): string | undefined {
  if (chosen >= ATTACHMENT_MAX_FILES) return INFRACTION_KEYS.FILE_LIMIT;
  if (attachmentTypeOf(file.head) === undefined) return INFRACTION_KEYS.FILE_TYPE;
  if (file.size > ATTACHMENT_MAX_BYTES) return INFRACTION_KEYS.FILE_SIZE;
  return undefined;
}
