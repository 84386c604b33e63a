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

/**
 * The contract's text of one operation: its path line, its method line and the whole method block
 * (up to the next method or path), with the first line number. Static exports carry it, so a link
 * to the operation still works once the export folder is sent on its own.
 */
export function operationExcerpt(
  yamlText: string,
  operationId: string,
): { line: number; text: string } | undefined {
  const lines = yamlText.split(/\r?\n/);
  const at = operationLines(yamlText)[operationId];
  if (at === undefined) return undefined;
  const indent = (l: string): number => l.length - l.trimStart().length;
  const idIndent = indent(lines[at - 1] ?? '');
  let method = at - 1;
  while (method > 0 && (indent(lines[method] ?? '') >= idIndent || !lines[method]?.trim())) method--;
  let path = method - 1;
  const methodIndent = indent(lines[method] ?? '');
  while (path > 0 && (indent(lines[path] ?? '') >= methodIndent || !lines[path]?.trim())) path--;
  let end = at;
  while (end < lines.length && (!lines[end]?.trim() || indent(lines[end] ?? '') > methodIndent)) end++;
  while (end > at && !lines[end - 1]?.trim()) end--;
  return { line: path + 1, text: [lines[path], ...lines.slice(method, end)].join('\n') };
}
