import type { FastifyError, FastifyInstance } from 'fastify';

/** How deep a JSON body may nest (the contract's info.description). */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests deeper than `max`, counted without parsing (strings skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The body parsers of the bank: JSON (empty is no body, nesting bounded) and the login's form. */
export function registerBodyParsers(app: FastifyInstance): void {
  // JSON: an empty body is "no body" (DELETE /logout may carry Content-Type: application/json).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // The parser and the proto-poisoning scan recurse: a deeply nested body would exhaust the
    // stack (a 500). No request of the contract nests anywhere near this deep.
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const error = new Error(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`) as FastifyError;
      error.statusCode = 400;
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(error, undefined);
      return;
    }
    defaultJson(request, text, done);
  });
  // The login is form-encoded (1-access-shell-statement.md §7). Repeated keys keep the last value.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const form: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(text)) form[key] = value;
      done(null, form);
    },
  );
}
