/**
 * The full-screen confirmation of /PixKey (3-pix-part-one.md §2 Send by key; §5 nickname, schedule
 * date): the amount and recipient first, the payment's lines, and, when the flow offers them,
 * save-to-favourites with a nickname and a schedule date. Split from pix-key-page.tsx (issue 25's
 * file size).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateSaveNickname, validateScheduleDate } from '../../../../machines/pix/pix-send-key-rules';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { DateField } from '../../../ui/date-field';
import { Dialog } from '../../../ui/dialog';
import { PaymentHeadline, type PaymentHeadlineProps } from '../../../ui/payment-headline';
import { SummaryLines, type SummaryLine } from '../../../ui/summary-lines';
import { TextField } from '../../../ui/text-field';

export function ConfirmDialog({
  headline,
  lines,
  offerFavourites,
  offerSchedule,
  scheduleOpen,
  today,
  onCancel,
  onConfirm,
}: {
  headline: PaymentHeadlineProps;
  lines: readonly SummaryLine[];
  offerFavourites: boolean;
  offerSchedule: boolean;
  scheduleOpen: boolean;
  today: string;
  onCancel: () => void;
  onConfirm: (save: boolean, nickname: string, scheduleDate: string) => void;
}) {
  const { t } = useTranslation();
  const [save, setSave] = useState(false);
  const [nickname, setNickname] = useState('');
  const [schedule, setSchedule] = useState(scheduleOpen);
  const [date, setDate] = useState('');
  const [tried, setTried] = useState(false);
  const nicknameError = validateSaveNickname(save, nickname);
  const dateError = schedule
    ? date === ''
      ? 'ERRORS.INPUTS.EMPTY'
      : validateScheduleDate(date, today)
    : undefined;
  const [confirmed, setConfirmed] = useState(false);
  const confirm = () => {
    setTried(true);
    if (nicknameError || dateError || confirmed) return;
    // One click sends once: the dialog ignores a second click while the machine moves on.
    setConfirmed(true);
    onConfirm(save, nickname, schedule ? date : '');
  };
  return (
    <Dialog
      open
      fullScreen
      role="alertdialog"
      onClose={onCancel}
      title={t('PIX.PIX_KEY.CONFIRM.TITLE')}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('PIX.PIX_KEY.CONFIRM.CANCEL')}
          </Button>
          <Button onClick={confirm} disabled={confirmed}>
            {t('PIX.PIX_KEY.CONFIRM.ACCEPT')}
          </Button>
        </>
      }
    >
      <PaymentHeadline {...headline} />
      <SummaryLines lines={lines} />
      {offerFavourites && (
        <>
          <Checkbox
            label={t('PIX.PIX_KEY.SAVE_FAVOURITE')}
            checked={save}
            onChange={(e) => setSave(e.currentTarget.checked)}
          />
          {save && (
            <TextField
              label={t('PIX.PIX_KEY.NICKNAME')}
              value={nickname}
              maxLength={50}
              onChange={(e) => setNickname(e.currentTarget.value)}
              error={tried && nicknameError ? t(nicknameError) : undefined}
            />
          )}
        </>
      )}
      {offerSchedule && (
        <>
          <Checkbox
            label={t('PIX.PIX_KEY.SCHEDULE')}
            checked={schedule}
            onChange={(e) => setSchedule(e.currentTarget.checked)}
          />
          {schedule && (
            <DateField
              label={t('PIX.PIX_KEY.SCHEDULE_DATE')}
              value={date}
              onChange={setDate}
              error={tried && dateError ? t(dateError) : undefined}
            />
          )}
        </>
      )}
      <p>{t('PIX.PIX_KEY.CONFIRM.TEXT')}</p>
    </Dialog>
  );
}
