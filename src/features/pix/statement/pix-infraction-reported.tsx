/**
 * The end of a fraud report (issue 32: it ended in a toast with no protocol number or next steps
 * and did not name the recipient): a dialog that says it was registered (with the files attached),
 * the protocol (the bank's id of the report), whom the Pix went to and its amount, and what
 * happens next. Closing it closes the row dialog.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SummaryLines } from '../../../ui/summary-lines';

export interface InfractionReported {
  protocol: number;
  attached: number;
  total: number;
}

export function PixInfractionReportedDialog({
  report,
  recipient,
  amount,
  onClose,
}: {
  report: InfractionReported;
  /** Who received the Pix reported. */
  recipient: string;
  /** The Pix's amount, formatted. */
  amount: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('PIX_INFRACTION.REPORTED.TITLE')}
      actions={<Button onClick={onClose}>{t('PIX_INFRACTION.REPORTED.CLOSE')}</Button>}
    >
      <p role="status">
        {report.total > 0
          ? t('PIX_INFRACTION.SUCCESS_FILES', { attached: report.attached, total: report.total })
          : t('PIX_INFRACTION.SUCCESS')}
      </p>
      <SummaryLines
        lines={[
          { label: t('PIX_INFRACTION.REPORTED.PROTOCOL'), value: String(report.protocol) },
          { label: t('PIX_INFRACTION.REPORTED.RECIPIENT'), value: recipient },
          { label: t('PIX_INFRACTION.VALUE'), value: amount },
        ]}
      />
      <p>{t('PIX_INFRACTION.REPORTED.NEXT_STEPS')}</p>
    </Dialog>
  );
}
