/**
 * Work a spec file does while it is loaded, done once per run instead of once per process.
 *
 * Playwright loads a spec file in its runner (to list the tests) and again in every worker that
 * runs one of them. e2e/paths.spec.ts generates every catalog flow's paths while it is loaded
 * (the shortest and the simple sets, then the covering set): 6.3 s of CPU per process, measured
 * 2026-11-28 on the 2-core machine, so the runner and three workers spent ~25 s of CPU, ~19 s of
 * it at the start of the e2e stage, when the workers start together. The runner's result is now
 * written to a file named after the run, and the workers read it back.
 *
 * The run is named by `E2E_RUN_ID`, which playwright.config.ts sets to its process id when it is
 * first read: Playwright reads the config before it forks its loader and its workers, which
 * inherit it. A process that finds no file for its run (the first one, or a run without the
 * variable) computes the value itself, so the file only ever saves work: it never holds anything
 * another run computed.
 *
 * Only plain data goes through the file: a value with a function, a class instance (a Date, an
 * Error, a File) or a non-finite number in it could not come back equal from JSON, so such a
 * value is left out and each process computes it again (`computeShared` says which parts are
 * plain with `isPlainData`).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIR = join(tmpdir(), 'e2e-shared-plan');
/** Files of older runs are removed when a run writes its own (a run never lasts a day). */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** True when `value` comes back from JSON exactly (keys whose value is `undefined` aside). */
export function isPlainData(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (Array.isArray(value)) return value.every(isPlainData);
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      return Object.values(value).every(isPlainData);
    }
    default:
      return false;
  }
}

function fileOf(name: string, runId: string): string {
  return join(DIR, `${runId}-${name.replace(/[^\w.-]/g, '_')}.json`);
}

function removeOldFiles(): void {
  const now = Date.now();
  for (const f of readdirSync(DIR)) {
    const path = join(DIR, f);
    try {
      if (now - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/**
 * The parts of a value by key, computed once per run: read from the run's file when an earlier
 * process of the run wrote it, else computed (`compute`) and written for the next processes. A
 * part that is not plain data (`isPlainData`) is not written; `computeOne` makes it again in each
 * process that needs it.
 */
export function computeShared<T>(
  name: string,
  keys: readonly string[],
  computeOne: (key: string) => T,
  runId: string | undefined = process.env.E2E_RUN_ID,
): Record<string, T> {
  const file = runId ? fileOf(name, runId) : undefined;
  let stored: Record<string, T> = {};
  if (file) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>;
    } catch {
      stored = {};
    }
  }
  const out: Record<string, T> = {};
  const written: Record<string, T> = {};
  let missing = false;
  for (const key of keys) {
    if (Object.hasOwn(stored, key)) {
      out[key] = stored[key] as T;
      continue;
    }
    const value = computeOne(key);
    out[key] = value;
    if (isPlainData(value)) {
      written[key] = value;
      missing = true;
    }
  }
  if (file && missing) {
    mkdirSync(DIR, { recursive: true });
    removeOldFiles();
    // Written whole under another name, then renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify({ ...stored, ...written }));
    renameSync(partial, file);
  }
  return out;
}
