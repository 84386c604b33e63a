// @vitest-environment node
/**
 * The contract's own checks: openapi/portal.yaml against docs/spec-calls.md and the project
 * decisions of docs/DESIGN.md, and openapi/portal.d.ts against what openapi-typescript makes of it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import * as prettier from 'prettier';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const read = (file: string): string => readFileSync(resolve(root, file), 'utf8');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const SPEC_DOCS = [
  '1-access-shell-statement.md',
  '2-money-movement.md',
  '3-pix-part-one.md',
  '4-pix-part-two.md',
] as const;
/** Operations whose success answer is a file, not the `{ data }` envelope. */
// Answers that are not the project's JSON envelope: a PDF, and the Pix location's signed JWS and
// the JWK Set that verifies it, which a payer's bank reads in the BCB's formats (issue 27).
const FILE_RESPONSES = new Set(['getBoletoPdf', 'getPixChargePayload', 'getPixJwks']);
/** Operations that move money, whose request must require an externalIdentifier. */
const MONEY_MOVING = [
  'createWithdrawal',
  'createPayment',
  'createRecharge',
  'createDeposit',
  'createDepositPix',
  'createInternalPix',
  'payPixQrCode',
  'refundPixPayment',
  'createDynamicQrCode',
  'createStaticQrCode',
] as const;

interface Operation {
  method: string;
  path: string;
  op: JsonObject;
}

/** Loads the contract as plain JSON, narrowed where used. */
function loadContract(text: string = read('openapi/portal.yaml')): JsonObject {
  const doc = parse(text) as Json;
  if (!isObject(doc)) throw new Error('openapi/portal.yaml is not a mapping');
  return doc;
}

