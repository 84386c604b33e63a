/**
 * The dialogs of /PixShedulingPage (4-pix-part-two.md §2; issue 28), loaded when one opens: the
 * receipt of a schedule (weekday and date, recipient, Pix description, scheduled value, created
 * at, id, and its status) and the confirmation 'Deseja realmente excluir esse agendamento?'.
 */
import { useTranslation } from 'react-i18next';
import type { PixSchedule } from '../../../machines/pix/pix-schedules.machine';
import { formatBRL } from '../../format/brl';
import { formatDateTime, formatLongDate } from '../../format/dates';
import { Button } from '../../ui/button';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { Dialog } from '../../ui/dialog';
import { SummaryLines } from '../../ui/summary-lines';
import { ScheduleStatus } from './pix-schedule-status';

export function ScheduleReceiptDialog({ schedule, onClose }: { schedule: PixSchedule; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('PIX_SCHEDULES.RECEIPT_TITLE')}
      actions={<Button onClick={onClose}>{t('PIX_SCHEDULES.CLOSE')}</Button>}
    >
      <SummaryLines
        lines={[
          { label: t('PIX_SCHEDULES.RECEIPT_DATE'), value: formatLongDate(schedule.paymentDate, lng) },
          {
            label: t('PIX_SCHEDULES.RECEIPT_RECIPIENT'),
            value: [schedule.favoredName, schedule.recipientAlias].filter(Boolean).join(' · ') || '—',
          },
          { label: t('PIX_SCHEDULES.RECEIPT_DESCRIPTION'), value: schedule.additionalInformation || '—' },
          { label: t('PIX_SCHEDULES.RECEIPT_VALUE'), value: formatBRL(schedule.value) },
          { label: t('PIX_SCHEDULES.RECEIPT_CREATED'), value: formatDateTime(schedule.createdAt, lng) },
          { label: t('PIX_SCHEDULES.RECEIPT_ID'), value: String(schedule.idPixPaymentSchedule) },
          { label: t('PIX_SCHEDULES.RECEIPT_STATUS'), value: <ScheduleStatus schedule={schedule} /> },
        ]}
      />
    </Dialog>
  );
}

export function DeleteScheduleDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDeleteDialog
      title={t('PIX_SCHEDULES.DELETE_TITLE')}
      text={<p>{t('PIX_SCHEDULES.DELETE_CONFIRM')}</p>}
      cancelLabel={t('PIX_SCHEDULES.DELETE_NO')}
      confirmLabel={t('PIX_SCHEDULES.DELETE_YES')}
      busyText={t('PIX_SCHEDULES.DELETING')}
      failureText={t('PIX_SCHEDULES.DELETE_FAILED')}
      busy={busy}
      failed={false}
      error={null}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
