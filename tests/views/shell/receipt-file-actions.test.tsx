// @vitest-environment jsdom
/**
 * The receipt's file on a success screen (issue 32): a PDF to download everywhere, and to share
 * where the browser can hand a file to the system's share sheet.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceiptFileActions } from '../../../src/ui/receipt-file-actions';
import { renderWithApp } from '../profile/profile-harness';

const LINES = [
  { label: 'Valor', value: 'R$ 20,00' },
  { label: 'Data e hora', value: '28/11/2026 10:00' },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (navigator as { canShare?: unknown }).canShare;
  delete (navigator as { share?: unknown }).share;
});

describe('ReceiptFileActions', () => {
  it('offers the PDF and no share where the browser cannot share files', async () => {
    renderWithApp(<ReceiptFileActions title="Recarga realizada" lines={LINES} fileName="comprovante.pdf" />);
    expect(
      await screen.findByRole('button', { name: 'Baixar comprovante (PDF)' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Compartilhar comprovante' })).toBeNull();
  });

  it("hands the receipt's PDF to the share sheet where the browser can", async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    Object.assign(navigator, { canShare: () => true, share });
    renderWithApp(<ReceiptFileActions title="Recarga realizada" lines={LINES} fileName="comprovante.pdf" />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Compartilhar comprovante' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const file = share.mock.calls[0]?.[0].files?.[0];
    expect(file?.name).toBe('comprovante.pdf');
    expect(file?.type).toBe('application/pdf');
    const head = new Uint8Array(await (file as File).slice(0, 5).arrayBuffer());
    expect(String.fromCharCode(...head)).toBe('%PDF-');
  });
});
