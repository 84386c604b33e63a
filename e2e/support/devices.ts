/**
 * The trusted devices through the sandbox's API (issue 30): register a device for a signed-in
 * session, and read the e-mailed /autentica link's token and its 6-digit code from the outbox.
 */
import { expect, type Page } from '@playwright/test';
import { DEVICE_HEADER, lastMail, MAIL_SUBJECTS } from './sandbox';
import type { StoredSession } from './session';

export interface DeviceMail {
  token: string;
  code: string;
  /** The link's path, /autentica/{token}. */
  path: string;
}

const headers = (s: StoredSession) => ({ ...DEVICE_HEADER, Authorization: `Bearer ${s.token}` });

/** The newest device e-mail to `email`: the link's token and the code. */
export async function deviceMail(page: Page, email: string): Promise<DeviceMail> {
  const mail = await lastMail(page.request, email, MAIL_SUBJECTS.device);
  const token = /\/autentica\/([^\s/?#]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no /autentica link in "${mail.subject}" to ${mail.to}`);
  // The code after its words, not any 6 digits: the random token may hold some.
  const code = /código: (\d{6})\b/.exec(mail.body)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}" to ${mail.to}`);
  return { token, code, path: `/autentica/${token}` };
}

/** POST /device/CreateDevice as `session` (an arrangement), then its e-mail. */
export async function registerDevice(
  page: Page,
  session: StoredSession,
  who: { email: string; password: string },
  alias: string,
): Promise<DeviceMail> {
  const accountId = session.account.accounts[0]?.accountId ?? '';
  const res = await page.request.post('/api/device/CreateDevice', {
    headers: headers(session),
    data: { alias, accountId, userName: who.email, password: who.password },
  });
  expect(res.status(), `createDevice ${alias} (arrangement)`).toBe(200);
  return deviceMail(page, who.email);
}

/** The id of the account's live device named `alias` (GET /device/GetAllDevices). */
export async function deviceId(page: Page, session: StoredSession, alias: string): Promise<number> {
  const accountId = session.account.accounts[0]?.accountId ?? '';
  const res = await page.request.get(`/api/device/GetAllDevices/${accountId}`, { headers: headers(session) });
  expect(res.status(), 'listDevices (arrangement)').toBe(200);
  const found = ((await res.json()) as { data: { id: number; alias: string }[] }).data.find(
    (d) => d.alias === alias,
  );
  if (!found) throw new Error(`no device ${alias}`);
  return found.id;
}

/** DELETE /device/DeleteDevice/{id} as `session` (an arrangement). */
export async function deleteDevice(page: Page, session: StoredSession, alias: string): Promise<void> {
  const id = await deviceId(page, session, alias);
  const res = await page.request.delete(`/api/device/DeleteDevice/${id}`, { headers: headers(session) });
  expect(res.status(), `deleteDevice ${alias} (arrangement)`).toBe(200);
}
