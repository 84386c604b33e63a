/**
 * The sandbox bank seen from an e2e test: its test routes (reset, expire tokens) and its outbox,
 * where the e-mails it "sends" (reset links, first-access links, password codes) can be read.
 * Everything goes through Playwright's `request` fixture, which shares the baseURL of the page.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { SETUP_CALL_HEADER } from '../../sandbox/http/operations.ts';

/** The header every API call carries (1-access-shell-statement.md §7). */
export const DEVICE_HEADER = { deviceId: 'WEB' } as const;

/**
 * Marks a call the test makes to set itself up (signing in through the API): it never takes a
 * fault a path armed for the portal's next call of that operation (sandbox/http/operations.ts).
 */
export const SETUP_HEADER = { [SETUP_CALL_HEADER]: '1' } as const;

/** An e-mail of /sandbox/outbox.json (newest first). */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** Subjects of the e-mails the sandbox sends (sandbox/sim/verification.ts). */
export const MAIL_SUBJECTS = {
  firstAccess: 'Crie sua senha de acesso',
  reset: 'Redefinição de senha',
  passwordCode: 'Código para alterar sua senha',
  device: 'Valide seu novo dispositivo',
} as const;

/** POST /sandbox/reset: a fresh seed (demo passwords, notifications unread, empty outbox but the first-access link). */
export async function resetSandbox(request: APIRequestContext): Promise<void> {
  const res = await request.post('/sandbox/reset');
  expect(res.status(), 'POST /sandbox/reset').toBe(200);
}

/** POST /sandbox/expire-tokens: every live session ends now (the next call answers 401). */
export async function expireTokens(request: APIRequestContext): Promise<number> {
  const res = await request.post('/sandbox/expire-tokens');
  expect(res.status(), 'POST /sandbox/expire-tokens').toBe(200);
  return ((await res.json()) as { data: { expired: number } }).data.expired;
}

/** Every e-mail in the outbox, newest first. */
export async function readOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  const res = await request.get('/sandbox/outbox.json');
  expect(res.status(), 'GET /sandbox/outbox.json').toBe(200);
  return ((await res.json()) as { data: OutboxMail[] }).data;
}

/** The newest e-mail to `to` with `subject`; waits a little, since a UI action sends it. */
export async function lastMail(request: APIRequestContext, to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(request)).find(
          (m) => m.to.toLowerCase() === to.toLowerCase() && m.subject === subject,
        );
        return found !== undefined;
      },
      { message: `an e-mail "${subject}" to ${to} in the outbox`, timeout: 5_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The verification link of an e-mail: the path the page can open and its two parameters. */
export interface MailLink {
  /** `/login?action=…&hash=…`, whether the sandbox wrote the link absolute or root-relative. */
  path: string;
  action: string;
  hash: string;
}

export function linkParts(mail: OutboxMail): MailLink {
  const match = /(?:https?:\/\/[^\s/]+)?(\/login\?action=([^\s&]+)&hash=([^\s]+))/.exec(mail.body);
  if (!match?.[1] || !match[2] || !match[3])
    throw new Error(`no verification link in "${mail.subject}" to ${mail.to}`);
  return { path: match[1], action: decodeURIComponent(match[2]), hash: decodeURIComponent(match[3]) };
}

/** The path of an e-mail's verification link. */
export const linkOf = (mail: OutboxMail): string => linkParts(mail).path;

/** The 6-digit code of a password-code e-mail. */
export function codeOf(mail: OutboxMail): string {
  const match = /\b(\d{6})\b/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no 6-digit code in "${mail.subject}" to ${mail.to}`);
  return match[1];
}

/**
 * POST /api/resetPassword?taxId=: the bank e-mails a reset link to the holder of the tax id. Its
 * answer is `{ sent: true }` for any tax id (issue #10), so only the outbox (`lastMail`) proves a
 * link went out.
 */
export async function requestPasswordReset(request: APIRequestContext, taxId: string): Promise<void> {
  const res = await request.post(`/api/resetPassword?taxId=${encodeURIComponent(taxId)}`, {
    headers: DEVICE_HEADER,
  });
  expect(res.status(), 'POST /api/resetPassword').toBe(200);
}

/**
 * The REAL balance of a session's first account, in centavos, as the bank has it (the money
 * movements' end-to-end tests check what moved there, not what the screen says).
 */
export async function balanceCents(
  request: APIRequestContext,
  s: { token: string; account: { accounts: { accountId: string }[] } },
): Promise<number> {
  const accountId = s.account.accounts[0]?.accountId ?? '';
  const res = await request.get(`/api/client/${accountId}/balance`, {
    headers: { ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { balances: { balanceType: string; amount: number }[] } };
  const real = body.data.balances.find((b) => b.balanceType === 'REAL');
  return Math.round((real?.amount ?? Number.NaN) * 100);
}
