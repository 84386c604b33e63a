/**
 * E2E bindings of the key claims (/PortabilityPage; machines/pix/pix-claims.machine.ts,
 * src/features/pix/pix-claims-page.tsx and -dialogs.tsx). Each path opens the page with Maria's
 * session, whose seed (sandbox/db/seed-claims.ts) holds the fixture's rows by key: Doce Sabor's
 * claim on her phone (she decides), her claims on two phones at other institutions (one waiting,
 * one confirmed: she concludes) and her portability cancelled unanswered (the finished notice).
 *
 * Outcomes: the list, the device, the creations (the bakery's phone; her e-mail at Nubank again),
 * the cancel, CheckLogin with her real credentials, the decision and the conclusion are the bank's
 * own; "no claims" and "credentials do not match" reshape the real answer; "already open" is the
 * bank's catalogue refusal (PIXCLAIM 126) by a fault, since the real one needs another claim on the
 * same key first (sandbox/claims.test.ts sees it); the 500s are status faults. Calls are held
 * until their busy states are seen.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  ASKED_OF_MARIA,
  MARIA_CANCELLED,
  MARIA_CONFIRMED,
  MARIA_WAITING,
  pixClaimsFlow as pixClaimsEntry,
} from '../../machines/pix/pix-claims.fixtures';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  DEMO,
  answerNextInShape,
  button,
  expectAnsweredInShape,
  field,
  gate,
  holdCalls,
  releaseCall,
  startSignedIn,
  t,
  viaGate,
  type BoundFlow,
} from './support';

const LIST = 'listClaims';
const OPS = [
  LIST,
  'getMe',
  'createOwnershipClaim',
  'createPortabilityClaim',
  'cancelClaim',
  'checkLogin',
  'decideClaim',
  'completeClaim',
] as const;

const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });
const alert = (page: Page, title: string): Locator => page.getByRole('alertdialog', { name: title });

/** The fixture's rows by id, as the seeded keys. */
const KEYS: Record<number, string> = {
  [ASKED_OF_MARIA.idClaims]: ASKED_OF_MARIA.keyClaims,
  [MARIA_WAITING.idClaims]: MARIA_WAITING.keyClaims,
  [MARIA_CONFIRMED.idClaims]: MARIA_CONFIRMED.keyClaims,
  [MARIA_CANCELLED.idClaims]: MARIA_CANCELLED.keyClaims,
};
const keyOf = (id: unknown): string => KEYS[id as number] ?? '';
/** A row's action button; .first(): Maria's phone has two rows, and the waiting one comes first. */
const action = (page: Page, of: 'CANCEL_OF' | 'DECIDE_OF' | 'COMPLETE_OF', id: unknown): Locator =>
  main(page)
    .getByRole('button', { name: t(`CLAIMS.${of}`).replace('{{key}}', keyOf(id)), exact: true })
    .first();

/** Clicks a row's action, or, when the list shows no row (an emptied answer), sees it is not there. */
async function clickOrAbsent(page: Page, b: Locator): Promise<void> {
  if ((await main(page).getByText(t('CLAIMS.EMPTY')).count()) > 0) await expect(b).toHaveCount(0);
  else await b.click();
}

const fault422 = (operationId: string, reply: string) => ({
  arrange: async (ctx: PlaywrightContext) =>
    gate(ctx.page).plan(operationId as 'createOwnershipClaim', {
      before: async () => {
        const res = await ctx.request.post('/sandbox/faults', { data: { operationId, status: 422, reply } });
        if (!res.ok()) throw new Error(`POST /sandbox/faults (${reply}) → ${res.status()}`);
      },
    }),
});

