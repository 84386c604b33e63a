/**
 * The rules the contract adds to JSON Schema for every text and date a request carries: dates
 * from 1900, and no control, bidirectional-control or lone-surrogate characters in any string.
 */

/** One offending field, as written into a problem+json `errors` list. */
export interface FieldError {
  field: string;
  message: string;
}

/** The first day a `date` of the contract may be. */
export const MINIMUM_DATE = '1900-01-01';

/** YYYY-MM-DD, a real calendar day, not before {@link MINIMUM_DATE}. */
export function isDateFrom1900(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && value >= MINIMUM_DATE;
}

/** C0 and C1 control characters: nothing a person types into a form field. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** Bidirectional controls: U+202E shows a street name reversed in someone else's address book. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'must be well-formed text (a lone UTF-16 surrogate was sent)';
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (BIDI.test(value)) return 'must not contain bidirectional control characters';
  return undefined;
}

/** Every string inside `value` that {@link textProblem} refuses, named by its dotted path. */
export function textErrors(value: unknown, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  // Iterative, so no nesting depth can exhaust the stack.
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) errors.push({ field: path || '(body)', message: problem });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        const keyProblem = textProblem(key);
        const name = path ? `${path}.${key}` : key;
        if (keyProblem) errors.push({ field: name, message: `property name ${keyProblem}` });
        stack.push([item, name]);
      }
    }
  }
  return errors.reverse();
}
