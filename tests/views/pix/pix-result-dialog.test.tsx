// @vitest-environment jsdom
/**
 * The shared result of a Pix send (src/features/pix/send/pix-result-dialog.tsx; 3-pix-part-one.md
 * §4 Payment result, §8): the receipt and only a close button when settled; the rejection with
 * ' Motivo: {reason}' only when there is one; the not-finished text with the status or
 * 'Desconhecido'; and the summary lines of §2 with the document as a payer may see it.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PixResultDialog } from '../../../src/features/pix/send/pix-result-dialog';
import { payeeDocument, pixSummaryLines } from '../../../src/features/pix/send/pix-send-summary';
import { config } from '../../../src/runtime/config';
import { renderWithApp } from '../profile/profile-harness';

afterEach(cleanup);

/** The receipt's lines are built with the page's own `t`, once the Pix catalogue is loaded. */
function Settled({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const receipt = pixSummaryLines(t, {
    key: 'ana@exemplo.com.br',
    keyType: 'EMAIL',
    name: 'Ana Souza',
    taxId: '***.456.789-**',
    institution: 'Banco Exemplo',
    accountType: 'CACC',
    accountNumber: '12345',
    amount: 10.5,
    endToEndId: 'E99999999202611241200abcDEF12345',
  });
  return (
    <PixResultDialog
      view="settled"
      settlement={{ outcome: 'settled', status: 'ACSC', reason: null, transactionId: 'tx-1' }}
      receipt={receipt}
      onClose={onClose}
    />
  );
}

describe('PixResultDialog', () => {
  it('settled: the success text, the receipt, its PDF (issue 32) and one close button', async () => {
    const onClose = vi.fn();
    renderWithApp(<Settled onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toContain('Transação realizada com sucesso!');
    expect(screen.getByText('***.456.789-**')).toBeTruthy();
    expect(screen.getByText('Conta corrente')).toBeTruthy();
    expect(screen.getByText('E99999999202611241200abcDEF12345')).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Baixar comprovante (PDF)' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const buttons = screen.getAllByRole('button').filter((b) => b.textContent === 'Fechar');
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('rejected: says what the reason means and offers to correct where the flow can (issue 32)', () => {
    const onCorrect = vi.fn();
    const { unmount } = renderWithApp(
      <PixResultDialog
        view="rejected"
        settlement={{
          outcome: 'rejected',
          status: 'RJCT',
          reason: 'AC03 - Conta inexistente',
          transactionId: null,
        }}
        receipt={[]}
        onClose={() => undefined}
        onCorrect={onCorrect}
      />,
    );
    expect(screen.getByText(/A conta informada não existe na instituição do recebedor/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Corrigir os dados' }));
    expect(onCorrect).toHaveBeenCalledTimes(1);
    unmount();
    // A time-out points at nothing the payer typed: send again; without onCorrect, only Fechar.
    renderWithApp(
      <PixResultDialog
        view="rejected"
        settlement={{
          outcome: 'rejected',
          status: 'RJCT',
          reason: 'AB03 - Tempo esgotado',
          transactionId: null,
        }}
        receipt={[]}
        onClose={() => undefined}
        onCorrect={onCorrect}
      />,
    );
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    expect(screen.getByText(/não respondeu a tempo/)).toBeTruthy();
  });

  it('rejected: the §8 text with the product, and the reason only when given', () => {
    const { unmount } = renderWithApp(
      <PixResultDialog
        view="rejected"
        settlement={{
          outcome: 'rejected',
          status: 'RJCT',
          reason: 'AC03 - Conta inexistente',
          transactionId: null,
        }}
        receipt={[]}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      `Transação rejeitada. Entre em contato com o suporte do ${config.productName}. Motivo: AC03 - Conta inexistente`,
    );
    unmount();
    renderWithApp(
      <PixResultDialog
        view="rejected"
        settlement={{ outcome: 'rejected', status: 'RJCT', reason: null, transactionId: null }}
        receipt={[]}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      `Transação rejeitada. Entre em contato com o suporte do ${config.productName}.`,
    );
  });

  it('unfinished: the status or Desconhecido, then the reason', () => {
    const { unmount } = renderWithApp(
      <PixResultDialog
        view="unfinished"
        settlement={{ outcome: 'unfinished', status: 'ACSP', reason: null, transactionId: null }}
        receipt={[]}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Transação não foi finalizada. Tente novamente mais tarde. Motivo: ACSP',
    );
    unmount();
    renderWithApp(
      <PixResultDialog view="unfinished" settlement={null} receipt={[]} onClose={() => undefined} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Transação não foi finalizada. Tente novamente mais tarde. Motivo: Desconhecido',
    );
  });

  it('settling: a status with no button to press', () => {
    renderWithApp(
      <PixResultDialog view="settling" settlement={null} receipt={[]} onClose={() => undefined} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Aguardando a confirmação do Pix');
  });

  it('payeeDocument keeps a DICT mask, hides a CPF, shows a CNPJ', () => {
    expect(payeeDocument('***.456.789-**')).toBe('***.456.789-**');
    expect(payeeDocument('52998224725')).toBe('***.982.247-**');
    expect(payeeDocument('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('settling without a connection (issue 32)', () => {
  it('says the connection is lost and that the result shows when it is back, and clears when it is', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderWithApp(
        <PixResultDialog view="settling" settlement={null} receipt={[]} onClose={() => undefined} />,
      );
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Sem conexão com a internet. O Pix já foi enviado ao banco e não será enviado de novo. Quando a conexão voltar, o resultado aparece aqui; se demorar, confira o Pix no extrato.',
      );
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('status').textContent).toContain('Aguardando a confirmação do Pix');
    } finally {
      onLine.mockRestore();
    }
  });
});
