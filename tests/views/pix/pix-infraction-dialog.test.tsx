// @vitest-environment jsdom
/**
 * The infraction report dialog (3-pix-part-one.md §2 Report infraction dialog, §5, §8; issue 17)
 * through the real dialog, machine, actors and API client against a fake bank: an open infraction
 * closes it at once with ALREADY_EXISTS; step 1 shows the receipt's key and refuses a short
 * description; step 2 refuses a file by its content before any call, lists the files with their
 * remove buttons, sends them one by one after one CreateInfraction, retries a failed file alone and
 * shows "2 de 2 arquivos"; a create without an answer is retried with the same externalIdentifier.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pixInfractionFlowActors } from '../../../src/app/actors/pix-infraction-actors';
import PixInfractionDialog from '../../../src/features/pix/statement/pix-infraction-dialog';
import type { PixStatementEntry } from '../../../src/features/pix/statement/row-actions';
import { createApiClient, setApiClient } from '../../../src/api/client';
import { FlowActorsProvider } from '../../../src/runtime/flow-actors';
import { session } from '../../../src/runtime/session';
import { renderWithApp, signIn } from '../profile/profile-harness';

const E2E = 'E1234567820261120143000000000001';
const ENTRY: PixStatementEntry = {
  description: 'Pix enviado - Loja Suspeita',
  counterpart: { name: 'Loja Suspeita' },
  type: 'D',
  amount: 250,
  entryDate: '2026-11-20T14:30:00.000Z',
  creditDate: '2026-11-20T14:30:00.000Z',
  transactionId: 'tx-1',
  endToEndId: E2E,
  historyCode: '8011',
  amountRefund: 0,
  isPix: true,
};
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 250, 251, 252, 253, 254, 255];

interface Call {
  method: string;
  path: string;
  json?: Record<string, unknown>;
  form?: { infractionId: string };
}

type Answer = { status: number; body?: unknown } | 'no-answer';

/** A fake bank: `answer` decides each call (undefined: 404); every call is recorded, multipart read. */
function bank(answer: (c: Call, n: number) => Answer | undefined): Call[] {
  const calls: Call[] = [];
  setApiClient(
    createApiClient({
      baseUrl: 'http://bank.test/api',
      getToken: () => session.getToken(),
      onSessionExpired: () => undefined,
      fetch: async (request) => {
        const url = new URL(request.url);
        const call: Call = { method: request.method, path: url.pathname.replace(/^\/api/, '') };
        if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
          const form = await request.formData();
          call.form = { infractionId: String(form.get('infractionId')) };
        } else if (request.method !== 'GET') call.json = (await request.json()) as Record<string, unknown>;
        calls.push(call);
        const a = answer(call, calls.filter((c) => c.path === call.path).length);
        if (a === 'no-answer') throw new TypeError('Failed to fetch');
        const { status, body } = a ?? { status: 404, body: { error: { code: 99 } } };
        return new Response(JSON.stringify(body ?? {}), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    }),
  );
  return calls;
}

const ok = (data: unknown): Answer => ({ status: 200, body: { data } });
const RECEIPT = ok({
  pixId: E2E,
  pixDate: ENTRY.creditDate,
  amount: 250,
  pixKey: 'loja.suspeita@exemplo.com.br',
});
const OPEN = '/Infraction/GetOpenInfraction/';
const CREATE = '/Infraction/1001/CreateInfraction';
const ATTACH = '/Infraction/CreateInfractionAttach';

function render(onClose = vi.fn()) {
  renderWithApp(
    <FlowActorsProvider actors={pixInfractionFlowActors}>
      <PixInfractionDialog entry={ENTRY} onClose={onClose} />
    </FlowActorsProvider>,
    '/PixExtractPage',
  );
  return onClose;
}

const chooseFiles = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Escolher arquivos', { selector: 'input' }), { target: { files } });

async function toStep2(): Promise<void> {
  await screen.findByText('loja.suspeita@exemplo.com.br');
  fireEvent.change(screen.getByLabelText('Descrição do ocorrido'), { target: { value: '  ab  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
  expect(await screen.findByText('Descreva o ocorrido com mais de 3 caracteres.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Descrição do ocorrido'), {
    target: { value: 'Paguei um boleto falso enviado por WhatsApp.' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
  await screen.findByRole('button', { name: 'Concluir' });
}

beforeEach(() => {
  signIn();
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('infraction report dialog', () => {
  it('closes at once with ALREADY_EXISTS when the payment has an open infraction', async () => {
    const calls = bank((c) =>
      c.path.startsWith(OPEN)
        ? ok({
            idInfraction: 3,
            createdAt: ENTRY.creditDate,
            infractionType: 'FRAUD',
            infractionE2E: E2E,
            infractionStatus: 'OPEN',
          })
        : undefined,
    );
    const onClose = render();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Já existe uma notificação de infração aberta para este Pix.',
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(calls.map((c) => c.path)).toEqual([`${OPEN}${E2E}`]);
  });

  it('reports with two files: one CreateInfraction, the failed file retried alone', async () => {
    const calls = bank((c, n) => {
      if (c.path.startsWith(OPEN)) return ok(null);
      if (c.path.endsWith('/pix-receipt/tx-1')) return RECEIPT;
      if (c.path === CREATE) return ok({ idInfraction: 42 });
      if (c.path === ATTACH)
        return n === 2
          ? { status: 500, body: { error: { code: 99, description: 'falha' } } }
          : ok({ idAttachment: n, fileName: 'anexo.png', contentType: 'image/png', size: PNG.length });
      return undefined;
    });
    const onClose = render();
    await toStep2();

    chooseFiles(new File(['Olá, isto é texto'], 'falso.png', { type: 'image/png' }));
    expect((await screen.findByText(/falso\.png não foi anexado/)).textContent).toContain(
      'Arquivo não aceito: anexe uma imagem PNG ou JPEG, ou um PDF.',
    );

    chooseFiles(
      new File([new Uint8Array(PNG)], 'conversa.png', { type: 'image/png' }),
      new File([new Uint8Array(PNG)], 'extra.png', { type: 'image/png' }),
    );
    await screen.findByRole('button', { name: 'Remover extra.png' });
    fireEvent.click(screen.getByRole('button', { name: 'Remover extra.png' }));
    chooseFiles(new File([new Uint8Array(PNG)], 'pix.png', { type: '' }));
    await screen.findByRole('button', { name: 'Remover pix.png' });
    expect(calls.filter((c) => c.path === CREATE || c.path === ATTACH)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    expect((await screen.findByText(/não foi enviado/)).textContent).toContain('2 de 2 arquivos');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    // Issue 32: the end names the protocol, the recipient and what comes next, until closed.
    const done = await screen.findByRole('dialog', { name: 'Notificação registrada' });
    expect(done.textContent).toContain('Notificação de infração registrada com 2 de 2 arquivos anexados.');
    expect(within(done).getByText('Protocolo').nextElementSibling?.textContent).toBe('42');
    expect(within(done).getByText('Recebedor do Pix').nextElementSibling?.textContent).toBe('Loja Suspeita');
    expect(done.textContent).toContain('Guarde o número do protocolo');
    expect(onClose).not.toHaveBeenCalled();
    // The dialog's own × is named 'Fechar' too: the action button is the last.
    fireEvent.click(within(done).getAllByRole('button', { name: 'Fechar' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalledWith(true);

    const creates = calls.filter((c) => c.path === CREATE);
    expect(creates).toHaveLength(1);
    expect(creates[0]?.json).toMatchObject({
      infractionE2E: E2E,
      infractionType: 'FRAUD',
      infractionDescription: 'Paguei um boleto falso enviado por WhatsApp.',
    });
    const attaches = calls.filter((c) => c.path === ATTACH).map((c) => c.form);
    // Three uploads to infraction 42: the first file, the second, the second again. (The bytes and
    // the filename cross jsdom's FormData into Node's Request as 'undefined' and 'blob': they are
    // checked in tests/api/infractions.test.ts and, as the bank stores them, in Chromium.)
    expect(attaches).toHaveLength(3);
    for (const f of attaches) expect(f?.infractionId).toBe('42');
  });

  it('retries a create that got no answer with the same externalIdentifier', async () => {
    const calls = bank((c, n) => {
      if (c.path.startsWith(OPEN)) return ok(null);
      if (c.path.endsWith('/pix-receipt/tx-1')) return { status: 500, body: { error: { code: 99 } } };
      if (c.path === CREATE) return n === 1 ? 'no-answer' : ok({ idInfraction: 42 });
      return undefined;
    });
    const onClose = render();
    expect(await screen.findByText('Indisponível no momento')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Erro (falha operacional)' }));
    fireEvent.change(screen.getByLabelText('Descrição do ocorrido'), { target: { value: 'Valor em dobro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Concluir' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    const done = await screen.findByRole('dialog', { name: 'Notificação registrada' });
    // The dialog's own × is named 'Fechar' too: the action button is the last.
    fireEvent.click(within(done).getAllByRole('button', { name: 'Fechar' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalledWith(true);
    const ids = calls.filter((c) => c.path === CREATE).map((c) => c.json?.['externalIdentifier']);
    expect(ids).toHaveLength(2);
    expect(typeof ids[0]).toBe('string');
    expect(ids[1]).toBe(ids[0]);
    expect(calls.find((c) => c.path === CREATE)?.json?.['infractionType']).toBe('ERROR');
  });
  it('Voltar keeps the type and the description; Cancelar closes without a report', async () => {
    const calls = bank((c) => {
      if (c.path.startsWith(OPEN)) return ok(null);
      if (c.path.endsWith('/pix-receipt/tx-1')) return RECEIPT;
      return undefined;
    });
    const onClose = render();
    await screen.findByText('loja.suspeita@exemplo.com.br');
    fireEvent.click(screen.getByRole('radio', { name: 'Erro (falha operacional)' }));
    fireEvent.change(screen.getByLabelText('Descrição do ocorrido'), { target: { value: 'Valor em dobro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar' }));
    expect(await screen.findByDisplayValue('Valor em dobro')).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: 'Erro (falha operacional)' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(calls.some((c) => c.path === CREATE)).toBe(false);
  });
});
