/**
 * E2E bindings of the infraction report (/PixExtractPage, the fraud icon of a Pix sent;
 * machines/pix/pix-infraction.machine.ts, src/features/pix/statement/pix-infraction-dialog.tsx).
 * Each path signs in as Maria, shows the last 15 days and opens the report of her seeded Pix to
 * 'Loja Virtual Ofertas Ltda' (sandbox/db/seed-statement.ts: 12 days ago, 8011, within 80 days;
 * seed-pix-receive.ts opens no infraction on it). The file chosen is a PNG made here; the refused
 * one is text named .pdf.
 *
 * Outcomes: no open infraction, the receipt, the creation and the files are the bank's own
 * answers; "already open" (at the check and at the creation) is real: an infraction is opened
 * through the API first; the 80-day refusal is a status fault reshaped to PIXRECV 98 (nothing is
 * written); the 500s are status faults; no answer is the call gate's offline plan. Every call is
 * held until its busy state is seen.
 */
import { pixInfractionFlow as pixInfractionEntry } from '../../machines/pix/pix-infraction.fixtures';
import type { OperationId } from '../driver/operations';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { defineBindings, type PlaywrightContext } from '../driver/path-driver';
import {
  DEMO,
  EXPECTED_MESSAGE,
  answerNextInShape,
  authHeaders,
  button,
  errorText,
  gate,
  holdCalls,
  notes,
  offline,
  releaseCall,
  sessionOf,
  startSignedIn,
  t,
  takeNote,
  type BoundFlow,
} from './support';

const OPS = ['getOpenInfraction', 'getPixReceipt', 'createInfraction', 'attachInfractionFile'] as const;
/** The seeded Pix sent that the paths report (seed-statement.ts, 12 days ago). */
export const REPORTED_PAYEE = 'Loja Virtual Ofertas Ltda';