function operationsOf(doc: JsonObject): Operation[] {
  const paths = doc.paths;
  if (!isObject(paths)) throw new Error('the contract has no paths');
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op)) out.push({ method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

interface SpecCallRow {
  line: number;
  document: string;
  method: string;
  specPath: string;
  contractPath: string;
  operationId: string;
}

/** Reads the table of docs/spec-calls.md (the rows below its header separator). */
function parseSpecCalls(markdown: string): SpecCallRow[] {
  const rows: SpecCallRow[] = [];
  const lines = markdown.split('\n');
  let inTable = false;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line.startsWith('|')) {
      inTable = false;
      return;
    }
    if (/^\|\s*-{3,}/.test(line)) {
      inTable = true;
      return;
    }
    if (!inTable) return;
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((cell) => cell.trim());
    const clean = (cell: string | undefined): string => (cell ?? '').replace(/`/g, '').trim();
    rows.push({
      line: index + 1,
      document: clean(cells[0]),
      method: clean(cells[1]).toUpperCase(),
      specPath: clean(cells[2]),
      contractPath: clean(cells[3]),
      operationId: clean(cells[4]),
    });
  });
  return rows;
}

/** The tag list of DESIGN.md, "Project decisions": the backticked names after "tag per area:". */
function allowedTags(design: string): string[] {
  const start = design.indexOf('tag per area:');
  if (start < 0) throw new Error('DESIGN.md no longer lists the tags ("tag per area:")');
  const end = design.indexOf('\n- ', start);
  const block = design.slice(start, end < 0 ? undefined : end);
  return [...block.matchAll(/`([a-z][a-z-]*)`/g)].map((m) => m[1] ?? '');
}

function resolveRef(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return node;
}

function deref(doc: JsonObject, node: Json | undefined): Json | undefined {
  let current = node;
  for (let i = 0; i < 20 && isObject(current) && typeof current.$ref === 'string'; i++) {
    current = resolveRef(doc, current.$ref);
  }
  return current;
}

function collectRefs(node: Json | undefined, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, into));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.add(value);
      else collectRefs(value, into);
    }
  }
  return into;
}

/** Whether every value the schema accepts must carry `externalIdentifier` (at most 2 levels down). */
function requiresExternalIdentifier(doc: JsonObject, node: Json | undefined, depth = 0): boolean {
  const schema = deref(doc, node);
  if (!isObject(schema) || depth > 2) return false;
  const oneOf = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(oneOf)) return oneOf.every((branch) => requiresExternalIdentifier(doc, branch, depth));
  if (
    Array.isArray(schema.allOf) &&
    schema.allOf.some((part) => requiresExternalIdentifier(doc, part, depth))
  )
    return true;
  const required = Array.isArray(schema.required) ? schema.required : [];
  if (required.includes('externalIdentifier')) return true;
  const properties = isObject(schema.properties) ? schema.properties : {};
  return required.some(
    (name) => typeof name === 'string' && requiresExternalIdentifier(doc, properties[name], depth + 1),
  );
}

const label = ({ method, path, op }: Operation): string => `${method} ${path} (${String(op.operationId)})`;
const specsOf = (op: JsonObject): Json[] => [
  op['x-spec'] ?? null,
  ...(Array.isArray(op['x-spec-also']) ? op['x-spec-also'] : []),
];

/** Each operation: camelCase operationId, exactly one allowed tag, x-spec naming a spec §7, gap notes. */
function checkOperations(doc: JsonObject, allowed: string[]): string[] {
  const problems: string[] = [];
  for (const entry of operationsOf(doc)) {
    const { op } = entry;
    if (typeof op.operationId !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId))
      problems.push(`${label(entry)}: operationId missing or not camelCase`);
    const opTags = Array.isArray(op.tags) ? op.tags : [];
    if (opTags.length !== 1 || typeof opTags[0] !== 'string' || !allowed.includes(opTags[0]))
      problems.push(`${label(entry)}: needs exactly one tag of DESIGN.md, has ${JSON.stringify(opTags)}`);
    for (const spec of specsOf(op)) {
      if (typeof spec !== 'string' || !SPEC_DOCS.some((file) => spec === `${file} §7`))
        problems.push(`${label(entry)}: x-spec/x-spec-also "${String(spec)}" is not "<spec file> §7"`);
    }
    if (op['x-spec-gap'] !== undefined && op['x-spec-gap'] !== true)
      problems.push(`${label(entry)}: x-spec-gap must be true when present`);
    const note = op['x-spec-gap-note'];
    if ((op['x-spec-gap'] === true) !== (typeof note === 'string'))
      problems.push(`${label(entry)}: x-spec-gap and x-spec-gap-note go together`);
    if (typeof note === 'string' && (note.includes('\n') || note.trim().length < 10))
      problems.push(`${label(entry)}: x-spec-gap-note must be one line`);
  }
  return problems;
}

function duplicateOperationIds(doc: JsonObject): string[] {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const entry of operationsOf(doc)) {
    const id = String(entry.op.operationId);
    const previous = seen.get(id);
    if (previous) duplicates.push(`${id}: ${previous} and ${entry.method} ${entry.path}`);
    seen.set(id, `${entry.method} ${entry.path}`);
  }
  return duplicates;
}

/** deviceId on every operation; 400 problem+json, 500 ApiErrorBody; 401 wherever a token is required. */
function checkCommonResponses(doc: JsonObject): string[] {
  const problems: string[] = [];
  for (const entry of operationsOf(doc)) {
    const { op } = entry;
    const params = Array.isArray(op.parameters) ? op.parameters : [];
    if (!params.some((p) => isObject(p) && p.$ref === '#/components/parameters/DeviceId'))
      problems.push(`${label(entry)}: no DeviceId parameter`);
    const responses = isObject(op.responses) ? op.responses : {};
    const ref = (code: string): Json | undefined => {
      const response = responses[code];
      return isObject(response) ? response.$ref : undefined;
    };
    if (ref('400') !== '#/components/responses/BadRequest') problems.push(`${label(entry)}: 400 BadRequest`);
    if (ref('500') !== '#/components/responses/ServerError')
      problems.push(`${label(entry)}: 500 ServerError`);
    const security = op.security ?? doc.security;
    const needsToken =
      Array.isArray(security) &&
      security.length > 0 &&
      security.every((req) => isObject(req) && 'bearerAuth' in req);
    if (needsToken && ref('401') !== '#/components/responses/Unauthorized')
      problems.push(`${label(entry)}: bearer-only operation without 401 Unauthorized`);
  }
  return problems;
}

function publicOperationIds(doc: JsonObject): string[] {
  return operationsOf(doc)
    .filter(
      ({ op }) =>
        Array.isArray(op.security) &&
        (op.security.length === 0 || op.security.some((req) => isObject(req) && !('bearerAuth' in req))),
    )
    .map(({ op }) => String(op.operationId))
    .sort();
}

function checkEnvelopes(doc: JsonObject): string[] {
  const problems: string[] = [];
  for (const entry of operationsOf(doc)) {
    if (FILE_RESPONSES.has(String(entry.op.operationId))) continue;
    const responses = isObject(entry.op.responses) ? entry.op.responses : {};
    const ok = deref(doc, responses['200']);
    const content = isObject(ok) && isObject(ok.content) ? ok.content : {};
    const media = content['application/json'];
    const schema = deref(doc, isObject(media) ? media.schema : undefined);
    const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
    if (!required.includes('data')) problems.push(`${label(entry)}: 200 application/json is not { data }`);
  }
  return problems;
}

function withoutExternalIdentifier(doc: JsonObject): string[] {
  const byId = new Map(operationsOf(doc).map((entry) => [String(entry.op.operationId), entry.op]));
  return MONEY_MOVING.filter((id) => {
    const body = deref(doc, byId.get(id)?.requestBody);
    const content = isObject(body) && isObject(body.content) ? body.content : {};
    const media = content['application/json'];
    return !requiresExternalIdentifier(doc, isObject(media) ? media.schema : undefined);
  });
}

function checkRefs(doc: JsonObject): string[] {
  const refs = collectRefs(doc, new Set());
  const problems = [...refs]
    .filter((ref) => resolveRef(doc, ref) === undefined)
    .map((ref) => `unresolved ${ref}`);
  const components = isObject(doc.components) ? doc.components : {};
  for (const [kind, entries] of Object.entries(components)) {
    if (!isObject(entries) || kind === 'securitySchemes') continue;
    for (const [name, value] of Object.entries(entries)) {
      const ref = `#/components/${kind}/${name}`;
      if (!refs.has(ref) && !(isObject(value) && value['x-portal-model'] === true))
        problems.push(`unused ${ref}`);
    }
  }
  return problems;
}

