/**
 * The Ajv instance the contract compiles its schemas with (JSON Schema 2020-12, the formats, the
 * contract's date rule) and the mapping of its errors to the fields a problem+json answer names.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, SchemaObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isDateFrom1900, MINIMUM_DATE, type FieldError } from './field-rules';

/** The id the whole document is registered under, so schemas compile as `$ref`s to its pointers. */
export const DOC_ID = 'portal';

/** Turns an Ajv error into the name of the field it is about (dotted, e.g. client.email). */
function fieldOf(error: ErrorObject, prefix: string): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    parts.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    parts.push(params.additionalProperty);
  const path = parts.join('.');
  if (prefix && path) return `${prefix}.${path}`;
  return path || prefix || '(body)';
}

/** The message of an Ajv error, in words a person can act on where Ajv's own are vague. */
function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'format' && params.format === 'date')
    return `must be a date YYYY-MM-DD from ${MINIMUM_DATE} on`;
  return error.message ?? 'is invalid';
}

export function toFieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  prefix: string,
): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    // The branches of oneOf/anyOf report on their own; the summary line adds nothing.
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') continue;
    const field = fieldOf(e, prefix);
    const message = messageOf(e);
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message });
  }
  if (out.length === 0 && errors && errors.length > 0)
    out.push({ field: prefix || '(body)', message: 'does not match the contract' });
  return out;
}

export function createAjv(document: object, coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
  });
  addFormats(ajv);
  // The contract's dates start in 1900 (its info.description): a year 0100 is a typing slip that
  // date arithmetic would turn into nonsense (an export row dated 3504), so the format refuses it.
  ajv.addFormat('date', { type: 'string', validate: isDateFrom1900 });
  // OpenAPI annotation keywords: accepted, not checked.
  for (const keyword of ['example', 'xml', 'externalDocs', 'discriminator']) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  }
  ajv.addSchema(document as SchemaObject, DOC_ID, undefined, false);
  return ajv;
}
