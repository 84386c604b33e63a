import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { SchemaObject, ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { createAjv, DOC_ID, toFieldErrors } from './ajv';
import {
  deref,
  escapeToken,
  fragment,
  get,
  isObject,
  pointerOf,
  type Json,
  type JsonObject,
} from './json-pointer';
import { textErrors, textProblem, type FieldError } from './field-rules';

/**
 * The contract (openapi/portal.yaml) as the sandbox uses it: the list of operations to register,
 * request validation (path, query and header parameters, JSON and form bodies) and response
 * validation, all with Ajv's JSON Schema 2020-12 dialect, which is the one OpenAPI 3.1 uses.
 *
 * The whole document is registered in Ajv under the id `portal`, so every schema is compiled as a
 * `$ref` to its JSON pointer and the document's own `#/components/...` references resolve as written.
 */

export const DEFAULT_CONTRACT_FILE = fileURLToPath(new URL('../../openapi/portal.yaml', import.meta.url));

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export { textProblem, type FieldError } from './field-rules';

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

function toRoutePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
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
