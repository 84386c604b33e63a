/**
 * The deposit by Pix on /Deposit (2-money-movement.md §7 POST /deposit-pix; issue 31): a projection
 * of machines/deposits/deposit-pix.machine.ts below the boleto's card. The amount → 'Gerar QR Code
 * Pix' → a dialog with the bank's QR image, the copy-and-paste code (selectable, copied with one
 * button), the amount and until when it may be paid; 'Ver extrato' goes to /Statement, where the
 * credit shows once another bank's app has paid it.
 */
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { depositPixMachine } from '../../../machines/deposits/deposit-pix.machine';
import { parseBrlToCents } from '../../../machines/validators/money';
import { errorTextToShow } from '../../api/errors';
import { formatBRLFromCents } from '../../format/brl';
import { formatDateTime } from '../../format/dates';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { TextAreaField } from '../../ui/text-area-field';
import { InfoLines, useLeaveWhenDone } from './parts';
import { DepositAmountForm } from './deposit-amount-form';

export function DepositPixSection() {
  const newId = useNewId();
  const { t, i18n } = useTranslation();
  const [input] = useState(() => ({
    accountId: session.getSnapshot()?.account.accounts[0]?.accountId ?? '',
    newId,
  }));
  const actor = useFlow('deposit-pix', depositPixMachine, input);
  useLeaveWhenDone(actor);

  const editing = useSelector(actor, (s) => s.matches('editing'));
  const creating = useSelector(actor, (s) => s.matches('creating'));
  const refused = useSelector(actor, (s) => s.matches({ editing: 'failed' }));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const shown = useSelector(actor, (s) => s.matches('shown'));
  const ctx = useSelector(actor, (s) => s.context);
  const charge = ctx.charge;
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyCode = async (emv: string) => {
    try {
      await navigator.clipboard.writeText(emv);
      setCopy('copied');
    } catch {
      // No clipboard (permission, an old browser): the code stays selected to copy by hand.
      setCopy('failed');
      codeRef.current?.focus();
      codeRef.current?.select();
    }
  };

  return (
    <>
      <Card>
        <h2>{t('DEPOSIT_PIX.TITLE')}</h2>
        <p>{t('DEPOSIT_PIX.INTRO')}</p>
        {refused && <ErrorAlert>{errorTextToShow(ctx.error, t)}</ErrorAlert>}
        <DepositAmountForm
          label={t('DEPOSIT_PIX.AMOUNT')}
          submitText={t('DEPOSIT_PIX.GENERATE')}
          name={t('DEPOSIT_PIX.TITLE')}
          editing={editing}
          busy={creating}
          onSubmit={(amount) => {
            setCopy('idle');
            actor.send({ type: 'form.submit', amount });
          }}
        />
      </Card>
      {shown && charge && (
        <Dialog
          open
          onClose={() => actor.send({ type: 'dialog.close' })}
          title={t('DEPOSIT_PIX.DIALOG_TITLE')}
          actions={
            <>
              <Button variant="secondary" onClick={() => actor.send({ type: 'statement.open' })}>
                {t('DEPOSIT_PIX.TO_STATEMENT')}
              </Button>
              <Button onClick={() => void copyCode(charge.emv)}>{t('DEPOSIT_PIX.COPY')}</Button>
            </>
          }
        >
          <p>{t('DEPOSIT_PIX.DIALOG_TEXT')}</p>
          {charge.imagem_base64 && (
            <img
              src={`data:image/png;base64,${charge.imagem_base64}`}
              width={200}
              height={200}
              alt={t('DEPOSIT_PIX.QR_ALT')}
            />
          )}
          <InfoLines
            lines={[
              {
                label: t('DEPOSIT_PIX.AMOUNT'),
                value: formatBRLFromCents(parseBrlToCents(ctx.amount) ?? 0),
              },
              { label: t('DEPOSIT_PIX.VALID_UNTIL'), value: formatDateTime(charge.expiresAt, i18n.language) },
            ]}
          />
          <TextAreaField
            ref={codeRef}
            label={t('DEPOSIT_PIX.CODE_LABEL')}
            value={charge.emv}
            readOnly
            rows={4}
            spellCheck={false}
          />
          <p role="status" aria-live="polite">
            {copy === 'copied'
              ? t('DEPOSIT_PIX.COPIED')
              : copy === 'failed'
                ? t('DEPOSIT_PIX.COPY_FAILED')
                : ''}
          </p>
        </Dialog>
      )}
      {failed && (
        <Dialog
          open
          role="alertdialog"
          onClose={() => actor.send({ type: 'dialog.close' })}
          title={t('DEPOSIT_PIX.FAILED_TITLE')}
          actions={
            <>
              <Button variant="secondary" onClick={() => actor.send({ type: 'dialog.close' })}>
                {t('DEPOSIT.CLOSE')}
              </Button>
              <Button onClick={() => actor.send({ type: 'retry' })}>{t('DEPOSIT.RETRY')}</Button>
            </>
          }
        >
          <p>{errorTextToShow(ctx.error, t) ?? t('DEPOSIT_PIX.FAILED_TITLE')}</p>
          <p>{t('DEPOSIT_PIX.FAILED_SAFE')}</p>
        </Dialog>
      )}
    </>
  );
}
