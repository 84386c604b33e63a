/**
 * How a Pix send ended, for every send flow (3-pix-part-one.md §4 Payment result, §8; issue 16),
 * drawn from the state built by machines/pix/pix-settling-states.ts:
 *
 * - `settling`: the payment is being settled (a status, not a spinner without end: the polling
 *   has its bound, §9); with no connection it says so, and that the result is checked when the
 *   connection is back, the payment being already with the bank (issue 32);
 * - `result.settled`: 'Transação realizada com sucesso!' and the Pix receipt, its PDF to download
 *   or share (issue 32), and a close button (→ /Statement);
 * - `result.rejected`: 'Transação rejeitada. Entre em contato com o suporte do {product}.' and,
 *   when the bank gave one, ' Motivo: {reason}'; the money is back (the statement shows it);
 * - `result.unfinished`: 'Transação não foi finalizada. Tente novamente mais tarde. Motivo:
 *   {status or Desconhecido} {reason}', and where to follow it (the statement), since the payment
 *   may still settle or be returned.
 *
 * A rejection also says in plain words what its SPI reason means (PIX.SEND.REJECTION_MEANING, the
 * codes of machines/pix/spi-rejections.ts) and, when the flow can (`onCorrect`: `result.correct`),
 * offers to correct the data or send again with everything typed kept (issue 32 item 3).
 *
 * The page gives the receipt's lines (pixSummaryLines) and sends `result.close`. A flow whose
 * outcomes have their own words (a refund: 4-pix-part-two.md §8 Refund) gives the catalogue part
 * that holds them in `texts` (the keys of `PIX.SEND`); the send flows keep `PIX.SEND`.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PixSettlementOutput } from '../../../../machines/pix/pix-settlement.machine';
import { rejectionCodeOf, rejectionFixOf } from '../../../../machines/pix/spi-rejections';
import { config } from '../../../runtime/config';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ReceiptFileActions } from '../../../ui/receipt-file-actions';
import { SummaryLines, type SummaryLine } from '../../../ui/summary-lines';
import { useOnline } from '../../../ui/use-online';

/** The catalogue part of the send flows' result texts, the default of `texts`. */
export const PIX_SEND_RESULT_TEXTS = 'PIX.SEND';

/** Which part of the result the flow is in. */
export type PixResultView = 'settling' | 'settled' | 'rejected' | 'unfinished';

/** The state of a machine built with pixSettlingStates, as the dialog needs it. */
export function pixResultViewOf(s: { matches(v: unknown): boolean }): PixResultView | null {
  if (s.matches('settling')) return 'settling';
  if (s.matches({ result: 'settled' })) return 'settled';
  if (s.matches({ result: 'rejected' })) return 'rejected';
  if (s.matches({ result: 'unfinished' })) return 'unfinished';
  return null;
}

/** §8: the rejection text, with ' Motivo: {reason}' only when there is a reason. */
export function rejectedText(
  t: (k: string, o?: Record<string, unknown>) => string,
  reason: string | null,
  texts: string = PIX_SEND_RESULT_TEXTS,
): string {
  const head = t(`${texts}.REJECTED`, { product: config.productName });
  return reason ? `${head}${t(`${texts}.REASON`, { reason })}` : head;
}

/** What a rejection's reason means, in plain words (an unknown or absent code has a general text). */
export function rejectionMeaning(t: (k: string) => string, reason: string | null): string {
  return t(`PIX.SEND.REJECTION_MEANING.${rejectionCodeOf(reason) ?? 'UNKNOWN'}`);
}

/** §8: 'Transação não foi finalizada. Tente novamente mais tarde. Motivo: {status or Desconhecido} {reason}'. */
export function unfinishedText(
  t: (k: string, o?: Record<string, unknown>) => string,
  s: Pick<PixSettlementOutput, 'status' | 'reason'>,
  texts: string = PIX_SEND_RESULT_TEXTS,
): string {
  const status = s.status ?? t(`${texts}.UNKNOWN_STATUS`);
  return t(`${texts}.UNFINISHED`, { status, reason: s.reason ?? '' }).trimEnd();
}

const Message = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Offline = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
`;

const FileActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

const Strong = styled.strong`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

export interface PixResultDialogProps {
  view: PixResultView;
  settlement: PixSettlementOutput | null;
  /** The receipt's lines (settled): pixSummaryLines with the payment's ids. */
  receipt: readonly SummaryLine[];
  /** The text of a success, when the flow has its own (internal Pix, a scheduled payment). */
  settledText?: string;
  /** `result.close`. */
  onClose: () => void;
  /** `result.correct`, for a flow whose rejected payment may be corrected and sent again. */
  onCorrect?: () => void;
  /** The catalogue part of the texts (the keys of `PIX.SEND`); `PIX.SEND` by default. */
  texts?: string;
}

/** The result dialog (see the file's comment). */
export function PixResultDialog({
  view,
  settlement,
  receipt,
  settledText,
  onClose,
  onCorrect,
  texts = PIX_SEND_RESULT_TEXTS,
}: PixResultDialogProps) {
  const { t } = useTranslation();
  const online = useOnline();
  if (view === 'settling') {
    return (
      <Dialog open onClose={() => undefined} dismissible={false} title={t(`${texts}.SETTLING_TITLE`)}>
        <p role="status">{t(`${texts}.SETTLING_TEXT`)}</p>
        {!online && <Offline role="alert">{t('PIX.SEND.SETTLING_OFFLINE')}</Offline>}
      </Dialog>
    );
  }
  const title =
    view === 'settled'
      ? t(`${texts}.SETTLED_TITLE`)
      : view === 'rejected'
        ? t(`${texts}.REJECTED_TITLE`)
        : t(`${texts}.UNFINISHED_TITLE`);
  return (
    <Dialog
      open
      role={view === 'settled' ? 'dialog' : 'alertdialog'}
      fullScreen={view === 'settled'}
      onClose={onClose}
      title={title}
      actions={
        view === 'rejected' && onCorrect ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t(`${texts}.CLOSE`)}
            </Button>
            <Button onClick={onCorrect}>
              {rejectionFixOf(settlement?.reason) === 'recipient'
                ? t('PIX.SEND.CORRECT_RECIPIENT')
                : t('PIX.SEND.CORRECT_PAYMENT')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t(`${texts}.CLOSE`)}</Button>
        )
      }
    >
      {view === 'settled' && (
        <>
          <Message role="status">{settledText ?? t(`${texts}.SETTLED`)}</Message>
          <h3>{t(`${texts}.RECEIPT`)}</h3>
          <SummaryLines lines={receipt} />
          <FileActions>
            <ReceiptFileActions
              title={t(`${texts}.RECEIPT`)}
              lines={receipt}
              fileName={`comprovante-pix-${settlement?.transactionId ?? 'pix'}.pdf`}
            />
          </FileActions>
        </>
      )}
      {view === 'rejected' && (
        <>
          <Message role="alert">{rejectedText(t, settlement?.reason ?? null, texts)}</Message>
          <p>
            <Strong>{t('PIX.SEND.MEANING_LABEL')}: </Strong>
            {rejectionMeaning(t, settlement?.reason ?? null)}
          </p>
          <p>{t(`${texts}.REJECTED_HINT`)}</p>
        </>
      )}
      {view === 'unfinished' && (
        <>
          <Message role="alert">
            {unfinishedText(t, settlement ?? { status: null, reason: null }, texts)}
          </Message>
          <p>{t(`${texts}.UNFINISHED_HINT`)}</p>
        </>
      )}
    </Dialog>
  );
}
