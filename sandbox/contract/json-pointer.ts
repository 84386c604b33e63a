/** JSON pointers into the contract document (RFC 6901): building, escaping and following them through `$ref`s. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(tokens: readonly string[]): string {
  return tokens.map((t) => `/${escapeToken(t)}`).join('');
}

/** A JSON pointer as a URI fragment (braces in paths must be percent-encoded). */
export function fragment(pointer: string): string {
  return pointer
    .split('/')
    .map((t) => encodeURIComponent(t))
    .join('/');
}

export function get(doc: JsonObject, pointer: string): Json | undefined {
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
export function deref(doc: JsonObject, pointer: string): { pointer: string; value: JsonObject } {
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
