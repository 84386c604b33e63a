/**
 * Links from a state chart to the contract: every invoked operation points at
 * `openapi/portal.yaml` with an anchor. Static exports (which can read the file) use the line of
 * its `operationId:` (`#L82`, as code hosts show files); the viewer uses `#operation/<id>`
 * (the deep-link form of Redoc and Swagger UI) after the configured contract URL.
 */

/** Path of the contract in the repository. */
export const CONTRACT_PATH = 'openapi/portal.yaml';

/** Anchor of an operation for contract renderers. */
export function operationAnchor(operationId: string): string {
  return `#operation/${encodeURIComponent(operationId)}`;
}

/** Line (1-based) of each `operationId:` in the contract's YAML text. */
export function operationLines(yamlText: string): Record<string, number> {
  const out: Record<string, number> = {};
  yamlText.split(/\r?\n/).forEach((line, i) => {
    const m = /^\s*operationId:\s*['"]?([A-Za-z0-9_.-]+)['"]?\s*$/.exec(line);
    if (m?.[1] && out[m[1]] === undefined) out[m[1]] = i + 1;
  });
  return out;
}
