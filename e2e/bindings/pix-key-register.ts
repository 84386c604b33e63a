/**
 * E2E bindings of the key register dialog (/ManageKeys, Cadastrar chave;
 * machines/pix/pix-key-register.machine.ts, src/features/pix/dialogs/register-key-dialog.tsx).
 * Each path signs in as Maria, whose CPF key is first removed through the API (so her own CPF can be
 * registered again: KeyCheck and createKey answer for real), and opens the dialog. The phone and
 * e-mail are new keys; their 'Código de Chave' is read from the sandbox outbox, as a user reads the
 * SMS or the e-mail. 'Validar' (key.resume) closes the dialog and presses Validar on her seeded
 * phone key awaiting its code: the bank sends a new code to that phone.
 *
 * Outcomes: a free key, a creation, a registration, a new code and a right code are the bank's own
 * answers; "already registered", "statusCode 400" and "no result" are KeyCheck's real answer
 * reshaped; the limit is real (keys are added through the API up to Maria's 5 before the call); a
 * refused code and the other failures are sandbox faults (nothing is spent) or an offline call.
 */
import { pixKeyRegisterFlow as pixKeyRegisterEntry } from '../../machines/pix/pix-key-register.fixtures';
import type { OperationId } from '../driver/operations';
import { expect, type Page } from '@playwright/test';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  DEMO,
  DEVICE_HEADER,
  answerNextInShape,
  authHeaders,
  button,
  codeOf,
  field,
  holdCalls,
  lastMail,
  notes,
  offline,
  releaseCall,
  sessionOf,
  startSignedIn,
  t,
  textKey,
  type BoundFlow,
} from './support';

const OPS = [
  'checkPixKeys',
  'createPixKey',
  'registerAlias',
  'requestAliasValidationCode',
  'validateAliasOtp',
] as const;
const KEY_NOTE = 'pix.key';
const MARIA_CPF = '52998224725';

const registerDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_KEYS.REGISTER.TITLE') });
const otpDialog = (page: Page) => page.getByRole('dialog', { name: t('PIX_KEYS.OTP.TITLE') });
const anyDialog = (page: Page) => registerDialog(page).or(otpDialog(page));
const alertIn = (page: Page) => anyDialog(page).getByRole('alert');

async function accountOf(page: Page) {
  const session = await sessionOf(page, DEMO.maria);
  return { session, accountId: session.account.accounts[0]?.accountId ?? '' };
}

/** Adds random keys through the API until Maria holds her limit of 5 (the bank then refuses with 70). */
async function fillToLimit({ page }: PlaywrightContext): Promise<void> {
  const { session, accountId } = await accountOf(page);
  const headers = authHeaders(session);
  const list = await page.request.get(`/api/account/${accountId}/aliases`, { headers });
  const held = ((await list.json()) as { data: unknown[] }).data.length;
  for (let i = held; i < 5; i++) {
    const res = await page.request.post(`/api/PixIndiretoDict/createKey/${accountId}`, {
      headers,
      data: { key_type: 'EVP' },
    });
    expect(res.status(), 'createKey EVP').toBe(200);
  }
}

/** A busy step: its text is shown in the dialog, then its held call goes on. */
const busy =
  (text: string, op: OperationId) =>
  async ({ page }: PlaywrightContext) => {
    await expect(anyDialog(page)).toContainText(text);
    await releaseCall(page, op);
  };

/** The dialog has closed (a final state) with `message` as the page's notice. */
const closedWith =
  (message: string) =>
  async ({ page }: PlaywrightContext) => {
    await expect(anyDialog(page)).toHaveCount(0);
    if (message !== '') await expect(page.getByText(message).first()).toBeVisible();
  };