/** A real PNG of `side`×`side` grey pixels (signature, IHDR, IDAT, IEND), made here, not read from disk. */
export function smallPng(side = 4): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method, no interlace
  const rows = Buffer.concat(Array.from({ length: side }, () => Buffer.from([0, ...Array(side).fill(128)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const reportDialog = (page: Page) =>
  page.getByRole('dialog', { name: new RegExp(t('PIX_INFRACTION.TITLE')) });
const alertIn = (page: Page) => reportDialog(page).getByRole('alert');
const fileInput = (page: Page) => reportDialog(page).locator('input[type="file"]');

/** The Pix statement of the last 15 days, and the fraud icon of the seeded payment's row. */
export async function openReport(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: t('STATEMENT_SCREEN.PERIOD.LABEL') }).selectOption('3');
  await reportButton(page).click();
}

/** The fraud icon of the reported payment's row. */
export const reportButton = (page: Page): Locator =>
  page.getByRole('button', { name: new RegExp(`${t('PIX_INFRACTION.TITLE')}.*${REPORTED_PAYEE}`) });

/** Opens an infraction on the reported payment through the API (as another tab of Maria would). */
async function reportThroughApi({ page }: PlaywrightContext): Promise<void> {
  const session = await sessionOf(page, DEMO.maria);
  const headers = authHeaders(session);
  const accountId = session.account.accounts[0]?.accountId ?? '';
  const list = await page.request.get(`/api/account/${accountId}/statementPix`, {
    headers,
    params: { start: '2020-01-01', ending: '2099-12-31' },
  });
  const entries = (
    (await list.json()) as { data: { statement: { description: string; endToEndId: string }[] } }
  ).data.statement;
  const entry = entries.find((e) => e.description.includes(REPORTED_PAYEE));
  expect(entry, REPORTED_PAYEE).toBeDefined();
  const res = await page.request.post(`/api/Infraction/${accountId}/CreateInfraction`, {
    headers,
    data: {
      infractionE2E: entry?.endToEndId,
      infractionType: 'FRAUD',
      infractionDescription: 'Aberta antes, em outra aba.',
    },
  });
  expect(res.status(), 'CreateInfraction through the API').toBe(200);
}

/** The next createInfraction is refused as past the 80 days: a status fault reshaped to PIXRECV 98. */
const refusedAsLate = {
  arrange: async (ctx: PlaywrightContext): Promise<void> => {
    const op = 'createInfraction';
    const text = errorText('PIXRECV', 98);
    await ctx.fault({ operationId: op, status: 422, times: 1 });
    gate(ctx.page).plan(op, 'pass');
    await answerNextInShape(ctx.page, op, (real) => {
      notes(ctx.page).set(EXPECTED_MESSAGE, text);
      const body = real.json as { error?: object };
      if (real.status !== 422 || !body.error)
        throw new Error(`esperava a falha 422 do sandbox, veio ${real.status}`);
      return {
        status: 422,
        json: { ...body, error: { code: 98, group: 'PIXRECV', description: text }, errorMessage: text },
      };
    });
  },
};

/** A busy step: its text is shown in the dialog, then its held call goes on. */
const busy =
  (text: string | RegExp, op: OperationId) =>
  async ({ page }: PlaywrightContext): Promise<void> => {
    await expect(reportDialog(page)).toContainText(text);
    await releaseCall(page, op);
  };

/** The dialog closed; `message` (if any) is the toast that says why. */
const closedWith =
  (message?: string | RegExp) =>
  async ({ page }: PlaywrightContext): Promise<void> => {
    await expect(reportDialog(page)).toHaveCount(0);
    if (message) await expect(page.getByText(message)).toBeVisible();
  };

const pixInfractionBindings = defineBindings(pixInfractionEntry, {
  start: async (ctx) => {
    await holdCalls(ctx.page, ...OPS);
    await startSignedIn(ctx.page, DEMO.maria, { route: '/PixExtractPage', waitFor: 'url' });
    await openReport(ctx.page);
  },
  states: {
    checking: busy(t('PIX_INFRACTION.CHECKING'), 'getOpenInfraction'),
    loadingKey: busy(t('PIX_INFRACTION.LOADING_KEY'), 'getPixReceipt'),
    details: async ({ page }) => {
      const dialog = reportDialog(page);
      await expect(dialog).toContainText(t('PIX_INFRACTION.STEP', { step: 1 }));
      await expect(dialog.getByRole('radio', { name: t('PIX_INFRACTION.TYPE_FRAUD') })).toBeVisible();
      await expect(dialog.getByLabel(t('PIX_INFRACTION.DESCRIPTION'))).toBeVisible();
      await expect(dialog).toContainText('R$ 89,90');
    },
    'attachments.idle': async ({ page }) => {
      const dialog = reportDialog(page);
      await expect(dialog).toContainText(t('PIX_INFRACTION.STEP', { step: 2 }));
      await expect(button(dialog, t('PIX_INFRACTION.FINISH'))).toBeEnabled();
    },
    'attachments.refused': async ({ page }) => {
      const noted = takeNote(page, EXPECTED_MESSAGE);
      await expect(alertIn(page).last()).toContainText(noted ?? /.+/);
    },
    creating: busy(t('PIX_INFRACTION.CREATING'), 'createInfraction'),
    createFailed: async ({ page }) => {
      await expect(alertIn(page)).toContainText(takeNote(page, EXPECTED_MESSAGE) ?? /.+/);
      await expect(button(reportDialog(page), t('PIX_INFRACTION.RETRY'))).toBeVisible();
    },
    attaching: busy(/Enviando anexos: \d de \d arquivos/, 'attachInfractionFile'),
    attachFailed: async ({ page }) => {
      await expect(alertIn(page)).toContainText(takeNote(page, EXPECTED_MESSAGE) ?? /.+/);
      await expect(button(reportDialog(page), t('PIX_INFRACTION.ATTACH_CLOSE'))).toBeVisible();
    },
    alreadyExists: closedWith(t('PIX_INFRACTION.ALREADY_EXISTS')),
    reported: async (ctx) => {
      await gate(ctx.page).openAll();
      await closedWith(new RegExp(t('PIX_INFRACTION.SUCCESS').replace('.', '')))(ctx);
    },
    closed: closedWith(),
  },
  events: {
    'details.submit': async ({ page }, e) => {
      const dialog = reportDialog(page);
      const type =
        e['infractionType'] === 'ERROR' ? 'PIX_INFRACTION.TYPE_ERROR' : 'PIX_INFRACTION.TYPE_FRAUD';
      await dialog.getByRole('radio', { name: t(type) }).check();
      await dialog.getByLabel(t('PIX_INFRACTION.DESCRIPTION')).fill(String(e['description']));
      await button(dialog, t('PIX_INFRACTION.NEXT')).click();
      if (String(e['description']).trim().length <= 3)
        await expect(dialog).toContainText(t('PIX_INFRACTION.DESCRIPTION_REQUIRED'));
    },
    'details.back': async ({ page }) => button(reportDialog(page), t('PIX_INFRACTION.BACK')).click(),
    'file.add': async ({ page }, e) => {
      const file = e['file'] as { name: string; head: number[] };
      const png = file.head[0] === 0x89;
      await fileInput(page).setInputFiles({
        name: file.name,
        mimeType: png ? 'image/png' : 'application/pdf',
        buffer: png ? smallPng() : Buffer.from('Olá, isto é um texto, não um PDF.', 'utf8'),
      });
      if (png)
        await expect(
          button(reportDialog(page), t('PIX_INFRACTION.REMOVE_FILE', { name: file.name })).first(),
        ).toBeVisible();
      else await expect(alertIn(page).first()).toContainText(t('PIX_INFRACTION.ERRORS.FILE_TYPE'));
    },
    'file.remove': async ({ page }) =>
      reportDialog(page)
        .getByRole('button', { name: new RegExp(`^${t('PIX_INFRACTION.REMOVE_FILE', { name: '' })}`) })
        .first()
        .click(),
    'report.submit': async ({ page }) => button(reportDialog(page), t('PIX_INFRACTION.FINISH')).click(),
    retry: async ({ page }) => button(reportDialog(page), t('PIX_INFRACTION.RETRY')).click(),
    'dialog.close': async ({ page }) => {
      const dialog = reportDialog(page);
      for (const key of [
        'PIX_INFRACTION.ATTACH_CLOSE',
        'PIX_INFRACTION.CLOSE',
        'PIX_INFRACTION.CANCEL',
      ] as const) {
        const b = button(dialog, t(key));
        if (await b.isVisible()) return b.click();
      }
      return button(dialog, t('SHELL.UI.CLOSE')).click();
    },
  },
  outcomes: {
    noOpenReport: 'natural',
    openReportExists: { arrange: reportThroughApi },
    openReportServerError: {
      fault: { operationId: 'getOpenInfraction', status: 500 },
    },
    receiptWithKey: 'natural',
    receiptServerError: {
      fault: { operationId: 'getPixReceipt', status: 500 },
    },
    reportCreated: 'natural',
    reportAlreadyOpen: {
      arrange: reportThroughApi,
    },
    deadlinePassed: refusedAsLate,
    noAnswer: offline('createInfraction'),
    fileAttached: 'natural',
    fileNoAnswer: offline('attachInfractionFile'),
  },
});

const BUDGET = 'fora dos caminhos pelo orçamento de < 15 s';
const VIEW = 'tests/views/pix/pix-infraction-dialog.test.tsx';
const SPEC = 'e2e/pix-infraction.spec.ts';

/**
 * The browser plays the report itself (open check, key, both steps, with files and without);
 * back, remove, close and every failure branch is proven by the machine's paths (every guard both
 * ways) and, through the real dialog and API client, by the view test, or end to end by the spec.
 */
export const pixInfractionFlow: BoundFlow<typeof pixInfractionEntry> = {
  bindings: pixInfractionBindings,
  gaps: [
    {
      key: 'openReportExists',
      why: `provado de ponta a ponta em ${SPEC} (segunda notificação) e em ${VIEW}; ${BUDGET}`,
    },
    {
      key: 'openReportServerError',
      why: `leva ao mesmo passo da consulta sem notificação; provado pelos testes da máquina; ${BUDGET}`,
    },
    {
      key: 'receiptServerError',
      why: `provado em ${VIEW} ('Indisponível no momento'); ${BUDGET}`,
    },
    {
      key: 'reportAlreadyOpen',
      why: `o mesmo estado final alreadyExists da consulta, provado em ${SPEC}; a máquina prova o guard; ${BUDGET}`,
    },
    {
      key: 'deadlinePassed',
      why: `recusa certa: a máquina prova o retorno ao passo 2 sem a tentativa; ${BUDGET}`,
    },
    {
      key: 'noAnswer',
      why: `provado em ${VIEW} (a nova tentativa leva o mesmo externalIdentifier); ${BUDGET}`,
    },
    {
      key: 'fileNoAnswer',
      why: `provado em ${VIEW} (só o arquivo que falhou é reenviado, "2 de 2 arquivos"); ${BUDGET}`,
    },
    {
      key: 'event:details.submit:Descreve com 3 caracteres e clica em Próximo',
      why: `provado em ${VIEW} (DESCRIPTION_REQUIRED) e nos testes do validador; ${BUDGET}`,
    },
    {
      key: 'event:details.back:Clica em Voltar',
      why: `provado em ${VIEW} (Voltar mantém o tipo e a descrição); ${BUDGET}`,
    },
    {
      key: 'event:file.remove:Remove o primeiro anexo',
      why: `provado em ${VIEW} (o botão Remover de cada arquivo); ${BUDGET}`,
    },
    {
      key: 'event:dialog.close:Fecha o diálogo',
      why: `provado em ${VIEW} (Cancelar e Fechar fecham sem mudança); ${BUDGET}`,
    },
    {
      key: 'event:file.add:Anexa um arquivo de texto com nome .pdf',
      why: `provado de ponta a ponta em ${SPEC} (tipo errado e acima de 5 MB, sem chamada); ${BUDGET}`,
    },
  ],
};
