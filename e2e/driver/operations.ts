/**
 * The operationIds of the contract, read from openapi/portal.yaml. The bindings name the calls
 * they hold or reshape as the contract does, and the worker's sandbox tells which operation a call
 * is by its route (e2e/driver/bank-calls.ts), so no binding keeps a table of URL patterns that
 * could drift from the contract; a name the contract does not have fails at once.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { operations } from '../../openapi/portal';

/** An operationId of the contract, as the generated types name it: what the bindings hold or fault. */
export type OperationId = keyof operations;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Contract {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string }>>>;
}

/** Every operationId of a contract's text. */
export function readOperationIds(yamlText: string): ReadonlySet<string> {
  const contract = parse(yamlText) as Contract;
  const ids = new Set<string>();
  for (const item of Object.values(contract.paths ?? {}))
    for (const method of METHODS) {
      const id = item[method]?.operationId;
      if (id) ids.add(id);
    }
  return ids;
}

/** The contract's operationIds (read once per worker). */
export const OPERATION_IDS: ReadonlySet<string> = readOperationIds(
  readFileSync(new URL('../../openapi/portal.yaml', import.meta.url), 'utf8'),
);

/** Whether `op` is an operationId of the contract (a name read at run time, from a model). */
export function isOperationId(op: string): op is OperationId {
  return OPERATION_IDS.has(op);
}

/**
 * Fails, naming it, when `op` is not an operationId of the contract: the types already refuse a
 * literal that is not one, this catches a stale portal.d.ts (the yaml changed, gen:api not run).
 */
export function checkOperation(op: string): asserts op is OperationId {
  if (!isOperationId(op)) throw new Error(`'${op}' não é um operationId de openapi/portal.yaml`);
}
