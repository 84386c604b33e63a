/**
 * The error catalogue of 1-access-shell-statement.md §8, one test per rule, on the pure
 * `toApiError` and `describeApiError`.
 */
import { describe, expect, it } from 'vitest';
import { errorFromSuccessBody, FORCED_CATALOGUE_CODES, toApiError } from '../../src/api/error-reading';
import { ApiError, describeApiError, describeError } from '../../src/api/errors';
import { hasKey, i18n, loadLanguageResources } from '../../src/i18n/i18n';

/** A small catalogue standing in for i18next, so the rules are checked without it. */
const catalogue: Record<string, string> = {
  'ERRORS.UNEXPECTED': 'Ocorreu um erro inesperado. Tente novamente.',
  'ERRORS.SESSION_EXPIRED': 'Login expirado.',
  'ERRORS.INTERNAL':
    'Erro interno da aplicação. Informar a mensagem a seguir para o administrador da aplicação:',
  'ERRORS.NETWORK': 'Sem conexão.',
  'ERRORS.TIMEOUT': 'Tempo esgotado.',
  'ERRORS.INVALID_REQUEST': 'Dados inválidos.',
  'ERRORS.API.16': 'Saldo insuficiente.',
  'ERRORS.API.20': 'Credenciais inválidas!',
  'ERRORS.API.94': 'Texto do catálogo 94',
  'ERRORS.API.313': 'Primeiro acesso',
  'ERRORS.API.850': 'Texto do catálogo 850',
  'ERRORS.PIX.16': 'Saldo insuficiente para Pix.',
};
const exists = (key: string): boolean => key in catalogue;
const t = (key: string): string => catalogue[key] ?? key;

