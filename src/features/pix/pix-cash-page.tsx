/**
 * Withdraw Pix (/WithdrawPixPage, Pix Saque) and Change Pix (/ChangePixPage, Pix Troco):
 * 4-pix-part-two.md §2, §3, §5, §8, §9; issue 29. A projection of
 * machines/pix/pix-cash-qr.machine.ts, one wizard for both kinds: 1 an active key (getAlias;
 * 'Chave aleatória inválida'), 2 the amounts, 3 the confirmation dialog, 4 the QR and its copy
 * button; Previous from the QR returns to step 2.
 *
 * Only for the holders whose session has the functionality ('PIX SAQUE', 'PIX TROCO') while its flag
 * is on (src/runtime/pix-cash-access.ts): anyone else who types the URL gets what the portal shows
 * for a path it does not offer, the shell's not-found page with its way back (never a dead end);
 * the menu and the Pix hub do not show them the entry.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { pixCashQrMachine } from '../../../machines/pix/pix-cash-qr.machine';
import type { CashQrKind } from '../../../machines/pix/pix-cash-rules';
import { errorTextToShow } from '../../api/errors';
import { formatPixKey } from '../../format/pix-key';
import { config } from '../../runtime/config';
import { mayMakeCashQr } from '../../runtime/pix-cash-access';
import { useFlow, useNewId } from '../../runtime/use-flow';
import NotFoundPage from '../../shell/not-found-page';
import { usePermissions } from '../../shell/use-permissions';
import { useSession } from '../../shell/use-session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitle } from '../../ui/page-title';
import { RadioGroup } from '../../ui/radio-group';
import { Stepper } from '../../ui/stepper';
import { AmountsStep, ConfirmDialog, QrStep } from './pix-cash-steps';

const FLOW = { WITHDRAW: 'pix-withdraw-qr', CHANGE: 'pix-change-qr' } as const;

/** The stepper's index of each top state. */
const STEP: Record<string, number> = {
  loadingKeys: 0,
  keysFailed: 0,
  noKeys: 0,
  key: 0,
  lookingUp: 0,
  amounts: 1,
  confirming: 2,
  creating: 2,
  failed: 2,
  qr: 3,
};