const pixClaimsBindings = defineBindings(pixClaimsEntry, {
  // One page load: the page opens signed in with its calls already held (it was /Pix, then
  // /PortabilityPage, two loads a path; the shell makes none of these calls).
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PortabilityPage', waitFor: 'nothing' });
  },
  states: {
    loading: async ({ page }) => {
      await expect(main(page).getByText(t('CLAIMS.LOADING'))).toBeVisible();
      await releaseCall(page, LIST);
    },
    ready: async ({ page }) => {
      expectAnsweredInShape(page, LIST);
      await expect(main(page).getByText(t('CLAIMS.LOADING'))).toHaveCount(0);
      const rows = main(page).getByRole('row').or(main(page).getByRole('listitem'));
      await expect(rows.first().or(main(page).getByText(t('CLAIMS.EMPTY')))).toBeVisible();
    },
    checkingDevice: async ({ page }) => {
      await expect(button(main(page), t('CLAIMS.ADD'))).toBeDisabled();
      await releaseCall(page, 'getMe');
    },
    deviceRequired: async ({ page }) => {
      await expect(alert(page, t('CLAIMS.DEVICE_TITLE'))).toContainText(t('CLAIMS.DEVICE_TEXT'));
    },
    adding: async ({ page }) => {
      await expect(dialog(page, t('CLAIMS.ADD_TITLE'))).toBeVisible();
    },
    creatingOwnership: async ({ page }) => {
      await expect(button(dialog(page, t('CLAIMS.ADD_TITLE')), t('CLAIMS.SENDING'))).toBeVisible();
      await releaseCall(page, 'createOwnershipClaim');
    },
    creatingPortability: async ({ page }) => {
      await expect(button(dialog(page, t('CLAIMS.ADD_TITLE')), t('CLAIMS.SENDING'))).toBeVisible();
      await releaseCall(page, 'createPortabilityClaim');
    },
    finishedNotice: async ({ page }) => {
      await expect(alert(page, t('CLAIMS.FINISHED_TITLE'))).toContainText(
        'Processo finalizado. Não é possível efetuar o cancelamento.',
      );
    },
    confirmingCancel: async ({ page }) => {
      await expect(alert(page, t('CLAIMS.CANCEL_TITLE'))).toBeVisible();
    },
    cancelling: async ({ page }) => {
      await expect(alert(page, t('CLAIMS.CANCEL_TITLE')).getByRole('status')).toHaveText(
        t('CLAIMS.CANCELLING'),
      );
      await releaseCall(page, 'cancelClaim');
    },
    deciding: async ({ page }) => {
      await expect(dialog(page, t('CLAIMS.DECIDE_TITLE'))).toBeVisible();
    },
    checkingLogin: async ({ page }) => {
      await expect(dialog(page, t('CLAIMS.DECIDE_TITLE')).getByRole('status')).toHaveText(
        t('CLAIMS.DECIDING'),
      );
      await releaseCall(page, 'checkLogin');
    },
    sendingDecision: async ({ page }) => {
      await expect(dialog(page, t('CLAIMS.DECIDE_TITLE')).getByRole('status')).toHaveText(
        t('CLAIMS.DECIDING'),
      );
      await releaseCall(page, 'decideClaim');
    },
    confirmingComplete: async ({ page }) => {
      await expect(alert(page, t('CLAIMS.COMPLETE_TITLE'))).toBeVisible();
    },
    completing: async ({ page }) => {
      await expect(alert(page, t('CLAIMS.COMPLETE_TITLE')).getByRole('status')).toHaveText(
        t('CLAIMS.COMPLETING'),
      );
      await releaseCall(page, 'completeClaim');
    },
    failed: async ({ page }) => {
      await expect(main(page).getByRole('alert')).toBeVisible();
      await expect(button(main(page), t('CLAIMS.RETRY'))).toBeVisible();
    },
    toPix: async ({ page }) => {
      await expect(page).toHaveURL(/\/Pix$/);
    },
  },
  events: {
    'add.open': async ({ page }) => button(main(page), t('CLAIMS.ADD')).click(),
    'add.submit': async ({ page }, e) => {
      const form = e['form'] as { claimType: 'OWNERSHIP' | 'PORTABILITY'; keyType: string; key: string };
      const d = dialog(page, t('CLAIMS.ADD_TITLE'));
      await d.getByRole('radio', { name: t(`CLAIMS.TYPE.${form.claimType}`) }).check();
      await field(d, t('CLAIMS.KEY_TYPE')).selectOption(form.keyType);
      await field(d, t('CLAIMS.KEY_VALUE')).fill(form.key);
      await button(d, t('CLAIMS.SEND')).click();
    },
    'cancel.ask': async ({ page }, e) => clickOrAbsent(page, action(page, 'CANCEL_OF', e['idClaims'])),
    'cancel.confirm': async ({ page }) =>
      button(alert(page, t('CLAIMS.CANCEL_TITLE')), t('CLAIMS.YES')).click(),
    'decide.ask': async ({ page }, e) => {
      const b = action(page, 'DECIDE_OF', e['idClaims']);
      if (e['idClaims'] === ASKED_OF_MARIA.idClaims) await clickOrAbsent(page, b);
      else await expect(b).toHaveCount(0);
    },
    'decide.submit': async ({ page }, e) => {
      const d = dialog(page, t('CLAIMS.DECIDE_TITLE'));
      await field(d, t('CLAIMS.USER')).fill(e['username'] as string);
      await field(d, t('CLAIMS.PASSWORD')).fill(e['password'] as string);
      await button(d, e['accept'] ? t('CLAIMS.ACCEPT') : t('CLAIMS.REJECT')).click();
    },
    'complete.ask': async ({ page }, e) => {
      const b = action(page, 'COMPLETE_OF', e['idClaims']);
      if (e['idClaims'] === MARIA_CONFIRMED.idClaims) await clickOrAbsent(page, b);
      else await expect(b).toHaveCount(0);
    },
    'complete.confirm': async ({ page }) =>
      button(alert(page, t('CLAIMS.COMPLETE_TITLE')), t('CLAIMS.YES')).click(),
    'dialog.close': async ({ page }) =>
      button(page.getByRole('dialog').or(page.getByRole('alertdialog')), t('CLAIMS.CLOSE'))
        .or(button(page.getByRole('alertdialog'), t('CLAIMS.NO')))
        .last()
        .click(),
    retry: async ({ page }) => button(main(page), t('CLAIMS.RETRY')).click(),
    back: async ({ page }) => button(main(page), t('CLAIMS.BACK')).click(),
  },
  outcomes: {
    mariaClaims: 'natural',
    noClaims: {
      arrange: ({ page }) => answerNextInShape(page, LIST, (real) => ({ ...real, json: { data: [] } })),
    },
    listServerError: viaGate.status(LIST, 500),
    deviceValidated: 'natural',
    deviceNotValidated: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'getMe', (real) => {
          const json = real.json as { data: Record<string, unknown> };
          return { ...real, json: { ...json, data: { ...json.data, deviceValidated: false } } };
        }),
    },
    deviceServerError: viaGate.status('getMe', 500),
    ownershipOpened: 'natural',
    ownershipAlreadyOpen: fault422('createOwnershipClaim', 'claimAlreadyOpen'),
    portabilityOpened: 'natural',
    portabilityServerError: viaGate.status('createPortabilityClaim', 500),
    cancelled: 'natural',
    cancelServerError: viaGate.status('cancelClaim', 500),
    credentialsValid: 'natural',
    credentialsInvalid: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'checkLogin', (real) => ({ ...real, json: { data: { valid: false } } })),
    },
    checkLoginServerError: viaGate.status('checkLogin', 500),
    decided: 'natural',
    decideServerError: viaGate.status('decideClaim', 500),
    completed: 'natural',
    completeServerError: viaGate.status('completeClaim', 500),
  },
});

export const pixClaimsFlow: BoundFlow<typeof pixClaimsEntry> = { bindings: pixClaimsBindings };