describe('1-access-shell-statement.md §8 error catalogue', () => {
  it('HTTP 401: ERRORS.SESSION_EXPIRED ("Login expirado."), marked sessionExpired', () => {
    const err = toApiError({ status: 401, method: 'GET', body: { error: { code: 1 } }, exists });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.messageKey).toBe('ERRORS.SESSION_EXPIRED');
    expect(err.sessionExpired).toBe(true);
    expect(describeApiError(err, t)).toBe('Login expirado.');
  });

  it('HTTP 401 on an unauthenticated call (sign-in) is not a session expiry', () => {
    const err = toApiError({
      status: 401,
      method: 'POST',
      body: { error: { code: 20 } },
      authenticated: false,
      exists,
    });
    expect(err.sessionExpired).toBe(false);
    expect(err.messageKey).toBe('ERRORS.API.20');
  });

  it('HTTP 500 on a POST: ERRORS.INTERNAL followed by the server message', () => {
    const err = toApiError({
      status: 500,
      method: 'post',
      body: { error: { code: 5, description: 'NullReferenceException at Ledger.Post' } },
      exists,
    });
    expect(err.messageKey).toBe('ERRORS.INTERNAL');
    expect(err.serverMessage).toBe('NullReferenceException at Ledger.Post');
    expect(describeApiError(err, t)).toBe(
      'Erro interno da aplicação. Informar a mensagem a seguir para o administrador da aplicação: NullReferenceException at Ledger.Post',
    );
  });

  it('HTTP 500 on a GET is not the POST rule: the body decides', () => {
    const err = toApiError({ status: 500, method: 'GET', body: { error: { code: 16 } }, exists });
    expect(err.messageKey).toBe('ERRORS.API.16');
  });

  it('an error code keys ERRORS.{group}.{code}, group API by default', () => {
    expect(toApiError({ status: 422, body: { error: { code: 16 } }, exists }).messageKey).toBe(
      'ERRORS.API.16',
    );
    const pix = toApiError({ status: 422, body: { error: { code: 16, group: 'PIX' } }, exists });
    expect(pix.messageKey).toBe('ERRORS.PIX.16');
    expect(pix.group).toBe('PIX');
    expect(pix.code).toBe(16);
  });

  it('a code of a group the catalogue lacks uses the same code of group API (contract sends group LOGIN)', () => {
    const err = toApiError({ status: 422, body: { error: { code: 20, group: 'LOGIN' } }, exists });
    expect(err.messageKey).toBe('ERRORS.API.20');
    expect(err.group).toBe('LOGIN');
  });

  it('a code missing from the catalogue falls back to ERRORS.UNEXPECTED', () => {
    const err = toApiError({ status: 422, body: { error: { code: 4242, group: 'XYZ' } }, exists });
    expect(err.messageKey).toBe('ERRORS.UNEXPECTED');
    expect(err.code).toBe(4242);
  });

  it('a body without any known shape is the generic unexpected error, code 99', () => {
    const err = toApiError({ status: 503, method: 'GET', body: '<html>Bad gateway</html>', exists });
    expect(err.messageKey).toBe('ERRORS.UNEXPECTED');
    expect(err.code).toBe(99);
    expect(describeApiError(err, t)).toBe('Ocorreu um erro inesperado. Tente novamente.');
  });

  it('for a non-forced code the server description wins when present', () => {
    const err = toApiError({
      status: 422,
      body: { error: { code: 16, description: 'Saldo R$ 10,00 insuficiente' } },
      exists,
    });
    expect(describeApiError(err, t)).toBe('Saldo R$ 10,00 insuficiente');
    const bare = toApiError({ status: 422, body: { error: { code: 16 } }, exists });
    expect(describeApiError(bare, t)).toBe('Saldo insuficiente.');
  });

  it.each([...FORCED_CATALOGUE_CODES])(
    'code %i: the catalogue text is forced over the server description',
    (code) => {
      const err = toApiError({ status: 422, body: { error: { code, description: 'server text' } }, exists });
      const expected = exists(`ERRORS.API.${code}`)
        ? catalogue[`ERRORS.API.${code}`]
        : catalogue['ERRORS.UNEXPECTED'];
      expect(describeApiError(err, t)).toBe(expected);
    },
  );

  it('the forced codes are exactly 20, 94, 99, 106, 701, 704, 776, 782, 787, 410 and 1030', () => {
    expect([...FORCED_CATALOGUE_CODES].sort((a, b) => a - b)).toEqual([
      20, 94, 99, 106, 410, 701, 704, 776, 782, 787, 1030,
    ]);
  });

  it('code 313 is silent', () => {
    const err = toApiError({
      status: 422,
      body: { error: { code: 313, group: 'LOGIN', description: 'Primeiro acesso' } },
      exists,
    });
    expect(err.silent).toBe(true);
    expect(err.code).toBe(313);
    expect(toApiError({ status: 422, body: { error: { code: 16 } }, exists }).silent).toBe(false);
  });

  it('login code 20: "Credenciais inválidas!" from the real catalogue, ERRORS.API.20', () => {
    expect(i18n.t('ERRORS.API.20', { lng: 'pt-BR' })).toBe('Credenciais inválidas!');
    const err = toApiError({
      status: 422,
      method: 'POST',
      operation: 'login',
      body: { error: { code: 20, group: 'LOGIN', description: 'bad password for user' } },
      exists: hasKey,
    });
    expect(describeApiError(err, (k) => i18n.t(k, { lng: 'pt-BR' }))).toBe('Credenciais inválidas!');
    expect(err.operation).toBe('login');
  });

  it('a throttled try (429, AUTH 429) says how long to wait, in both languages', async () => {
    const en = (await loadLanguageResources('en')).en?.translation;
    if (en) i18n.addResourceBundle('en', 'translation', en, true, true);
    const body = {
      error: { code: 429, group: 'AUTH', description: 'Muitas tentativas seguidas.' },
      retryAfterSeconds: 900,
    };
    const err = toApiError({ status: 429, method: 'POST', operation: 'login', body, exists: hasKey });
    expect(err.messageKey).toBe('ERRORS.AUTH.429');
    expect(err.retryAfterSeconds).toBe(900);
    const pt = describeApiError(err, (k, o) => i18n.t(k, { ...o, lng: 'pt-BR' }));
    expect(pt).toMatch(/tente novamente em 15 min/i);
    const english = describeApiError(err, (k, o) => i18n.t(k, { ...o, lng: 'en' }));
    expect(english).toMatch(/try again in 15 min/i);
    const short = toApiError({
      status: 429,
      body: { ...body, retryAfterSeconds: 4 },
      exists: hasKey,
    });
    expect(describeApiError(short, (k, o) => i18n.t(k, { ...o, lng: 'pt-BR' }))).toMatch(/em 4 s\b/);
  });

  it('success body with errorMessage and statusCode ≥ 800: the catalogue text', () => {
    const err = errorFromSuccessBody({ errorMessage: 'raw 850', statusCode: 850 }, { status: 200, exists });
    expect(err).toBeInstanceOf(ApiError);
    expect(err?.messageKey).toBe('ERRORS.API.850');
    expect(describeApiError(err as ApiError, t)).toBe('Texto do catálogo 850');
  });

  it('success body with errorMessage and statusCode below 800: the server message', () => {
    const err = errorFromSuccessBody(
      { errorMessage: 'Conta destino encerrada', statusCode: 400 },
      { status: 200, exists },
    );
    expect(describeApiError(err as ApiError, t)).toBe('Conta destino encerrada');
    expect(errorFromSuccessBody({ data: { ok: true } }, { status: 200, exists })).toBeUndefined();
  });

  it("non-ok with messages[]: the messages joined with '; '", () => {
    const err = toApiError({
      status: 422,
      body: { messages: ['CEP inválido', 'Número obrigatório'] },
      exists,
    });
    expect(err.fieldMessages).toEqual(['CEP inválido', 'Número obrigatório']);
    expect(describeApiError(err, t)).toBe('CEP inválido; Número obrigatório');
  });

  it('problem+json 400: field messages from errors[].message', () => {
    const err = toApiError({
      status: 400,
      method: 'POST',
      contentType: 'application/problem+json',
      body: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        errors: [
          { field: '/postalCode', message: 'postalCode must match pattern' },
          { field: '/number', message: 'number must NOT have more than 5 characters' },
        ],
      },
      exists,
    });
    expect(err.status).toBe(400);
    expect(err.fieldMessages).toEqual([
      'postalCode must match pattern',
      'number must NOT have more than 5 characters',
    ]);
    expect(describeApiError(err, t)).toBe(
      'postalCode must match pattern; number must NOT have more than 5 characters',
    );
  });

  it('network failure: ERRORS.NETWORK, status 0', () => {
    const err = toApiError({ status: 0, failure: 'network', exists });
    expect(err.messageKey).toBe('ERRORS.NETWORK');
    expect(err.status).toBe(0);
  });

  it('time-out: ERRORS.TIMEOUT, status 0', () => {
    const err = toApiError({ status: 0, failure: 'timeout', exists });
    expect(err.messageKey).toBe('ERRORS.TIMEOUT');
    expect(err.status).toBe(0);
  });

  it('describeError treats a non-ApiError as unexpected', () => {
    expect(describeError(new Error('boom'), t)).toBe('Ocorreu um erro inesperado. Tente novamente.');
  });
});
