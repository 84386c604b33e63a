/**
 * The dialogs of /PixMEDPage (4-pix-part-two.md §2 Infractions, §8; issue 31), loaded when one
 * opens: the detail of an infraction with the Pix behind it ('Não foi possível recuperar a
 * transação envolvida...' when it could not be read), the cancel confirmation, and the self-service
 * contest's choice of the Pix to contest.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { infractionOrigin, shownStatus, type Infraction } from '../../../machines/pix/pix-med-rules';
import type { GetTransactionOutput } from '../../../machines/pix/pix-med.machine';
import type { PixStatementEntry } from '../../../machines/pix/pix-statement-rules';
import { formatBRL } from '../../format/brl';
import { formatDate, formatDateTime } from '../../format/dates';
import { config } from '../../runtime/config';
import { Button } from '../../ui/button';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { SummaryLines } from '../../ui/summary-lines';

const Section = styled.h3`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  font-size: 1rem;
`;

const Choices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  & li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  & p {
    margin: 0;
  }
`;

export function MedDetailDialog({
  infraction,
  transaction,
  transactionFailed,
  onClose,
}: {
  infraction: Infraction;
  transaction: GetTransactionOutput | null;
  transactionFailed: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const refund =
    infraction.refundedAmount !== null && infraction.refundedAmount !== undefined
      ? formatBRL(infraction.refundedAmount)
      : infraction.analysisResult === 'AGREED'
        ? t('PIX_MED.REFUND_PENDING')
        : null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('PIX_MED.DETAIL_TITLE', { id: infraction.idInfraction })}
      actions={<Button onClick={onClose}>{t('PIX_MED.CLOSE')}</Button>}
    >
      <SummaryLines
        lines={[
          {
            label: t('PIX_MED.STATUS'),
            value: t(`PIX_MED.STATUSES.${shownStatus(infraction.infractionStatus)}`),
          },
          {
            label: t('PIX_MED.ORIGIN'),
            value: t(`PIX_MED.ORIGINS.${infractionOrigin(infraction, config.serviceProviderId)}`),
          },
          { label: t('PIX_MED.TYPE'), value: t(`PIX_MED.TYPES.${infraction.infractionType}`) },
          { label: t('PIX_MED.CREATED_AT'), value: formatDateTime(infraction.createdAt, lng) },
          ...(infraction.updatedAt
            ? [{ label: t('PIX_MED.UPDATED_AT'), value: formatDateTime(infraction.updatedAt, lng) }]
            : []),
          { label: t('PIX_MED.DESCRIPTION'), value: infraction.infractionDescription || '—' },
          ...(infraction.analysisResult
            ? [{ label: t('PIX_MED.RESULT'), value: t(`PIX_MED.RESULTS.${infraction.analysisResult}`) }]
            : []),
          ...(refund ? [{ label: t('PIX_MED.REFUNDED'), value: refund }] : []),
          { label: t('PIX_MED.E2E'), value: infraction.infractionE2E },
        ]}
      />
      <Section>{t('PIX_MED.TRANSACTION')}</Section>
      {transactionFailed && <ErrorAlert>{t('PIX_MED.TRANSACTION_FAILED')}</ErrorAlert>}
      {transaction && (
        <SummaryLines
          lines={[
            { label: t('PIX_MED.TX_DATE'), value: formatDateTime(transaction.pixDate, lng) },
            { label: t('PIX_MED.TX_VALUE'), value: formatBRL(transaction.amount) },
            ...(transaction.payer?.name
              ? [{ label: t('PIX_MED.TX_PAYER'), value: transaction.payer.name }]
              : []),
            ...(transaction.payee?.name
              ? [{ label: t('PIX_MED.TX_PAYEE'), value: transaction.payee.name }]
              : []),
            ...(transaction.pixKey ? [{ label: t('PIX_MED.TX_KEY'), value: transaction.pixKey }] : []),
          ]}
        />
      )}
    </Dialog>
  );
}

export function MedCancelDialog({
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
      title={t('PIX_MED.CANCEL_TITLE')}
      text={<p>{t('PIX_MED.CANCEL_CONFIRM')}</p>}
      cancelLabel={t('PIX_MED.CANCEL_NO')}
      confirmLabel={t('PIX_MED.CANCEL_YES')}
      busyText={t('PIX_MED.CANCELLING')}
      failureText={t('PIX_MED.CANCEL_FAILED')}
      busy={busy}
      failed={false}
      error={null}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

export function MedContestDialog({
  candidates,
  onPick,
  onClose,
}: {
  candidates: readonly PixStatementEntry[];
  onPick: (transactionId: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('PIX_MED.CONTEST_TITLE')}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('PIX_MED.CLOSE')}
        </Button>
      }
    >
      <p>{t('PIX_MED.CONTEST_TEXT')}</p>
      {candidates.length === 0 ? (
        <p>{t('PIX_MED.CONTEST_NONE')}</p>
      ) : (
        <Choices>
          {candidates.map((c) => (
            <li key={c.transactionId}>
              <p>
                <strong>{formatBRL(c.amount)}</strong> · {c.description} · {formatDate(c.creditDate, lng)}
              </p>
              <Button
                variant="secondary"
                aria-label={t('PIX_MED.CONTEST_PICK', {
                  description: c.description,
                  amount: formatBRL(c.amount),
                  date: formatDate(c.creditDate, lng),
                })}
                onClick={() => onPick(c.transactionId)}
              >
                {t('PIX_MED.CONTEST_PICK_SHORT')}
              </Button>
            </li>
          ))}
        </Choices>
      )}
    </Dialog>
  );
}
