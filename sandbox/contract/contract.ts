import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, SchemaObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The contract (openapi/portal.yaml) as the sandbox uses it: the list of operations to register,
 * request validation (path, query and header parameters, JSON and form bodies) and response
 * validation, all with Ajv's JSON Schema 2020-12 dialect, which is the one OpenAPI 3.1 uses.
 *
 * The whole document is registered in Ajv under the id `portal`, so every schema is compiled as a
 * `$ref` to its JSON pointer and the document's own `#/components/...` references resolve as written.
 */

export const DEFAULT_CONTRACT_FILE = fileURLToPath(new URL('../../openapi/portal.yaml', import.meta.url));

const DOC_ID = 'portal';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One offending field, as written into a problem+json `errors` list. */
export interface FieldError {
  field: string;
  message: string;
}

type Location = 'path' | 'query' | 'header';

interface ParameterSpec {
  /** Lower-cased for headers (Node lower-cases incoming header names). */
  name: string;
  /** The name as the contract writes it, used in error messages. */
  label: string;
  in: Location;
  required: boolean;
  pointer: string;
  defaultValue?: unknown;
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** The contract's path, e.g. /client/{accountId}/balance. */
  path: string;
  /** The same path in Fastify's syntax, e.g. /client/:accountId/balance. */
  routePath: string;
  tag: string;
  /** True when a bearer token is required (an empty security requirement makes it optional). */
  requiresAuth: boolean;
  /** True when a bearer token may be sent but is not required. */
  optionalAuth: boolean;
  parameters: readonly ParameterSpec[];
  /** Media type → JSON pointer of its schema. */
  requestBody?: { required: boolean; content: ReadonlyMap<string, string> };
  /** Status ('200', '4XX', 'default') → media type → JSON pointer of the schema. */
  responses: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

export interface RequestParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  /** The request's media type without parameters, e.g. application/json. */
  contentType?: string;
  hasBody: boolean;
}

export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pointerOf(tokens: readonly string[]): string {
  return tokens.map((t) => `/${escapeToken(t)}`).join('');
}

/** A JSON pointer as a URI fragment (braces in paths must be percent-encoded). */
function fragment(pointer: string): string {
  return pointer
    .split('/')
    .map((t) => encodeURIComponent(t))
    .join('/');
}

function get(doc: JsonObject, pointer: string): Json | undefined {
  let node: Json | undefined = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else return undefined;
  }
  return node;
}

/** Follows `$ref` chains of OpenAPI objects (parameters, request bodies, responses). */
function deref(doc: JsonObject, pointer: string): { pointer: string; value: JsonObject } {
  let current = pointer;
  for (let hops = 0; hops < 20; hops++) {
    const value = get(doc, current);
    if (!isObject(value)) throw new Error(`contract: nothing at ${current}`);
    const ref = value.$ref;
    if (typeof ref !== 'string') return { pointer: current, value };
    if (!ref.startsWith('#')) throw new Error(`contract: only local $ref are supported (${ref})`);
    current = decodeURIComponent(ref.slice(1));
  }
  throw new Error(`contract: $ref loop at ${pointer}`);
}

function toRoutePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

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

