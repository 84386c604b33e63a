/**
 * Deterministic serialisation of contexts, events and state values: keys sorted, cycles cut,
 * actor references reduced to their id, so that two equal states always give the same string.
 * Used to tell states apart during generation and to compare them on replay.
 */

const isActorRef = (v: object): v is { id: string } =>
  'send' in v && 'getSnapshot' in v && typeof (v as { id?: unknown }).id === 'string';

/** Turns a value into a JSON-safe, key-ordered copy (see the module comment). */
export function toPlain(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (value === undefined) return undefined;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object') return String(value);
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  try {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (isActorRef(value)) return `[actor ${value.id}]`;
    if (Array.isArray(value)) return value.map((v) => toPlain(v, seen) ?? null);
    if (value instanceof Map)
      return { '[Map]': [...value.entries()].map(([k, v]) => [toPlain(k, seen), toPlain(v, seen)]) };
    if (value instanceof Set) return { '[Set]': [...value.values()].map((v) => toPlain(v, seen)) };
    const out: Record<string, unknown> = {};
    const source = value as Record<string, unknown>;
    const keys = value instanceof Error ? ['name', 'message', ...Object.keys(value)] : Object.keys(value);
    for (const key of [...new Set(keys)].sort()) {
      const plain = toPlain(source[key], seen);
      if (plain !== undefined) out[key] = plain;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Key-ordered JSON of any value (undefined gives ''). */
export function stableStringify(value: unknown): string {
  return JSON.stringify(toPlain(value)) ?? '';
}

/** FNV-1a 32-bit hash as 8 hex digits: short, stable ids for paths. */
export function hash8(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
