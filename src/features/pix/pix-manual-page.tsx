/**
 * /PixManual, a Pix by manual bank data (3-pix-part-one.md §2 Send by manual data, §5, §8; issue
 * 16): a projection of machines/pix/pix-send-manual.machine.ts. Each wizard step is a small
 * react-final-form form whose `validate` is the machine's own rule (machines/validators/pix-manual.ts),
 * opened with what the machine kept, so Back and Next lose nothing. The confirmation, the security
 * code, the sending dialogs and the result follow the machine's state; closing the result leaves
 * for /Statement (the machine's output). The steps' pieces are send/pix-manual-steps.tsx.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  institutionName,
  pixSendManualMachine,
  recipientOf,
} from '../../../machines/pix/pix-send-manual.machine';
import { parseBrlToCents } from '../../../machines/validators/money';
import {
  PIX_MANUAL_ACCOUNT_TYPES,
  PIX_MANUAL_LIMITS,
  manualAmountErrors,
  validateManualAccount,
  validateManualAgency,
  validateManualDigit,
  validateManualDocument,
  validateManualName,
} from '../../../machines/validators/pix-manual';
import { errorTextToShow } from '../../api/errors';
import { formatBRLFromCents } from '../../format/brl';
import { maskTaxId } from '../../format/masks';
import { config } from '../../runtime/config';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { ConfirmMovementDialog } from '../../ui/movement-dialogs';
import { FormActions } from '../../ui/form-actions';
import { MovementError, MovementPage } from '../../ui/movement-page';
import { PaymentHeadline } from '../../ui/payment-headline';
import { Spinner } from '../../ui/spinner';
import { Stepper } from '../../ui/stepper';
import { PixResultDialog, pixResultViewOf } from './send/pix-result-dialog';
import {
  BalanceLine,
  InstitutionStep,
  Step,
  StepRadio,
  TEXTS,
  accountTypeLabel,
  confirmationLines,
  digitsOnly,
  only,
} from './send/pix-manual-steps';
import { StepTextField } from './send/step-text-field';

const STEP_IDS = [
  'ownership',
  'recipientName',
  'recipientDocument',
  'institution',
  'accountType',
  'agency',
  'account',
  'editing',
] as const;

export default function PixManualPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const [input] = useState(() => {
    const data = session.getSnapshot();
    return {
      accountId: data?.account.accounts[0]?.accountId ?? '',
      holder: {
        name: data?.client?.name ?? '',
        taxId: data?.client?.taxIdentifier?.taxId ?? '',
        branch: data?.accountInfo?.branch ?? '',
        accountNumber: data?.accountInfo?.account ?? '',
      },
      ownIspb: config.serviceProviderId,
      phoneNumber: data?.client?.mobilePhone?.phoneNumber,
      newId,
      now: () => new Date(),
    };
  });
  const actor = useFlow('pix-send-manual', pixSendManualMachine, input);

  const snapshot = useSelector(actor, (s) => s);
  const { data, institutions, error, settlement, endToEndId, transactionId } = snapshot.context;
  const recipient = recipientOf(snapshot.context);
  const step = STEP_IDS.findIndex((id) => snapshot.matches(id));
  const wizardStep =
    step >= 0
      ? step
      : snapshot.matches('confirming') ||
          snapshot.matches('securityCode') ||
          snapshot.matches('submitting') ||
          snapshot.matches('failed')
        ? 7
        : -1;
  const back = () => actor.send({ type: 'step.back' });
  const stepNames = [
    t('PIX.PIX_MANUAL.STEPS.OWNERSHIP'),
    t('PIX.PIX_MANUAL.STEPS.NAME'),
    t('PIX.PIX_MANUAL.STEPS.DOCUMENT'),
    t('PIX.PIX_MANUAL.STEPS.INSTITUTION'),
    t('PIX.PIX_MANUAL.STEPS.ACCOUNT_TYPE'),
    t('PIX.PIX_MANUAL.STEPS.AGENCY'),
    t('PIX.PIX_MANUAL.STEPS.ACCOUNT'),
    t('PIX.PIX_MANUAL.STEPS.AMOUNT'),
  ];

  const refusal =
    snapshot.matches({ editing: 'failed' }) || snapshot.matches({ editing: 'insufficientBalance' })
      ? errorTextToShow(error, t)
      : snapshot.matches({ editing: 'notSent' })
        ? t('PIX.PIX_MANUAL.ERROR')
        : null;

  let body: ReactNode = null;
  if (snapshot.matches('ownership')) {
    body = (
      <Step<{ same: string }>
        title={t('PIX.PIX_MANUAL.STEPS.OWNERSHIP')}
        initialValues={{ same: data.sameOwnership === null ? '' : data.sameOwnership ? 'yes' : 'no' }}
        validate={(v) => only('same', v.same === '' ? 'ERRORS.INPUTS.EMPTY' : undefined)}
        onNext={(v) => actor.send({ type: 'ownership.choose', same: v.same === 'yes' })}
      >
        <StepRadio
          name="same"
          legend={t('PIX.PIX_MANUAL.FIELDS.SAME_OWNERSHIP')}
          options={[
            { value: 'yes', label: t('PIX.PIX_MANUAL.YES') },
            { value: 'no', label: t('PIX.PIX_MANUAL.NO') },
          ]}
        />
      </Step>
    );
  } else if (snapshot.matches('recipientName')) {
    body = (
      <Step<{ name: string }>
        title={t('PIX.PIX_MANUAL.STEPS.NAME')}
        initialValues={{ name: data.name }}
        validate={(v) => only('name', validateManualName(v.name))}
        onNext={(v) => actor.send({ type: 'name.submit', name: v.name })}
        onBack={back}
      >
        <StepTextField
          name="name"
          label={t('PIX.PIX_MANUAL.FIELDS.NAME')}
          maxLength={PIX_MANUAL_LIMITS.nameMax}
        />
      </Step>
    );
  } else if (snapshot.matches('recipientDocument')) {
    body = (
      <Step<{ document: string }>
        title={t('PIX.PIX_MANUAL.STEPS.DOCUMENT')}
        initialValues={{ document: data.document }}
        validate={(v) => only('document', validateManualDocument(v.document))}
        onNext={(v) => actor.send({ type: 'document.submit', document: v.document })}
        onBack={back}
      >
        <StepTextField
          name="document"
          label={t('PIX.PIX_MANUAL.FIELDS.DOCUMENT')}
          maxLength={18}
          parse={(v) => maskTaxId(v ?? '')}
        />
      </Step>
    );
  } else if (snapshot.matches('institution')) {
    if (snapshot.matches({ institution: 'choosing' }) && institutions) {
      body = (
        <InstitutionStep
          institutions={institutions}
          chosen={data.ispb}
          onChoose={(ispb) => actor.send({ type: 'institution.choose', ispb })}
          onBack={back}
        />
      );
    } else if (snapshot.matches({ institution: 'loadFailed' })) {
      body = (
        <>
          <h2>{t('PIX.PIX_MANUAL.STEPS.INSTITUTION')}</h2>
          <MovementError>{errorTextToShow(error, t) ?? t('PIX.PIX_MANUAL.LOAD_FAILED')}</MovementError>
          <FormActions $wide>
            <Button variant="secondary" onClick={back}>
              {t('PIX.PIX_MANUAL.BACK')}
            </Button>
            <Button onClick={() => actor.send({ type: 'retry' })}>{t('PIX.PIX_MANUAL.RETRY')}</Button>
          </FormActions>
        </>
      );
    } else {
      // The machine takes Voltar while the list loads (the call is dropped), so the page offers it.
      body = (
        <>
          <h2>{t('PIX.PIX_MANUAL.STEPS.INSTITUTION')}</h2>
          <p role="status">
            <Spinner /> {t('PIX.PIX_MANUAL.LOADING_INSTITUTIONS')}
          </p>
          <FormActions $wide>
            <Button variant="secondary" onClick={back}>
              {t('PIX.PIX_MANUAL.BACK')}
            </Button>
          </FormActions>
        </>
      );
    }
  } else if (snapshot.matches('accountType')) {
    body = (
      <Step<{ accountType: string }>
        title={t('PIX.PIX_MANUAL.STEPS.ACCOUNT_TYPE')}
        initialValues={{ accountType: data.accountType }}
        validate={(v) => only('accountType', v.accountType === '' ? 'ERRORS.INPUTS.EMPTY' : undefined)}
        onNext={(v) => actor.send({ type: 'accountType.choose', accountType: v.accountType })}
        onBack={back}
      >
        <StepRadio
          name="accountType"
          legend={t('PIX.PIX_MANUAL.FIELDS.ACCOUNT_TYPE')}
          options={PIX_MANUAL_ACCOUNT_TYPES.map((type) => ({
            value: type,
            label: accountTypeLabel(type, t),
          }))}
        />
      </Step>
    );
  } else if (snapshot.matches('agency')) {
    body = (
      <Step<{ agency: string }>
        title={t('PIX.PIX_MANUAL.STEPS.AGENCY')}
        initialValues={{ agency: data.agency }}
        validate={(v) => only('agency', validateManualAgency(v.agency))}
        onNext={(v) => actor.send({ type: 'agency.submit', agency: v.agency })}
        onBack={back}
      >
        <StepTextField
          name="agency"
          label={t('PIX.PIX_MANUAL.FIELDS.AGENCY')}
          inputMode="numeric"
          maxLength={PIX_MANUAL_LIMITS.agencyMax}
          parse={digitsOnly(PIX_MANUAL_LIMITS.agencyMax)}
        />
      </Step>
    );
  } else if (snapshot.matches('account')) {
    body = (
      <Step<{ account: string; digit: string }>
        title={t('PIX.PIX_MANUAL.STEPS.ACCOUNT')}
        initialValues={{ account: data.account, digit: data.digit }}
        validate={(v) => ({
          ...only('account', validateManualAccount(v.account)),
          ...only('digit', validateManualDigit(v.digit)),
        })}
        onNext={(v) => actor.send({ type: 'account.submit', account: v.account, digit: v.digit })}
        onBack={back}
      >
        <StepTextField
          name="account"
          label={t('PIX.PIX_MANUAL.FIELDS.ACCOUNT')}
          inputMode="numeric"
          maxLength={PIX_MANUAL_LIMITS.accountMax}
          parse={digitsOnly(PIX_MANUAL_LIMITS.accountMax)}
        />
        <StepTextField
          name="digit"
          label={t('PIX.PIX_MANUAL.FIELDS.DIGIT')}
          inputMode="numeric"
          maxLength={PIX_MANUAL_LIMITS.digitMax}
          parse={digitsOnly(PIX_MANUAL_LIMITS.digitMax)}
        />
      </Step>
    );
  } else if (wizardStep === 7) {
    body = (
      <Step<{ amount: string; description: string }>
        title={t('PIX.PIX_MANUAL.STEPS.AMOUNT')}
        initialValues={{ amount: data.amount, description: data.description }}
        validate={manualAmountErrors}
        onNext={(v) => {
          if (snapshot.matches('editing'))
            actor.send({ type: 'amount.submit', amount: v.amount, description: v.description });
        }}
        onBack={back}
      >
        <BalanceLine accountId={input.accountId} />
        {refusal && <MovementError>{refusal}</MovementError>}
        <StepTextField
          name="amount"
          label={t('PIX.PIX_MANUAL.FIELDS.AMOUNT')}
          inputMode="decimal"
          maxLength={PIX_MANUAL_LIMITS.amountMax}
          helperText={t('PIX.PIX_MANUAL.AMOUNT_HELP')}
        />
        <StepTextField
          name="description"
          label={t('PIX.PIX_MANUAL.FIELDS.DESCRIPTION')}
          maxLength={PIX_MANUAL_LIMITS.descriptionMax}
        />
      </Step>
    );
  }

  const resultView = pixResultViewOf(snapshot);

  return (
    <MovementPage
      actor={actor}
      texts={TEXTS}
      title={t('PIX.PIX_MANUAL.TITLE')}
      confirmation={
        snapshot.matches('confirming') && (
          <ConfirmMovementDialog
            texts={TEXTS}
            lead={
              <PaymentHeadline
                amount={formatBRLFromCents(parseBrlToCents(data.amount) ?? 0)}
                recipient={recipient.name}
                institution={institutionName(institutions, data.ispb)}
              />
            }
            lines={confirmationLines(data, recipient, institutions, t)}
            onConfirm={() => actor.send({ type: 'confirm.accept' })}
            onCancel={() => actor.send({ type: 'confirm.cancel' })}
          />
        )
      }
      result={
        resultView && (
          <PixResultDialog
            view={resultView}
            settlement={settlement}
            receipt={[
              ...confirmationLines(data, recipient, institutions, t),
              { label: t('PIX.PIX_MANUAL.FIELDS.END_TO_END'), value: endToEndId ?? '—' },
              {
                label: t('PIX.PIX_MANUAL.FIELDS.TRANSACTION'),
                value: settlement?.transactionId ?? transactionId ?? '—',
              },
            ]}
            onClose={() => actor.send({ type: 'result.close' })}
            onCorrect={() => actor.send({ type: 'result.correct' })}
          />
        )
      }
    >
      {wizardStep >= 0 && (
        <Stepper steps={stepNames} current={wizardStep} aria-label={t('PIX.PIX_MANUAL.STEPS_LABEL')} />
      )}
      {body}
    </MovementPage>
  );
}
