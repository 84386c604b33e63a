/**
 * E2E bindings of the device's second factor (/autentica/{token}; machines/devices/
 * device-validation.machine.ts, src/features/devices/device-validation-page.tsx). Each path starts
 * with Doce Sabor registering 'Caixa da loja' through the API, then opens the e-mailed link from the
 * outbox in a browser with no session, as a person following the e-mail would.
 *
 * The code is random: the start notes it, and a wrong-code outcome notes one that differs for the
 * next submit. A spent link is the same link validated through the API just before the page's call;
 * a spent codeValidation is the device deleted through the API before ValidateDevice.
 */
import { expect, type Page } from '@playwright/test';
import { deviceValidationFlow as deviceValidationEntry } from '../../machines/devices/device-validation.fixtures';
import { defineBindings } from '../driver/path-driver';
import { DOCE_SABOR } from '../support/demo';
import { deleteDevice, registerDevice } from '../support/devices';
import {
  busyStatus,
  button,
  DEVICE_HEADER,
  field,
  holdCalls,
  notes,
  planCall,
  releaseCall,
  sessionOf,
  settle,
  t,
  takeNote,
  type BoundFlow,
} from './support';

const OPS = ['validateDeviceByToken', 'validateDevice'] as const;
const ALIAS = 'Caixa da loja';

const form = (page: Page) => page.getByRole('main');
const submitButton = (page: Page) => button(page, t('DEVICES.VALIDATE'));

const deviceValidationBindings = defineBindings(deviceValidationEntry, {
  start: async ({ page }) => {
    const session = await sessionOf(page, DOCE_SABOR);
    const mail = await registerDevice(page, session, DOCE_SABOR, ALIAS);
    notes(page).set('device.code', mail.code);
    notes(page).set('device.token', mail.token);
    await holdCalls(page, ...OPS);
    await page.goto(mail.path);
  },
  states: {
    editing: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: t('DEVICES.VALIDATE_TITLE') })).toBeVisible();
      await expect(field(form(page), t('DEVICES.CODE'))).toBeEditable();
      await expect(submitButton(page)).toBeEnabled();
    },
    checking: async ({ page }) => {
      await expect(busyStatus(page, t('DEVICES.VALIDATING'))).toHaveCount(1);
      await releaseCall(page, 'validateDeviceByToken');
    },
    confirming: async ({ page }) => {
      await expect(busyStatus(page, t('DEVICES.VALIDATING'))).toHaveCount(1);
      await releaseCall(page, 'validateDevice');
    },
    confirmFailed: async ({ page }) => {
      await settle(page, 'validateDevice');
      await expect(button(page, t('DEVICES.RETRY'))).toBeEnabled();
    },
    validated: async ({ page }) => {
      await expect(page.getByRole('status').filter({ hasText: t('DEVICES.VALIDATED_TEXT') })).toBeVisible();
      // §9: the permanent cookie is kept (1825 days).
      const cookie = (await page.context().cookies()).find((c) => c.name === 'portal_device');
      // The portal asks 1825 days; Chromium keeps a cookie at most 400 days (RFC 6265bis), the bank's
      // record keeps the 1825 (sandbox/devices.test.ts).
      expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 399 * 86_400);
    },
    spent: async ({ page }) => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(t('DEVICES.LINK_SPENT'))).toBeVisible();
    },
  },
  events: {
    submit: async ({ page }, e) => {
      const typed = String(e['code']);
      // A 6-digit code of the fixtures stands for the e-mailed one (or a wrong one an outcome noted).
      const code =
        typed.length === 6 ? (takeNote(page, 'code') ?? notes(page).get('device.code') ?? typed) : typed;
      await field(form(page), t('DEVICES.ALIAS')).fill(String(e['alias']));
      await field(form(page), t('DEVICES.USER')).fill(String(e['username']));
      await field(form(page), t('DEVICES.PASSWORD')).fill(String(e['password']));
      await field(form(page), t('DEVICES.CODE')).fill(code);
      await submitButton(page).click();
      if (typed.length !== 6) await expect(form(page).getByRole('alert')).toBeVisible();
    },
    retry: ({ page }) => button(page, t('DEVICES.RETRY')).click(),
  },
  outcomes: {
    codeAccepted: 'natural',
    wrongCode: {
      arrange: async ({ page }) => {
        const real = notes(page).get('device.code') ?? '';
        notes(page).set('code', real === '123456' ? '654321' : '123456');
      },
    },
    linkSpent: {
      // The same link and code used through the API first: the page's try finds it spent.
      arrange: async ({ page }) =>
        planCall(page, 'validateDeviceByToken', {
          before: async () => {
            const res = await page.request.post('/api/device/ValidateDeviceByToken', {
              headers: DEVICE_HEADER,
              data: {
                token: notes(page).get('device.token'),
                DeviceAlias: ALIAS,
                username: DOCE_SABOR.email,
                password: DOCE_SABOR.password,
                verificationCode: notes(page).get('device.code'),
              },
            });
            expect(res.status(), 'validateDeviceByToken (arrangement)').toBe(200);
          },
        }),
    },
    deviceValidated: 'natural',
    validationSpent: {
      arrange: async ({ page }) =>
        planCall(page, 'validateDevice', {
          before: async () => deleteDevice(page, await sessionOf(page, DOCE_SABOR), ALIAS),
        }),
    },
    validateServerError: {
      arrange: async (ctx) =>
        planCall(ctx.page, 'validateDevice', {
          before: () => ctx.fault({ operationId: 'validateDevice', status: 500, times: 1 }),
        }),
    },
  },
});

export const deviceValidationFlow: BoundFlow<typeof deviceValidationEntry> = {
  bindings: deviceValidationBindings,
};