const pixKeyRegisterBindings = defineBindings(pixKeyRegisterEntry, {
  start: async (ctx) => {
    const { page } = ctx;
    const { session, accountId } = await accountOf(page);
    const removed = await page.request.delete(
      `/api/account/${accountId}/key/${MARIA_CPF}?reason=USER_REQUESTED`,
      { headers: { ...DEVICE_HEADER, ...authHeaders(session) } },
    );
    expect(removed.status(), 'remove the CPF key').toBe(200);
    await holdCalls(page, ...OPS);
    await startSignedIn(page, DEMO.maria, { route: '/ManageKeys', waitFor: 'nothing' });
    await button(page, t('PIX_KEYS.ADD')).click();
  },
  states: {
    choosing: async ({ page }) => {
      await expect(registerDialog(page)).toContainText(t('PIX_KEYS.REGISTER.CHOOSE'));
      await expect(button(registerDialog(page), t('PIX_KEYS.REGISTER.KINDS.EVP'))).toBeVisible();
    },
    'phone.entering': async ({ page }) => {
      await expect(field(registerDialog(page), t('PIX_KEYS.REGISTER.PHONE_LABEL'))).toBeVisible();
    },
    'phone.confirming': async ({ page }) => {
      await expect(field(registerDialog(page), t('PIX_KEYS.REGISTER.PHONE_CONFIRM_LABEL'))).toBeVisible();
    },
    'email.entering': async ({ page }) => {
      await expect(field(registerDialog(page), t('PIX_KEYS.REGISTER.EMAIL_LABEL'))).toBeVisible();
    },
    'email.confirming': async ({ page }) => {
      await expect(field(registerDialog(page), t('PIX_KEYS.REGISTER.EMAIL_CONFIRM_LABEL'))).toBeVisible();
    },
    taxIdConfirm: async ({ page }) => {
      await expect(registerDialog(page)).toContainText(DEMO.maria.cpfMasked);
    },
    checking: busy(t('PIX_KEYS.REGISTER.CHECKING'), 'checkPixKeys'),
    creating: busy(t('PIX_KEYS.REGISTER.CREATING'), 'createPixKey'),
    registeringAlias: busy(t('PIX_KEYS.REGISTER.CREATING'), 'registerAlias'),
    validatingOtp: busy(t('PIX_KEYS.OTP.VALIDATING'), 'validateAliasOtp'),
    resendingCode: busy(t('PIX_KEYS.OTP.SENDING'), 'requestAliasValidationCode'),
    checkFailed: async ({ page }) => {
      await expect(alertIn(page)).toContainText(t('PIX_KEYS.REGISTER.SAVE_ERROR'));
    },
    createFailed: async ({ page }) => {
      await expect(alertIn(page)).toContainText(t('PIX_KEYS.REGISTER.SAVE_ERROR'));
    },
    registerFailed: async ({ page }) => {
      await expect(alertIn(page)).toContainText(t('PIX_KEYS.REGISTER.SAVE_ERROR'));
    },
    invalidKey: async ({ page }) => {
      await expect(alertIn(page)).toContainText(t('PIX_KEYS.INVALID_PARAMETER'));
    },
    limitReached: async ({ page }) => {
      await expect(alertIn(page)).toContainText(t('PIX_KEYS.KEYS_LIMITS'));
    },
    'otp.idle': async ({ page }) => {
      await expect(field(otpDialog(page), t('PIX_KEYS.OTP.LABEL'))).toBeVisible();
      // No refusal shown (a field error of an incomplete code may be).
      await expect(
        otpDialog(page)
          .getByRole('alert')
          .filter({ hasText: t('PIX_KEYS.OTP.ERROR') }),
      ).toHaveCount(0);
    },
    'otp.failed': async ({ page }) => {
      await expect(otpDialog(page).getByRole('alert')).toContainText(t('PIX_KEYS.OTP.ERROR'));
    },
    'otp.resendFailed': async ({ page }) => {
      await expect(otpDialog(page).getByRole('alert')).toContainText(t('PIX_KEYS.OTP.RESEND_ERROR'));
    },
    created: closedWith(t('PIX_KEYS.REGISTER.SAVE_SUCCESS')),
    pending: closedWith(t('PIX_KEYS.REGISTER.PENDING')),
    exists: closedWith(''),
    failed: closedWith(t('PIX_KEYS.REGISTER.SAVE_ERROR')),
    cancelled: closedWith(''),
  },
  events: {
    'key.choose': ({ page }, e) =>
      button(registerDialog(page), t(textKey(`PIX_KEYS.REGISTER.KINDS.${String(e['kind'])}`))).click(),
    'key.enter': async ({ page }, e) => {
      const dialog = registerDialog(page);
      const phone = field(dialog, t('PIX_KEYS.REGISTER.PHONE_LABEL'));
      const input = (await phone.count()) > 0 ? phone : field(dialog, t('PIX_KEYS.REGISTER.EMAIL_LABEL'));
      await input.fill(String(e['value']));
      await button(dialog, t('PIX_KEYS.REGISTER.NEXT')).click();
    },
    'key.confirm': async ({ page }, e) => {
      const dialog = registerDialog(page);
      const phone = field(dialog, t('PIX_KEYS.REGISTER.PHONE_CONFIRM_LABEL'));
      const isPhone = (await phone.count()) > 0;
      const input = isPhone ? phone : field(dialog, t('PIX_KEYS.REGISTER.EMAIL_CONFIRM_LABEL'));
      await input.fill(String(e['value']));
      notes(page).set(KEY_NOTE, isPhone ? '+5511977771234' : 'maria.pix@exemplo.com.br');
      await button(dialog, t('PIX_KEYS.REGISTER.CONFIRM')).click();
    },
    'key.resume': async ({ page }, e) => {
      notes(page).set(KEY_NOTE, String(e['key']));
      await button(registerDialog(page), t('SHELL.UI.CLOSE')).click();
      await expect(registerDialog(page)).toHaveCount(0);
      // Her seeded phone is the only key awaiting its code here: the one 'Validar a chave …'.
      const prefix = t('PIX_KEYS.VALIDATE_ITEM', { key: '|' }).split('|')[0] ?? '';
      await page.getByRole('button', { name: new RegExp(`^${prefix}`) }).click();
    },
    'taxId.confirm': ({ page }) => button(registerDialog(page), t('PIX_KEYS.REGISTER.CONFIRM')).click(),
    'step.back': ({ page }) => button(registerDialog(page), t('PIX_KEYS.REGISTER.BACK')).click(),
    'otp.submit': async ({ page, request }, e) => {
      const dialog = otpDialog(page);
      let code = String(e['code']);
      if (/^\d{6}$/.test(code)) {
        const key = notes(page).get(KEY_NOTE) ?? '';
        const subject = key.startsWith('+') ? 'SMS: Código de Chave Pix' : 'Código de Chave Pix';
        code = codeOf(await lastMail(request, key, subject));
      }
      await field(dialog, t('PIX_KEYS.OTP.LABEL')).fill(code);
      await button(dialog, t('PIX_KEYS.OTP.SUBMIT')).click();
    },
    'otp.resend': ({ page }) => button(otpDialog(page), t('PIX_KEYS.OTP.RESEND')).click(),
    retry: ({ page }) => button(anyDialog(page), t('PIX_KEYS.RETRY')).click(),
    'dialog.close': ({ page }) => button(anyDialog(page), t('SHELL.UI.CLOSE')).click(),
  },
  outcomes: {
    keyFree: 'natural',
    keyTaken: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'checkPixKeys', (real) => {
          const json = real.json as { data: { result: { data: { keys_check: { key: string }[] } } } };
          const keys = json.data.result.data.keys_check.map((k) => ({ ...k, has_entry: true }));
          return { ...real, json: { data: { statusCode: 200, result: { data: { keys_check: keys } } } } };
        }),
    },
    keyMalformed: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'checkPixKeys', (real) => ({ ...real, json: { data: { statusCode: 400 } } })),
    },
    keyCheckEmpty: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'checkPixKeys', (real) => ({
          ...real,
          json: { data: { statusCode: 200, result: { data: { keys_check: [] } } } },
        })),
    },
    keyCheckOffline: offline('checkPixKeys'),
    createLimit: { arrange: fillToLimit },
    aliasLimit: { arrange: fillToLimit },
    aliasOffline: offline('registerAlias'),
  },
});

export const pixKeyRegisterFlow: BoundFlow<typeof pixKeyRegisterEntry> = { bindings: pixKeyRegisterBindings };
