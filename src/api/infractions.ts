/**
 * Tag `infractions` of the contract (3-pix-part-one.md §7 /Infraction; MED): the one call whose
 * body is not JSON, a report's file (multipart). The other infraction calls are written once as
 * actors (src/app/actors/pix-infraction-actors.ts, `fromOperation`).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/** One file to attach: its name (sent as the part's filename) and its bytes. */
export interface InfractionUpload {
  name: string;
  /** The declared type of the part; the bank reads the real one from the bytes. */
  type: string;
  bytes: Uint8Array;
}

/**
 * The contract types the multipart `file` field as a string of the file's bytes, one character a
 * byte (latin1, the form the bank parses it into). The body is built in that form and the
 * serializer turns it back into the bytes of a File part, so what is sent is exactly the body the
 * contract checks, plus the part's filename and type, which are multipart headers, not fields.
 */
export function latin1Of(bytes: Uint8Array): string {
  let out = '';
  const chunk = 0x8000; // String.fromCharCode's arguments stay well under engines' limits.
  for (let i = 0; i < bytes.length; i += chunk) out += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return out;
}

/** The bytes of a latin1 string made by {@link latin1Of}. */
export function bytesOfLatin1(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** POST /Infraction/CreateInfractionAttach (multipart/form-data: infractionId and file). */
export function attachInfractionFile(
  infractionId: number,
  file: InfractionUpload,
  opts: CallOptions = {},
): Promise<Schemas['InfractionFile']> {
  const body: Schemas['InfractionAttachment'] = { infractionId, file: latin1Of(file.bytes) };
  return call('attachInfractionFile', () =>
    api.POST('/Infraction/CreateInfractionAttach', {
      params: { header: deviceHeader() },
      body,
      // A FormData body: the browser writes Content-Type with its boundary (openapi-fetch leaves it).
      bodySerializer: (b) => {
        const form = new FormData();
        form.append('infractionId', String(b.infractionId));
        form.append('file', new File([bytesOfLatin1(b.file)], file.name, { type: file.type }));
        return form;
      },
      signal: opts.signal,
    }),
  );
}