/** Every row of docs/spec-calls.md is an operation of the contract with that method, path and id. */
function checkRows(doc: JsonObject, table: SpecCallRow[]): string[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  const problems: string[] = [];
  for (const row of table) {
    if (!SPEC_DOCS.some((file) => file === row.document))
      problems.push(`line ${row.line}: unknown spec document "${row.document}"`);
    const item = paths[row.contractPath];
    const op = isObject(item) ? item[row.method.toLowerCase()] : undefined;
    if (!isObject(op))
      problems.push(`line ${row.line}: no ${row.method} ${row.contractPath} in the contract`);
    else if (op.operationId !== row.operationId)
      problems.push(
        `line ${row.line}: ${row.method} ${row.contractPath} is ${String(op.operationId)}, not ${row.operationId}`,
      );
  }
  return problems;
}

/** Every operation has a row, under exactly the documents its x-spec and x-spec-also name. */
function checkCoverage(doc: JsonObject, table: SpecCallRow[]): string[] {
  const problems: string[] = [];
  for (const entry of operationsOf(doc)) {
    const id = String(entry.op.operationId);
    const documented = [
      ...new Set(table.filter((row) => row.operationId === id).map((row) => `${row.document} §7`)),
    ];
    const declared = [...new Set(specsOf(entry.op).map(String))];
    if (documented.length === 0) problems.push(`${label(entry)}: no row in docs/spec-calls.md`);
    else if (documented.sort().join() !== declared.sort().join())
      problems.push(
        `${label(entry)}: rows name ${documented.join(', ')}; x-spec says ${declared.join(', ')}`,
      );
  }
  return problems;
}

const contract = loadContract();
const operations = operationsOf(contract);
const rows = parseSpecCalls(read('docs/spec-calls.md'));
const tags = allowedTags(read('docs/DESIGN.md'));

/** A fresh copy of the contract with one operation changed, to prove a check notices it. */
function mutated(
  change: (op: JsonObject, doc: JsonObject) => void,
  operationId = 'getStatement',
): JsonObject {
  const doc = structuredClone(contract);
  const target = operationsOf(doc).find((entry) => entry.op.operationId === operationId);
  if (!target) throw new Error(`no ${operationId} in the contract`);
  change(target.op, doc);
  return doc;
}