function KeyStep(props: {
  keys: readonly { key: string; type: string }[];
  chosen: string | undefined;
  busy: boolean;
  invalid: string | null;
  onNext: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | undefined>(props.chosen);
  return (
    <>
      {props.invalid !== null && <ErrorAlert>{props.invalid}</ErrorAlert>}
      <RadioGroup
        legend={t('PIX_CASH.KEY_LEGEND')}
        name="cashKey"
        options={props.keys.map(({ key, type }) => ({
          value: key,
          label: t('PIX_CASH.KEY_OPTION', { type: t(`PIX_CASH.KEY_TYPE.${type}`), key: formatPixKey(key) }),
        }))}
        value={value}
        onChange={setValue}
        disabled={props.busy}
      />
      <p role="status">{props.busy ? t('PIX_CASH.LOOKING_UP') : ''}</p>
      <FormActions>
        <Button
          type="button"
          disabled={value === undefined || props.busy}
          loading={props.busy}
          onClick={() => value && props.onNext(value)}
        >
          {t('PIX_CASH.NEXT')}
        </Button>
      </FormActions>
    </>
  );
}

function Wizard({
  kind,
  accountId,
  serviceProviderIspb,
}: {
  kind: CashQrKind;
  accountId: string;
  serviceProviderIspb: string;
}) {
  const { t } = useTranslation();
  const newId = useNewId();
  const actor = useFlow(FLOW[kind], pixCashQrMachine, { kind, accountId, serviceProviderIspb, newId });
  const snapshot = useSelector(actor, (s) => s);
  const send = actor.send;
  const { context } = snapshot;
  const top = typeof snapshot.value === 'string' ? snapshot.value : (Object.keys(snapshot.value)[0] ?? '');
  const error = errorTextToShow(context.error, t);
  const steps = [
    t('PIX_CASH.STEP_KEY'),
    t('PIX_CASH.STEP_AMOUNTS'),
    t('PIX_CASH.STEP_CONFIRM'),
    t('PIX_CASH.STEP_QR'),
  ];
  const inConfirmation =
    snapshot.matches('confirming') || snapshot.matches('creating') || snapshot.matches('failed');
  return (
    <Card>
      <Stepper steps={steps} current={STEP[top] ?? 0} aria-label={t('PIX_CASH.STEPS_LABEL')} />
      {snapshot.matches('loadingKeys') && <p role="status">{t('PIX_CASH.LOADING_KEYS')}</p>}
      {snapshot.matches('keysFailed') && (
        <ErrorAlert
          action={
            <Button type="button" variant="secondary" onClick={() => send({ type: 'retry' })}>
              {t('PIX_CASH.RETRY')}
            </Button>
          }
        >
          <p>{t('PIX_CASH.KEYS_ERROR')}</p>
          {error && <p>{error}</p>}
        </ErrorAlert>
      )}
      {snapshot.matches('noKeys') && (
        <p>
          {t('PIX_CASH.NO_KEYS')} <Link href="/ManageKeys">{t('PIX_CASH.NO_KEYS_LINK')}</Link>
        </p>
      )}
      {(snapshot.matches('key') || snapshot.matches('lookingUp')) && (
        <KeyStep
          keys={context.keys}
          chosen={context.key?.key}
          busy={snapshot.matches('lookingUp')}
          invalid={snapshot.matches({ key: 'invalid' }) ? (error ?? '') : null}
          onNext={(key) => send({ type: 'key.select', key })}
        />
      )}
      {(snapshot.matches('amounts') || inConfirmation) && (
        <AmountsStep
          kind={kind}
          initial={context.amounts}
          refusal={snapshot.matches({ amounts: 'refused' }) ? (error ?? '') : null}
          onPrevious={() => send({ type: 'wizard.previous' })}
          onSubmit={(amounts) => send({ type: 'amounts.submit', amounts })}
        />
      )}
      {inConfirmation && context.amounts && (
        <ConfirmDialog
          kind={kind}
          alias={context.alias}
          keyValue={context.key?.key ?? ''}
          amounts={context.amounts}
          creating={snapshot.matches('creating')}
          failed={snapshot.matches('failed') ? (error ?? '') : null}
          onCancel={() => send({ type: 'confirm.cancel' })}
          onAccept={() => send({ type: 'confirm.accept' })}
          onRetry={() => send({ type: 'retry' })}
          onPrevious={() => send({ type: 'wizard.previous' })}
        />
      )}
      {snapshot.matches('qr') && context.qr && context.amounts && (
        <QrStep
          kind={kind}
          qr={context.qr}
          amounts={context.amounts}
          copied={snapshot.matches({ qr: 'copied' })}
          onCopied={() => send({ type: 'qr.copy' })}
          onPrevious={() => send({ type: 'wizard.previous' })}
        />
      )}
    </Card>
  );
}

/** The page of one kind; the routes' modules are pix-withdraw-page.tsx and pix-change-page.tsx. */
export function PixCashPage({ kind }: { kind: CashQrKind }) {
  const { t } = useTranslation();
  const current = useSession();
  const permissions = usePermissions();
  if (permissions.status === 'loading') return <p role="status">{t('PIX_CASH.LOADING_PERMISSIONS')}</p>;
  if (permissions.status === 'failed')
    return (
      <ErrorAlert
        action={
          <Button type="button" variant="secondary" onClick={permissions.retry}>
            {t('PIX_CASH.RETRY')}
          </Button>
        }
      >
        {t('PIX_CASH.PERMISSIONS_ERROR')}
      </ErrorAlert>
    );
  if (!mayMakeCashQr(kind, permissions.functionalities, config.flags)) return <NotFoundPage />;
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  const serviceProviderIspb = permissions.withdrawAgent?.serviceProvider ?? config.serviceProviderId;
  return (
    <>
      <PageTitle
        subtitle={t(kind === 'WITHDRAW' ? 'PIX_CASH.SUBTITLE_WITHDRAW' : 'PIX_CASH.SUBTITLE_CHANGE')}
      >
        {t(kind === 'WITHDRAW' ? 'PIX_CASH.TITLE_WITHDRAW' : 'PIX_CASH.TITLE_CHANGE')}
      </PageTitle>
      {accountId !== '' && (
        <Wizard kind={kind} accountId={accountId} serviceProviderIspb={serviceProviderIspb} />
      )}
    </>
  );
}
