import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * multipart/form-data for the one call that sends a file (attachInfractionFile, issue 17), parsed
 * by the bank itself (no multipart package in the project): text fields become strings, the one
 * file part becomes the string of its bytes (latin1, one character a byte, so the contract's
 * maxLength counts bytes) and its name and declared type are kept beside the body
 * ({@link uploadedFile}). A malformed body, or more than one file, is 400.
 */

export interface UploadedFile {
  fileName: string;
  declaredType: string;
  bytes: Buffer;
}

const files = new WeakMap<object, UploadedFile>();

/** The file a multipart body carried (the handler reads it with the body it was given). */
export function uploadedFile(body: unknown): UploadedFile | undefined {
  return typeof body === 'object' && body !== null ? files.get(body) : undefined;
}

function badBody(message: string): FastifyError {
  const error = new Error(message) as FastifyError;
  error.statusCode = 400;
  return error;
}

/** Parses a multipart body; throws a 400 error when it is not one. */
export function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw badBody('multipart body without a boundary');
  const delimiter = Buffer.from(`--${mark}`);
  const out: Record<string, string> = {};
  let file: UploadedFile | undefined;
  let at = body.indexOf(delimiter);
  if (at < 0) throw badBody('multipart body without its boundary');
  for (;;) {
    const after = at + delimiter.length;
    if (body.subarray(after, after + 2).toString() === '--') break;
    const headEnd = body.indexOf('\r\n\r\n', after);
    const next = body.indexOf(delimiter, after);
    if (headEnd < 0 || next < 0 || headEnd > next) throw badBody('malformed multipart part');
    const head = body.subarray(after + 2, headEnd).toString('utf8');
    // The part's content ends with the CRLF that precedes the next delimiter.
    const content = body.subarray(headEnd + 4, next - 2);
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(head)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) throw badBody('multipart part without a name');
    if (fileName !== undefined) {
      if (file) throw badBody('one file per request');
      file = {
        fileName,
        declaredType: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? '',
        bytes: Buffer.from(content),
      };
      out[name] = content.toString('latin1');
    } else out[name] = content.toString('utf8');
    at = next;
  }
  if (file) files.set(out, file);
  return out;
}

export function registerMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      const buffer = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
      done(null, parseMultipart(buffer, String(request.headers['content-type'] ?? '')));
    } catch (error) {
      done(error as FastifyError, undefined);
    }
  });
}
