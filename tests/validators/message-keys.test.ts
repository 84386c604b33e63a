import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VALIDATOR_MESSAGES } from '../../machines/validators/message-keys.ts';

const dir = fileURLToPath(new URL('../../machines/validators/', import.meta.url));

describe('validator message keys', () => {
  it('every key literal written in machines/validators is listed, with pt-BR text, in VALIDATOR_MESSAGES', () => {
    const listed = new Set(Object.keys(VALIDATOR_MESSAGES));
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'message-keys.ts')) {
      const source = readFileSync(`${dir}${file}`, 'utf8');
      for (const m of source.matchAll(/'([A-Z][A-Z_]+(?:\.[A-Za-z_]+)+)'/g)) used.add(m[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(listed, key).toContain(key);
    for (const text of Object.values(VALIDATOR_MESSAGES)) expect(text.trim().length).toBeGreaterThan(0);
  });

  it('keeps the texts the specification gives verbatim', () => {
    expect(VALIDATOR_MESSAGES['ERRORS.INPUTS.REQUIRED']).toBe('Campo obrigatório');
    expect(VALIDATOR_MESSAGES['CHANGEPASS.ERRORS.SAME_AS_CURRENT']).toBe(
      'A nova senha deve ser diferente da senha atual',
    );
    expect(VALIDATOR_MESSAGES['CHANGEPASS.ERRORS.MISMATCH']).toBe(
      'Nova senha e confirmação de senha devem ser iguais',
    );
  });
});
