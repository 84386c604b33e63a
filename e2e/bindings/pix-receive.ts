/**
 * E2E bindings of receive by QR (/PixReceive; machines/pix/pix-receive.machine.ts,
 * src/features/pix/pix-receive-page.tsx). Each path opens the page as Maria: the seed gives her CPF,
 * e-mail and a random key ACTIVE and her phone awaiting its code (not offered, so the fixture's
 * "inactive key" is checked absent). The charges are the sandbox's real answers.
 *
 * Outcomes: the bank's refusal of an immediate charge (422) and its 500 are sandbox faults (nothing
 * is made). Declared gaps, to keep the flow's paths few (issue 8's budget): the refusals and
 * no-answer of the static and due-date calls (the same guard and states as the immediate call's,
 * played here; each call's both outcomes are the machine's, tests/machines); "no active key" and a
 * failed load of the keys (proven with the page in tests/views/pix/pix-receive-page.test.tsx; their
 * arrangements stay below, a reshaped list and a fault, for when the gaps are lifted). The list and the charge calls are held until their busy states are
 * seen. The payment of each kind by another customer (through the bank's API, and a late one on
 * /PixCopyPaste) is e2e/pix-receive.spec.ts.
 */
import { pixReceiveFlow as pixReceiveEntry } from '../../machines/pix/pix-receive.fixtures';
import type { OperationId } from '../driver/operations';
import { expect, type Page } from '@playwright/test';
import { EMPTY_DETAILS, type ReceiveDetails } from '../../machines/pix/pix-receive-rules';
import { defineBindings } from '../driver/path-driver';
import { DAY_MS, saoPauloToday } from '../support/dates';
import {
  DEMO,
  answerNextInShape,
  busyStatus,
  button,
  field,
  holdCalls,
  releaseCall,
  startSignedIn,
  t,
  type BoundFlow,
} from './support';

const OPS = ['listAliases', 'createStaticCharge', 'createImmediateCharge', 'createDueDateCharge'] as const;

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: t('PIX.PIX_RECEIVE.TITLE') });
const next = (page: Page) => button(page, t('PIX.PIX_RECEIVE.NEXT'));
const keyGroup = (page: Page) => page.getByRole('group', { name: t('PIX.PIX_RECEIVE.KEY_LEGEND') });
const amountField = (page: Page) => page.getByRole('textbox', { name: /^Valor/ });
const qrImage = (page: Page) => page.getByRole('img', { name: /QR code Pix/ });

