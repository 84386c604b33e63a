/**
 * How a pasted code's payment ended (3-pix-part-one.md §4 Copy-and-paste and Payment result, §8):
 * the result dialog every Pix send shares (send/pix-result-dialog.tsx), with the receipt of a code
 * paid. The rejection leaves for /Pix by itself after 1.8 s (the machine's timer); the warning of a
 * payment not finished at the bound goes back to /Pix when closed.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { pixCopyPasteMachine } from '../../../machines/pix/pix-copy-paste.machine';
import { centsToDecimal } from '../../../machines/validators/money';
import { PixResultDialog, pixResultViewOf } from './send/pix-result-dialog';
import { pixSummaryLines } from './send/pix-send-summary';
import { useReceiptInstant } from './send/receipt-instant';

export function PixCopyPasteResult({ actor }: { actor: ActorRefFrom<typeof pixCopyPasteMachine> }) {
  const { t, i18n } = useTranslation();
  const view = useSelector(actor, pixResultViewOf);
  const settlement = useSelector(actor, (s) => s.context.settlement);
  const decoded = useSelector(actor, (s) => s.context.decoded);
  const amountCents = useSelector(actor, (s) => s.context.amountCents);
  const endToEndId = useSelector(actor, (s) => s.context.endToEndId);
  const result = useSelector(actor, (s) => s.context.result);
  const at = useReceiptInstant(view, settlement);
  if (view === null) return null;
  const recipient = decoded?.qrcode_pix.recebedor;
  const txid = decoded?.qrcode_pix.payload?.txid;
  const receipt = pixSummaryLines(
    t,
    {
      name: recipient?.nome ?? '—',
      taxId: recipient?.cpf ?? recipient?.cnpj ?? '—',
      institution: recipient?.dados_conta?.nome_instituicao ?? '—',
      amount: centsToDecimal(amountCents ?? 0),
      ...(txid ? { description: `${t('PIX.PIX_COPY_PASTE.CONFIRM.IDENTIFIER')}: ${txid}` } : {}),
      ...(endToEndId ? { endToEndId } : {}),
      ...((settlement?.transactionId ?? result?.transactionId)
        ? { transactionId: settlement?.transactionId ?? result?.transactionId }
        : {}),
      ...(at ? { at } : {}),
    },
    i18n.language,
  );
  return (
    <PixResultDialog
      view={view}
      settlement={settlement}
      receipt={receipt}
      onClose={() => actor.send({ type: 'result.close' })}
    />
  );
}