function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, prefix: string): FieldError[] {
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

function createAjv(document: JsonObject, coerce: boolean): Ajv2020 {
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

export class Contract {
  readonly operations: readonly Operation[];
  private readonly byId: ReadonlyMap<string, Operation>;
  /** For bodies and responses: exact types, no coercion. */
  private readonly strictAjv: Ajv2020;
  /** For parameters and form bodies, which arrive as strings. */
  private readonly coercingAjv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly document: JsonObject) {
    this.operations = Contract.readOperations(document);
    this.byId = new Map(this.operations.map((o) => [o.operationId, o]));
    this.strictAjv = createAjv(document, false);
    this.coercingAjv = createAjv(document, true);
  }

  static load(file: string = DEFAULT_CONTRACT_FILE): Contract {
    const doc: unknown = parse(readFileSync(file, 'utf8'));
    if (!isObject(doc)) throw new Error(`contract: ${file} is not an OpenAPI document`);
    return new Contract(doc);
  }

  operation(operationId: string): Operation | undefined {
    return this.byId.get(operationId);
  }

  private static readOperations(doc: JsonObject): Operation[] {
    const paths = doc.paths;
    if (!isObject(paths)) throw new Error('contract: no paths');
    const globalSecurity = Array.isArray(doc.security) ? doc.security : [];
    const ops: Operation[] = [];
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      const pathPointer = ['paths', path];
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const opTokens = [...pathPointer, method];
        if (typeof op.operationId !== 'string')
          throw new Error(`contract: ${method.toUpperCase()} ${path} has no operationId`);
        const security = Array.isArray(op.security) ? op.security : globalSecurity;
        const hasEmpty = security.some((s) => isObject(s) && Object.keys(s).length === 0);
        const parameters = new Map<string, ParameterSpec>();
        const readParams = (list: readonly Json[], tokens: readonly string[]) => {
          list.forEach((_, index) => {
            const { pointer, value } = deref(doc, pointerOf([...tokens, String(index)]));
            const where = value.in;
            if (where !== 'path' && where !== 'query' && where !== 'header') return; // cookies are not validated
            if (typeof value.name !== 'string') return;
            const schemaPointer = `${pointer}/schema`;
            const schema = get(doc, schemaPointer);
            const spec: ParameterSpec = {
              name: where === 'header' ? value.name.toLowerCase() : value.name,
              label: value.name,
              in: where,
              required: where === 'path' || value.required === true,
              pointer: schemaPointer,
              ...(isObject(schema) && 'default' in schema ? { defaultValue: schema.default } : {}),
            };
            parameters.set(`${where}:${spec.name}`, spec);
          });
        };
        readParams(shared, [...pathPointer, 'parameters']);
        if (Array.isArray(op.parameters)) readParams(op.parameters, [...opTokens, 'parameters']);

        let requestBody: Operation['requestBody'];
        if (op.requestBody !== undefined) {
          const { pointer, value } = deref(doc, pointerOf([...opTokens, 'requestBody']));
          const content = new Map<string, string>();
          if (isObject(value.content)) {
            for (const media of Object.keys(value.content))
              content.set(media, `${pointer}/content/${escapeToken(media)}/schema`);
          }
          requestBody = { required: value.required === true, content };
        }

        const responses = new Map<string, Map<string, string>>();
        if (isObject(op.responses)) {
          for (const status of Object.keys(op.responses)) {
            const { pointer, value } = deref(doc, pointerOf([...opTokens, 'responses', status]));
            const content = new Map<string, string>();
            if (isObject(value.content)) {
              for (const media of Object.keys(value.content))
                content.set(media, `${pointer}/content/${escapeToken(media)}/schema`);
            }
            responses.set(status, content);
          }
        }

        const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
        ops.push({
          operationId: op.operationId,
          method,
          path,
          routePath: toRoutePath(path),
          tag: tags[0] ?? 'default',
          requiresAuth: security.length > 0 && !hasEmpty,
          optionalAuth: security.length > 0 && hasEmpty,
          parameters: [...parameters.values()],
          ...(requestBody ? { requestBody } : {}),
          responses,
        });
      }
    }
    return ops;
  }

  private compile(ajv: Ajv2020, key: string, schema: SchemaObject): ValidateFunction {
    const cacheKey = `${ajv === this.strictAjv ? 's' : 'c'}:${key}`;
    let fn = this.cache.get(cacheKey);
    if (!fn) {
      fn = ajv.compile(schema);
      this.cache.set(cacheKey, fn);
    }
    return fn;
  }

  /** Whether the schema at `pointer` (following $ref) is a number or an integer. */
  private isNumeric(pointer: string): boolean {
    let schema = get(this.document, pointer);
    for (let hops = 0; hops < 10 && isObject(schema) && typeof schema.$ref === 'string'; hops++)
      schema = get(this.document, decodeURIComponent(schema.$ref.slice(1)));
    if (!isObject(schema)) return false;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return types.includes('integer') || types.includes('number');
  }

  private refTo(pointer: string): SchemaObject {
    return { $ref: `${DOC_ID}#${fragment(pointer)}` };
  }

  /**
   * Validates (and coerces in place: strings to numbers/booleans, defaults applied) the
   * parameters and body of a request. Field names are the parameter names and the dotted body
   * paths, so a problem+json can name them.
   */
  validateRequest(operationId: string, req: RequestParts): ValidationResult {
    const op = this.byId.get(operationId);
    if (!op) throw new Error(`contract: unknown operation ${operationId}`);
    const errors: FieldError[] = [];

    for (const location of ['path', 'query', 'header'] as const) {
      const specs = op.parameters.filter((p) => p.in === location);
      if (specs.length === 0) continue;
      const properties: Record<string, SchemaObject> = {};
      for (const p of specs) {
        properties[p.name] =
          p.defaultValue === undefined
            ? this.refTo(p.pointer)
            : { ...this.refTo(p.pointer), default: p.defaultValue };
      }
      const schema: SchemaObject = {
        type: 'object',
        properties,
        required: specs.filter((p) => p.required).map((p) => p.name),
      };
      const validate = this.compile(this.coercingAjv, `${operationId}:${location}`, schema);
      const data = location === 'path' ? req.params : location === 'query' ? req.query : req.headers;
      if (location !== 'header') {
        for (const p of specs) {
          const raw = data[p.name];
          if (typeof raw !== 'string') continue;
          const problem = textProblem(raw);
          if (problem) errors.push({ field: p.label, message: problem });
          // Ajv's coercion reads '0x5', ' 5' and '5e0' as 5; an id or a number in a URL is decimal.
          if (this.isNumeric(p.pointer) && !/^-?[0-9]+(\.[0-9]+)?$/.test(raw))
            errors.push({ field: p.label, message: 'must be a decimal number' });
        }
      }
      if (!validate(data)) {
        const labels = new Map(specs.map((p) => [p.name, p.label]));
        for (const e of toFieldErrors(validate.errors, '')) {
          const [head, ...rest] = e.field.split('.');
          errors.push({ ...e, field: [labels.get(head ?? '') ?? head, ...rest].join('.') });
        }
      }
    }

    const body = op.requestBody;
    if (body) {
      if (!req.hasBody) {
        if (body.required) errors.push({ field: '(body)', message: 'a request body is required' });
      } else {
        const media = req.contentType ?? 'application/json';
        const pointer = body.content.get(media);
        if (!pointer) {
          errors.push({
            field: '(body)',
            message: `content type ${media} is not accepted; use ${[...body.content.keys()].join(' or ')}`,
          });
        } else {
          // Form fields arrive as strings (multipart too), so they are coerced like parameters.
          const ajv =
            media === 'application/x-www-form-urlencoded' || media === 'multipart/form-data'
              ? this.coercingAjv
              : this.strictAjv;
          const validate = this.compile(ajv, `${operationId}:body:${media}`, this.refTo(pointer));
          if (!validate(req.body)) errors.push(...toFieldErrors(validate.errors, ''));
          // A multipart body carries a file's bytes (control characters and all; issue 17).
          if (media !== 'multipart/form-data') errors.push(...textErrors(req.body));
        }
      }
    }
    // A body where the contract declares none is ignored rather than refused: clients may send {}.
    return { valid: errors.length === 0, errors };
  }

  /** The declared statuses of an operation's responses ('200', '422', 'default'...). */
  responseStatuses(operationId: string): string[] {
    return [...(this.byId.get(operationId)?.responses.keys() ?? [])];
  }

  /**
   * Validates a response body against the schema the contract declares for (operationId, status,
   * media type). Falls back from '404' to '4XX' to 'default', as OpenAPI does.
   */
  validateResponse(
    operationId: string,
    status: number,
    body: unknown,
    contentType = 'application/json',
  ): ValidationResult {
    const op = this.byId.get(operationId);
    if (!op)
      return {
        valid: false,
        errors: [{ field: '(operation)', message: `unknown operation ${operationId}` }],
      };
    const key = [String(status), `${String(status).charAt(0)}XX`, 'default'].find((k) => op.responses.has(k));
    if (!key)
      return {
        valid: false,
        errors: [{ field: '(status)', message: `${operationId} declares no response ${status}` }],
      };
    const content = op.responses.get(key);
    const media = contentType.split(';')[0]?.trim() ?? contentType;
    if (!content || content.size === 0) {
      const empty = body === undefined || body === null || body === '';
      return empty
        ? { valid: true, errors: [] }
        : { valid: false, errors: [{ field: '(body)', message: `${operationId} ${key} declares no body` }] };
    }
    const pointer = content.get(media);
    if (!pointer) {
      return {
        valid: false,
        errors: [
          {
            field: '(content-type)',
            message: `${operationId} ${key} declares ${[...content.keys()].join(', ')}, not ${media}`,
          },
        ],
      };
    }
    const validate = this.compile(
      this.strictAjv,
      `${operationId}:response:${key}:${media}`,
      this.refTo(pointer),
    );
    // A binary answer (a PDF) is checked as the string of its bytes: `type: string` and its maxLength.
    const value = body instanceof Uint8Array ? Buffer.from(body).toString('latin1') : body;
    return validate(value)
      ? { valid: true, errors: [] }
      : { valid: false, errors: toFieldErrors(validate.errors, '') };
  }

  /** Validates any value against a named component schema (e.g. StatementAdditionalInfo). */
  validateSchema(name: string, value: unknown): ValidationResult {
    const validate = this.compile(
      this.strictAjv,
      `schema:${name}`,
      this.refTo(`/components/schemas/${escapeToken(name)}`),
    );
    return validate(value)
      ? { valid: true, errors: [] }
      : { valid: false, errors: toFieldErrors(validate.errors, '') };
  }
}

let shared: Contract | undefined;

/** The project's contract, loaded once per process. */
export function projectContract(): Contract {
  shared ??= Contract.load();
  return shared;
}