/** A due date the bank takes: the fixture's, or 16 days ahead once that day has passed. */
export function dueDateToType(fixture: string): string {
  const day = fixture >= saoPauloToday() ? fixture : saoPauloToday(16 * DAY_MS);
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Types step 2 as the event says and presses Next. */
export async function fillDetails(page: Page, d: ReceiveDetails): Promise<void> {
  await amountField(page).fill(d.amount);
  await field(page, t('PIX.PIX_RECEIVE.DESCRIPTION')).fill(d.description);
  const toggle = button(page, t('PIX.PIX_RECEIVE.INFORMATION'));
  if (d.information && (await toggle.count()) > 0) await toggle.click();
  if (d.information) {
    await field(page, t('PIX.PIX_RECEIVE.DUE_DATE')).fill(d.dueDate ? dueDateToType(d.dueDate) : '');
    await field(page, t('PIX.PIX_RECEIVE.PAYER_NAME')).fill(d.payerName);
    await field(page, t('PIX.PIX_RECEIVE.PAYER_TAX_ID')).fill(d.payerTaxId);
    await field(page, t('PIX.PIX_RECEIVE.FINE')).fill(d.fine);
    await field(page, t('PIX.PIX_RECEIVE.INTEREST')).fill(d.interest);
  }
  await next(page).click();
}

const creatingState =
  (op: OperationId) =>
  async ({ page }: { page: Page }) => {
    await expect(busyStatus(page, t('PIX.PIX_RECEIVE.CREATING'))).toHaveCount(1);
    await releaseCall(page, op);
  };

const pixReceiveBindings = defineBindings(pixReceiveEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixReceive', waitFor: 'nothing' });
  },
  states: {
    loadingKeys: async ({ page }) => {
      await expect(heading(page)).toBeVisible();
      await expect(busyStatus(page, t('PIX.PIX_RECEIVE.LOADING_KEYS'))).toHaveCount(1);
      await releaseCall(page, 'listAliases');
    },
    keysFailed: async ({ page }) => {
      await expect(page.getByRole('alert')).toContainText(t('PIX.PIX_RECEIVE.KEYS_ERROR'));
    },
    noKeys: async ({ page }) => {
      await expect(page.getByText(t('PIX.PIX_RECEIVE.NO_KEYS_TITLE'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('PIX.PIX_RECEIVE.NO_KEYS_LINK') })).toHaveAttribute(
        'href',
        '/ManageKeys',
      );
    },
    key: async ({ page }) => {
      await expect(keyGroup(page)).toBeVisible();
      await expect(keyGroup(page).getByRole('radio')).toHaveCount(3);
    },
    'details.idle': async ({ page }) => {
      await expect(amountField(page)).toBeVisible();
      // Field messages are alerts too; no failure of the bank is shown.
      await expect(page.getByRole('alert').filter({ hasText: t('PIX.PIX_RECEIVE.FAILED') })).toHaveCount(0);
    },
    'details.refused': async ({ page }) => {
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(amountField(page)).toBeVisible();
    },
    'creating.static': creatingState('createStaticCharge'),
    'creating.immediate': creatingState('createImmediateCharge'),
    'creating.dueDate': creatingState('createDueDateCharge'),
    failed: async ({ page }) => {
      await expect(page.getByRole('alert')).toContainText(t('PIX.PIX_RECEIVE.FAILED'));
    },
    'qr.shown': async ({ page }) => {
      await expect(qrImage(page)).toBeVisible();
      await expect(field(page, t('PIX.PIX_RECEIVE.CODE_LABEL'))).toHaveValue(/^000201/);
    },
    'qr.copied': async ({ page }) => {
      await expect(
        page.getByRole('status').filter({ hasText: t('PIX.PIX_RECEIVE.QRCODE_COPIED') }),
      ).toBeVisible();
    },
  },
  events: {
    'key.select': async ({ page }, e) => {
      const key = String(e['key']);
      const option = keyGroup(page).getByRole('radio', { name: new RegExp(key.replace(/[+.]/g, '\\$&')) });
      if (key === DEMO.maria.email) {
        await option.check();
        await next(page).click();
      } else {
        // Not an active key: the page does not offer it.
        await expect(option).toHaveCount(0);
      }
    },
    'details.submit': async ({ page }, e) => {
      const d = { ...EMPTY_DETAILS, ...(e['details'] as Partial<ReceiveDetails>) };
      await fillDetails(page, d);
      if (d.information && !d.payerName)
        await expect(page.getByText(t('PIX.PIX_RECEIVE.INFORMATION_NAME_REQUIRED'))).toBeVisible();
    },
    'wizard.previous': ({ page }) => button(page, t('PIX.PIX_RECEIVE.PREVIOUS')).click(),
    retry: ({ page }) => button(page, t('PIX.PIX_RECEIVE.RETRY')).click(),
    'qr.copy': ({ page }) => button(page, t('PIX.PIX_RECEIVE.COPY')).click(),
    'charge.new': ({ page }) => button(page, t('PIX.PIX_RECEIVE.NEW')).click(),
  },
  outcomes: {
    keys: 'natural',
    onlyPendingKey: {
      arrange: ({ page }) =>
        answerNextInShape(page, 'listAliases', (real) => ({
          ...real,
          json: {
            data: (real.json as { data: { status: string }[] }).data.filter((k) => k.status !== 'ACTIVE'),
          },
        })),
    },
    listServerError: {
      arrange: (ctx) => ctx.fault({ operationId: 'listAliases', status: 500 }),
    },
    staticQr: 'natural',
    immediateCharge: 'natural',
    dueDateCharge: 'natural',
    immediateKeyInactive: {
      arrange: (ctx) => ctx.fault({ operationId: 'createImmediateCharge', status: 422 }),
    },
    immediateServerError: {
      arrange: (ctx) => ctx.fault({ operationId: 'createImmediateCharge', status: 500 }),
    },
  },
});

const SAME_STATES =
  'os mesmos estados e o mesmo guard isRefused da cobrança imediata, jogados aqui; a máquina prova cada chamada';

export const pixReceiveFlow: BoundFlow<typeof pixReceiveEntry> = {
  bindings: pixReceiveBindings,
  gaps: [
    {
      key: 'onlyPendingKey',
      why: 'a mensagem com o link para /ManageKeys é provada em tests/views/pix/pix-receive-page.test.tsx; o guard hasActiveKey, nos testes da máquina',
    },
    {
      key: 'listServerError',
      why: 'a falha e o Tentar novamente que recarrega são provados em tests/views/pix/pix-receive-page.test.tsx; a transição, nos testes da máquina',
    },
    {
      key: 'event:key.select:Escolhe uma chave que não está ativa (o telefone aguardando código)',
      why: 'a página só oferece as chaves ativas (o guard isActiveKey nos testes da máquina); a lista de 3 chaves é conferida no estado key',
    },
    {
      key: 'event:details.submit:Abre Informações sem o nome do pagador e clica em Avançar',
      why: 'a mensagem INFORMATION_NAME_REQUIRED é conferida no Chromium em e2e/pix-receive.spec.ts (cobrança com vencimento); a regra, em tests/machines/pix-receive-rules.property.test.ts',
    },
    {
      key: 'staticNoAnswer',
      why: 'o estado failed e o retry com o mesmo externalIdentifier são jogados pela cobrança imediata (500)',
    },
    {
      key: 'staticKeyInactive',
      why: SAME_STATES,
    },
    {
      key: 'dueDatePast',
      why: SAME_STATES,
    },
    { key: 'dueDateNoAnswer', why: SAME_STATES },
  ],
};
