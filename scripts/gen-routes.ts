/**
 * Writes openapi/portal-routes.ts from openapi/portal.yaml: every operationId with its method and
 * path, the one runtime fact of the contract that openapi-typescript's types (portal.d.ts) cannot
 * carry. Run by `npm run gen:api` after the types; the file is generated, never edited, and its
 * `satisfies` clause fails to compile when it and portal.d.ts disagree (an operation missing,
 * left over, or on another path or method).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Contract {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string }>>>;
}

/** The text of openapi/portal-routes.ts for a contract's text. */
function routesSource(yamlText: string): string {
  const contract = parse(yamlText) as Contract;
  const rows: string[] = [];
  for (const [path, item] of Object.entries(contract.paths ?? {}))
    for (const method of METHODS) {
      const id = item[method]?.operationId;
      if (id) rows.push(`  ${id}: { method: '${method.toUpperCase()}', path: '${path}' },`);
    }
  rows.sort((a, b) => a.localeCompare(b));
  return `// Generated from openapi/portal.yaml by scripts/gen-routes.ts (npm run gen:api). Do not edit.
import type { operations, paths } from './portal';

/** An HTTP method of the contract, as openapi-fetch spells it. */
export type RouteMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** Where an operation lives: its method and its path template. */
export interface OperationRoute {
  method: RouteMethod;
  path: keyof paths;
}

/** Each operation's route; the check below holds it to the generated types. */
export const OPERATION_ROUTES = {
${rows.join('\n')}
} as const satisfies { [K in keyof operations]: OperationRoute };

type Routes = typeof OPERATION_ROUTES;
/** The operation the types put at an entry's path and method. */
type AtRoute<K extends keyof Routes> = paths[Routes[K]['path']][Lowercase<Routes[K]['method']>];
/** Every entry's path and method lead to its own operation in portal.d.ts (else this is not \`true\`). */
export const ROUTES_MATCH_TYPES: { [K in keyof Routes]: [AtRoute<K>] extends [operations[K]] ? true : false } = {
${rows.map((r) => `  ${r.trim().split(':')[0]}: true,`).join('\n')}
};
`;
}

const contractUrl = new URL('../openapi/portal.yaml', import.meta.url);
const outUrl = new URL('../openapi/portal-routes.ts', import.meta.url);

writeFileSync(outUrl, routesSource(readFileSync(contractUrl, 'utf8')));
