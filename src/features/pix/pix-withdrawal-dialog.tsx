/**
 * The receipt-style dialog of a code that carries a withdrawal value (3-pix-part-one.md §2 Copy and
 * paste; 4-pix-part-two.md §2; issue 29): the agent (recipient, document, institution, modality),
 * and the cash — a Pix Saque's withdrawal amount, a Pix Troco's purchase, change and total. Its
 * accept pays the code's whole value (machines/pix/pix-copy-paste.machine.ts, state `withdrawal`).
 */
import { useTranslation } from 'react-i18next';
import type { DecodePixQrOutput } from '../../../machines/pix/pix-copy-paste.machine';
import { withdrawalCents } from '../../../machines/pix/pix-copy-paste.machine';
import { formatBRLFromCents } from '../../format/brl';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SummaryLines, type SummaryLine } from '../../ui/movement-dialogs';

const T = 'PIX.PIX_COPY_PASTE.WITHDRAWAL';

export interface WithdrawalDialogProps {
  decoded: DecodePixQrOutput;
  /** The recipient's document as the confirmation shows it. */
  document: string;
  /** The withdrawal facilitator of the BR Code (26-03), when it carries one. */
  facilitator: string | null;
  onAccept: () => void;
  onClose: () => void;
}

export function WithdrawalDialog({
  decoded,
  document,
  facilitator,
  onAccept,
  onClose,
}: WithdrawalDialogProps) {
  const { t } = useTranslation();
  const q = decoded.qrcode_pix;
  const cash = q.payload?.valor?.retirada;
  const change = cash?.troco !== undefined;
  const modality = (cash?.saque ?? cash?.troco)?.modalidadeAgente;
  const none = t('PIX.PIX_COPY_PASTE.CONFIRM.NONE');
  const cashCents = withdrawalCents(decoded) ?? 0;
  const purchaseCents = Math.round((q.payload?.valor?.original ?? 0) * 100);
  const amounts: SummaryLine[] = change
    ? [
        { label: t(`${T}.PURCHASE`), value: formatBRLFromCents(purchaseCents) },
        { label: t(`${T}.CHANGE`), value: formatBRLFromCents(cashCents) },
        { label: t(`${T}.TOTAL`), value: formatBRLFromCents(purchaseCents + cashCents) },
      ]
    : [{ label: t(`${T}.AMOUNT`), value: formatBRLFromCents(cashCents) }];
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(change ? `${T}.TITLE_CHANGE` : `${T}.TITLE`)}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t(`${T}.CLOSE`)}
          </Button>
          <Button onClick={onAccept}>{t('PIX.PIX_COPY_PASTE.CONFIRM.ACCEPT')}</Button>
        </>
      }
    >
      <p>{t(change ? `${T}.TEXT_CHANGE` : `${T}.TEXT`)}</p>
      <SummaryLines
        lines={[
          { label: t(`${T}.RECIPIENT`), value: q.recebedor?.nome ?? none },
          { label: t(`${T}.DOCUMENT`), value: document },
          { label: t(`${T}.INSTITUTION`), value: q.recebedor?.dados_conta?.nome_instituicao ?? none },
          {
            label: t(`${T}.AGENT`),
            value: modality ? t(`${T}.MODALITY.${modality}`) : (facilitator ?? t(`${T}.AGENT_UNKNOWN`)),
          },
          ...amounts,
        ]}
      />
    </Dialog>
  );
}
