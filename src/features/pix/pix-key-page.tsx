/**
 * /PixKey, send by key (3-pix-part-one.md §2 Send by key, §4, §5, §8; issue 16): a projection of
 * machines/pix/pix-send-key.machine.ts. The wizard's two steps (the key, its type told as it is
 * typed (issue 32), then the balance with amount and description) on the form idiom
 * (react-final-form with the machine's validators), the full-screen confirmation, the security
 * code, the sending step and the shared result dialog (src/features/pix/send). `?recipient={idRecipient}` (written by the Pix recipient book) starts
 * from a saved recipient; `&schedule=1` asks for the schedule date to be offered open.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { saoPauloToday } from '../../../clock/sao-paulo';
import { pixSendKeyMachine } from '../../../machines/pix/pix-send-key.machine';
import { errorTextToShow } from '../../api/errors';
import { useBalance, usePixParticipants } from '../../api/queries';
import { formatBRL } from '../../format/brl';
import { formatPixKey } from '../../format/pix-key';
import { config } from '../../runtime/config';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { SendingMovementDialog } from '../../ui/movement-dialogs';
import { PageTitle } from '../../ui/page-title';
import { SecurityCodeDialog, type SecurityCodeActor } from '../../ui/security-code-dialog';
import { Stepper } from '../../ui/stepper';
import { ConfirmDialog } from './send/pix-key-confirm-dialog';
import { AmountStep, KeyStep } from './send/pix-key-steps';
import { PixResultDialog, pixResultViewOf } from './send/pix-result-dialog';
import { institutionNameOf, pixSummaryLines, type PixSendSummary } from './send/pix-send-summary';
import { useReceiptInstant } from './send/receipt-instant';
import { useBankByIspb } from './send/use-bank-by-ispb';

export default function PixKeyPage() {
  const newId = useNewId();
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const data = session.getSnapshot();
  const accountId = data?.account.accounts[0]?.accountId ?? '';
  const [input] = useState(() => ({
    accountId,
    payer: {
      name: data?.client?.name ?? '',
      taxId: data?.client?.taxIdentifier.taxId ?? '',
      branch: data?.accountInfo?.branch ?? '',
      accountNumber: data?.accountInfo?.account ?? '',
      accountType: 'CACC' as const,
    },
    ispb: config.serviceProviderId,
    // São Paulo's date (the spec's today), not the browser's: at 23:30 there Tokyo is on the next day.
    today: saoPauloToday(),
    now: () => new Date(),
    newId,
    scheduleEnabled: config.flags.pixSchedule,
    ...(data?.client?.mobilePhone?.phoneNumber ? { phoneNumber: data.client.mobilePhone.phoneNumber } : {}),
  }));
  const actor = useFlow('pix-send-key', pixSendKeyMachine, input);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const params = new URLSearchParams(search);
  const recipientParam = params.get('recipient');
  const openSchedule = params.get('schedule') === '1';

  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status === 'done' && s.output) navigate(s.output.to);
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  // /PixKey?recipient={id}: the saved recipient, once, on arrival.
  useEffect(() => {
    const id = Number(recipientParam);
    if (recipientParam && Number.isInteger(id) && id > 0)
      actor.send({ type: 'recipient.open', idRecipient: id });
  }, [actor, recipientParam]);

  // Two steps: the key (its type told as typed, issue 32), then the amount.
  const step =
    snapshot.matches('recipient') || snapshot.matches('keyValue') || snapshot.matches('lookingUp') ? 0 : 1;
  const wantsBalance = snapshot.matches('amount') || snapshot.matches('confirming');
  const balance = useBalance(wantsBalance ? accountId : undefined);
  const real = balance.data?.balances.find((b) => b.balanceType === 'REAL');
  const [balanceAt] = useState(() => new Date().toISOString());

  const entry = context.entry;
  const internal = entry !== null && entry.account.participant === config.serviceProviderId;
  const participants = usePixParticipants(entry !== null && !internal);
  const bankByIspb = useBankByIspb(entry !== null && !internal);
  const summary: PixSendSummary | null =
    entry && context.payment
      ? {
          ...(real ? { balance: { amount: real.amount, at: balanceAt } } : {}),
          key: entry.key,
          keyType: entry.key_type,
          name: entry.owner.name,
          taxId: entry.owner.tax_id_number,
          institution: internal
            ? config.productName
            : institutionNameOf(t, entry.account.participant, participants.data?.psps, bankByIspb),
          accountType: entry.account.account_type,
          accountNumber: entry.account.account_number,
          amount: context.payment.amount,
          ...(context.payment.description ? { description: context.payment.description } : {}),
        }
      : null;
  const offerFavourites = context.recipientId !== null && context.scheduleEnabled;
  const resultView = pixResultViewOf(snapshot);
  const madeAt = useReceiptInstant(resultView, context.settlement);
  const child = snapshot.children['securityCode'] as SecurityCodeActor | undefined;
  const sending =
    snapshot.hasTag('busy') &&
    (snapshot.matches('sending') ||
      snapshot.matches('sendingInternal') ||
      snapshot.matches('sendingInterbank'));
  const lng = i18n.language;

  return (
    <>
      <PageTitle subtitle={t('PIX.PIX_KEY.SUBTITLE')}>{t('PIX.PIX_KEY.TITLE')}</PageTitle>
      <Card>
        <Stepper
          aria-label={t('PIX.PIX_KEY.STEPS_LABEL')}
          steps={[t('PIX.PIX_KEY.STEP_KEY'), t('PIX.PIX_KEY.STEP_AMOUNT')]}
          current={step}
        />
        {snapshot.matches('recipient') && <p role="status">{t('PIX.PIX_KEY.LOADING_RECIPIENT')}</p>}
        {(snapshot.matches('keyValue') || snapshot.matches('lookingUp')) && (
          <KeyStep
            initial={context.key ?? ''}
            initialType={context.keyType}
            recipientFailed={snapshot.matches({ keyValue: 'recipientFailed' })}
            busy={snapshot.matches('lookingUp')}
            error={
              snapshot.matches({ keyValue: 'notFound' })
                ? t('PIX.PIX_KEY.NOT_FOUND')
                : snapshot.matches({ keyValue: 'lookupFailed' })
                  ? t('PIX.PIX_KEY.LOOKUP_ERROR')
                  : null
            }
            onNext={(value, keyType) => actor.send({ type: 'key.submit', value, keyType })}
          />
        )}
        {(snapshot.matches('amount') ||
          snapshot.matches('confirming') ||
          snapshot.matches('securityCode') ||
          sending ||
          snapshot.matches('failed')) &&
          entry && (
            <AmountStep
              balanceText={
                real
                  ? t('PIX.SEND.BALANCE_AT', {
                      amount: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
                        real.amount,
                      ),
                      at: new Date(balanceAt).toLocaleString(lng === 'en' ? 'en-US' : 'pt-BR', {
                        timeZone: 'America/Sao_Paulo',
                      }),
                    })
                  : balance.isError
                    ? t('PIX.PIX_KEY.BALANCE_ERROR')
                    : t('PIX.PIX_KEY.BALANCE_LOADING')
              }
              recipient={`${entry.owner.name} · ${formatPixKey(entry.key, entry.key_type)}`}
              initial={context.payment}
              error={snapshot.matches({ amount: 'refused' }) ? errorTextToShow(context.error, t) : null}
              onPrevious={() => actor.send({ type: 'wizard.previous' })}
              onNext={(amount, description) => actor.send({ type: 'payment.submit', amount, description })}
            />
          )}
      </Card>
      {snapshot.matches('confirming') && summary && (
        <ConfirmDialog
          headline={{
            amount: formatBRL(summary.amount),
            recipient: summary.name,
            institution: summary.institution,
          }}
          lines={pixSummaryLines(t, summary, lng)}
          offerFavourites={offerFavourites}
          offerSchedule={offerFavourites && !internal}
          scheduleOpen={openSchedule}
          today={context.today}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
          onConfirm={(save, nickname, scheduleDate) =>
            actor.send({ type: 'confirm.accept', save, nickname, scheduleDate })
          }
        />
      )}
      {snapshot.matches('securityCode') && child && (
        <SecurityCodeDialog actor={child} onCancel={() => actor.send({ type: 'totp.cancel' })} />
      )}
      {(sending || snapshot.matches('failed')) && (
        <SendingMovementDialog
          texts="PIX.PIX_KEY"
          busy={sending}
          error={sending ? null : errorTextToShow(context.error, t)}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      )}
      {resultView && (
        <PixResultDialog
          view={resultView}
          settlement={context.settlement}
          receipt={
            summary
              ? pixSummaryLines(
                  t,
                  {
                    ...summary,
                    balance: undefined,
                    ...(context.endToEndId && !internal ? { endToEndId: context.endToEndId } : {}),
                    ...(context.settlement?.transactionId
                      ? { transactionId: context.settlement.transactionId }
                      : {}),
                    ...(madeAt ? { at: madeAt } : {}),
                  } as PixSendSummary,
                  lng,
                )
              : []
          }
          onClose={() => actor.send({ type: 'result.close' })}
          onCorrect={() => actor.send({ type: 'result.correct' })}
        />
      )}
      {snapshot.matches('scheduled') && (
        <Dialog open onClose={() => undefined} dismissible={false} title={t('PIX.PIX_KEY.SCHEDULED_TITLE')}>
          <p role="status">{t('PIX.PIX_KEY.SCHEDULING')}</p>
        </Dialog>
      )}
    </>
  );
}
