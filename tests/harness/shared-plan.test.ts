import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeShared, isPlainData } from '../../e2e/driver/shared-plan';

const runId = `unit-${process.pid}-${Date.now()}`;
const file = join(tmpdir(), 'e2e-shared-plan', `${runId}-paths-cover.json`);

afterEach(() => rmSync(file, { force: true }));

describe('isPlainData', () => {
  it('accepts what JSON gives back equal', () => {
    expect(isPlainData({ a: [1, 'x', true, null, { b: undefined }], c: Object.create(null) })).toBe(true);
  });

  it('refuses functions, class instances and non-finite numbers', () => {
    expect(isPlainData({ file: { arrayBuffer: async () => new ArrayBuffer(0) } })).toBe(false);
    expect(isPlainData({ at: new Date(0) })).toBe(false);
    expect(isPlainData([new Error('x')])).toBe(false);
    expect(isPlainData({ n: Number.NaN })).toBe(false);
  });
});

describe('computeShared', () => {
  it('computes each part once per run: a later process reads the first one’s file', () => {
    const calls: string[] = [];
    const compute = (key: string) => (calls.push(key), { key, steps: [key.length] });
    const first = computeShared('paths-cover', ['a', 'bb'], compute, runId);
    const second = computeShared('paths-cover', ['a', 'bb'], compute, runId);
    expect(calls).toEqual(['a', 'bb']);
    expect(second).toEqual(first);
  });

  it('computes a part that is not plain data in every process, and never writes it', () => {
    const calls: string[] = [];
    const compute = (key: string) => (calls.push(key), key === 'fn' ? { f: () => 1 } : { v: 1 });
    computeShared('paths-cover', ['fn', 'plain'], compute, runId);
    const again = computeShared('paths-cover', ['fn', 'plain'], compute, runId);
    expect(calls).toEqual(['fn', 'plain', 'fn']);
    expect(typeof (again['fn'] as { f: unknown }).f).toBe('function');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['plain']);
  });

  it('shares nothing without a run id', () => {
    const calls: string[] = [];
    computeShared('paths-cover', ['a'], (k) => (calls.push(k), 1), '');
    computeShared('paths-cover', ['a'], (k) => (calls.push(k), 1), '');
    expect(calls).toEqual(['a', 'a']);
    expect(existsSync(file)).toBe(false);
  });
});