describe('openapi/portal.yaml follows the project decisions', () => {
  it('is OpenAPI 3.1 served under /api', () => {
    expect(String(contract.openapi)).toMatch(/^3\.1\./);
    expect(contract.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(operations.length).toBeGreaterThanOrEqual(100);
  });

  it('declares exactly the tags of DESIGN.md', () => {
    expect(tags).toContain('access');
    expect(tags).toContain('password');
    const declared = Array.isArray(contract.tags)
      ? contract.tags.map((tag) => (isObject(tag) ? tag.name : null))
      : [];
    expect(declared).toEqual(tags);
  });

  it('gives every operation a camelCase operationId, exactly one allowed tag, and x-spec', () => {
    expect(checkOperations(contract, tags)).toEqual([]);
    expect(
      checkOperations(
        mutated((op) => (op.tags = ['statement', 'client'])),
        tags,
      ),
    ).toHaveLength(1);
    expect(
      checkOperations(
        mutated((op) => (op.tags = ['extrato'])),
        tags,
      ),
    ).toHaveLength(1);
    expect(
      checkOperations(
        mutated((op) => delete op['x-spec']),
        tags,
      ),
    ).toHaveLength(1);
    expect(
      checkOperations(
        mutated((op) => delete op.operationId),
        tags,
      ),
    ).toHaveLength(1);
  });

  it('has unique operationIds', () => {
    expect(duplicateOperationIds(contract)).toEqual([]);
    expect(duplicateOperationIds(mutated((op) => (op.operationId = 'getBalance')))).toHaveLength(1);
  });

  it('sends the deviceId header on every operation and answers 400 problem+json and 500 ApiErrorBody', () => {
    expect(checkCommonResponses(contract)).toEqual([]);
    expect(checkCommonResponses(mutated((op) => (op.parameters = [])))).toHaveLength(1);
    expect(
      checkCommonResponses(mutated((op) => isObject(op.responses) && delete op.responses['401'])),
    ).toHaveLength(1);
  });

  it('keeps the public calls public and everything else behind the bearer token', () => {
    expect(publicOperationIds(contract)).toEqual(
      [
        // The forced change after a 313 sign-in happens before there is a token.
        'changePassword',
        'changePasswordWithCode',
        // A charge's location is read by the payer's institution, which has no session here.
        'getPixChargePayload',
        // …and the JWK Set its signature is verified with.
        'getPixJwks',
        'login',
        'resetPassword',
        'savePassword',
        'sendPasswordChangeCode',
        'validateDevice',
        'validateDeviceByToken',
        'verifyAction',
        'verifyEmail',
        'verifyPasswordChangeCode',
      ].sort(),
    );
  });

  it('wraps every JSON success in the { data } envelope', () => {
    expect(checkEnvelopes(contract)).toEqual([]);
    const bare = mutated((op) => {
      if (isObject(op.responses))
        op.responses['200'] = {
          description: 'bare',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Statement' } } },
        };
    });
    expect(checkEnvelopes(bare)).toHaveLength(1);
  });

  it('requires an externalIdentifier in every money-moving request', () => {
    expect(withoutExternalIdentifier(contract)).toEqual([]);
    const loose = mutated((_op, doc) => {
      const schemas =
        isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
      const request = schemas.DepositRequest;
      if (isObject(request) && Array.isArray(request.required))
        request.required = request.required.filter((name) => name !== 'externalIdentifier');
    });
    expect(withoutExternalIdentifier(loose)).toEqual(['createDeposit']);
  });

  it('resolves every $ref and leaves no component unused but the portal-side models', () => {
    expect(checkRefs(contract)).toEqual([]);
    expect(
      checkRefs(mutated((op) => (op.parameters = [{ $ref: '#/components/parameters/Nope' }]))),
    ).toContain('unresolved #/components/parameters/Nope');
  });
});

describe('docs/spec-calls.md maps every spec call to the contract', () => {
  it('has rows for every specification document', () => {
    for (const file of SPEC_DOCS)
      expect(rows.filter((row) => row.document === file).length).toBeGreaterThan(0);
  });

  it('finds each row in the contract with that method, path and operationId', () => {
    expect(checkRows(contract, rows)).toEqual([]);
    const broken = rows.map((row) =>
      row.operationId === 'login'
        ? { ...row, operationId: 'signIn' }
        : row.operationId === 'getMe'
          ? { ...row, contractPath: '/me/' }
          : row,
    );
    expect(checkRows(contract, broken)).toHaveLength(2);
  });

  it('lists every operation, under the documents its x-spec and x-spec-also name', () => {
    expect(checkCoverage(contract, rows)).toEqual([]);
    expect(
      checkCoverage(
        contract,
        rows.filter((row) => row.operationId !== 'getMe'),
      ),
    ).toHaveLength(1);
  });
});

describe('openapi/portal.d.ts', () => {
  it('is what npm run gen:api makes of the contract', async () => {
    const yamlPath = resolve(root, 'openapi/portal.yaml');
    const dtsPath = resolve(root, 'openapi/portal.d.ts');
    const generated = `${COMMENT_HEADER}${astToString(await openapiTS(pathToFileURL(yamlPath), { silent: true, defaultNonNullable: false }))}`;
    const options =
      (await prettier.resolveConfig(dtsPath, { config: resolve(root, '.prettierrc.json') })) ?? {};
    const expected = await prettier.format(generated, { ...options, filepath: dtsPath });
    const onDisk = readFileSync(dtsPath, 'utf8');
    expect(onDisk === expected, 'openapi/portal.d.ts is stale: run npm run gen:api').toBe(true);
  }, 60_000);
});
