/**
 * /PixReceive, receive by QR (3-pix-part-one.md §2 Receive, §5 Receive, §8, §9; issue 17): a
 * projection of machines/pix/pix-receive.machine.ts. The three steps (an active key; amount,
 * description and the 'information' section with the due-date fields; the QR image with the copy
 * button) on the form idiom (react-final-form with the rules of pix-receive-rules.ts). The QR
 * image is the bank's PNG (`imagem_base64`, 500 px, error correction L), shown at 200 px: the
 * contract answers it with every charge, and the agreement test reads it back to the code
 * (docs/JOURNAL.md "Pix receive in the portal"). Keys are shown by src/format/pix-key.ts.
 * Step 2's form (amount, description, the information section) is pix-receive-details.tsx.
 */
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link } from 'wouter';
import { amountCentsOf, EMPTY_DETAILS, type ReceiveDetails } from '../../../machines/pix/pix-receive-rules';
import { pixReceiveMachine, type PixReceiveCharge } from '../../../machines/pix/pix-receive.machine';
import type { OwnKey } from '../../../machines/validators/pix-key';
import { errorTextToShow } from '../../api/errors';
import { formatDate, toIsoDate } from '../../format/dates';
import { formatPixKey } from '../../format/pix-key';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { RadioGroup } from '../../ui/radio-group';
import { Stepper } from '../../ui/stepper';
import { SummaryLines } from '../../ui/summary-lines';
import { TextAreaField } from '../../ui/text-area-field';
import { FormActions } from '../../ui/form-actions';
import { DetailsStep } from './pix-receive-details';

const QrBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  /* §9: the bank's 500 px image shown at 200 px. */
  & > img {
    width: 200px;
    height: 200px;
    image-rendering: pixelated;
    background: #fff;
  }
  & > *:not(img) {
    width: 100%;
  }
`;

const brl = (reais: number): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais);

export default function PixReceivePage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const data = session.getSnapshot();
  const [input] = useState(() => ({
    accountId: data?.account.accounts[0]?.accountId ?? '',
    // The São Paulo calendar day (the bank's): the earliest due date.
    today: toIsoDate(new Date()),
    newId,
  }));
  const actor = useFlow('pix-receive', pixReceiveMachine, input);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;

  const step = snapshot.matches('qr')
    ? 2
    : snapshot.matches('details') || snapshot.matches('creating') || snapshot.matches('failed')
      ? 1
      : 0;
  const creating = snapshot.matches('creating');

  return (
    <>
      <PageTitle subtitle={t('PIX.PIX_RECEIVE.SUBTITLE')}>{t('PIX.PIX_RECEIVE.TITLE')}</PageTitle>
      <Card>
        <Stepper
          aria-label={t('PIX.PIX_RECEIVE.STEPS_LABEL')}
          steps={[
            t('PIX.PIX_RECEIVE.STEP_KEY'),
            t('PIX.PIX_RECEIVE.STEP_DETAILS'),
            t('PIX.PIX_RECEIVE.STEP_QR'),
          ]}
          current={step}
        />
        {snapshot.matches('loadingKeys') && <p role="status">{t('PIX.PIX_RECEIVE.LOADING_KEYS')}</p>}
        {snapshot.matches('keysFailed') && (
          <ErrorAlert
            action={
              <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
                {t('PIX.PIX_RECEIVE.RETRY')}
              </Button>
            }
          >
            <p>{t('PIX.PIX_RECEIVE.KEYS_ERROR')}</p>
            <p>{errorTextToShow(context.error, t)}</p>
          </ErrorAlert>
        )}
        {snapshot.matches('noKeys') && (
          <EmptyState
            title={t('PIX.PIX_RECEIVE.NO_KEYS_TITLE')}
            description={t('PIX.PIX_RECEIVE.NO_KEYS_TEXT')}
            action={<Link href="/ManageKeys">{t('PIX.PIX_RECEIVE.NO_KEYS_LINK')}</Link>}
          />
        )}
        {snapshot.matches('key') && (
          <KeyStep
            keys={context.keys}
            initial={context.key}
            onNext={(key) => actor.send({ type: 'key.select', key })}
          />
        )}
        {(snapshot.matches('details') || creating || snapshot.matches('failed')) && (
          <DetailsStep
            today={context.today}
            initial={context.details ?? EMPTY_DETAILS}
            busy={creating}
            error={snapshot.matches({ details: 'refused' }) ? errorTextToShow(context.error, t) : null}
            failed={snapshot.matches('failed') ? errorTextToShow(context.error, t) : null}
            onPrevious={() => actor.send({ type: 'wizard.previous' })}
            onRetry={() => actor.send({ type: 'retry' })}
            onNext={(details) => actor.send({ type: 'details.submit', details })}
          />
        )}
        {snapshot.matches('qr') && context.charge && (
          <QrStep
            charge={context.charge}
            keyValue={context.key ?? ''}
            details={context.details ?? EMPTY_DETAILS}
            copied={snapshot.matches({ qr: 'copied' })}
            onCopied={() => actor.send({ type: 'qr.copy' })}
            onNew={() => actor.send({ type: 'charge.new' })}
          />
        )}
      </Card>
    </>
  );
}

function KeyStep({
  keys,
  initial,
  onNext,
}: {
  keys: readonly OwnKey[];
  initial: string | null;
  onNext: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | undefined>(
    initial && keys.some((k) => k.key === initial) ? initial : undefined,
  );
  return (
    <>
      <RadioGroup
        legend={t('PIX.PIX_RECEIVE.KEY_LEGEND')}
        name="receiveKey"
        options={keys.map(({ key: k, type }) => ({
          value: k,
          label: t('PIX.PIX_RECEIVE.KEY_OPTION', { type: t(`PIX_KEYS.TYPES.${type}`), key: formatPixKey(k) }),
        }))}
        value={value}
        onChange={setValue}
      />
      <FormActions>
        <Button disabled={value === undefined} onClick={() => value && onNext(value)}>
          {t('PIX.PIX_RECEIVE.NEXT')}
        </Button>
      </FormActions>
    </>
  );
}

function QrStep({
  charge,
  keyValue,
  details,
  copied,
  onCopied,
  onNew,
}: {
  charge: PixReceiveCharge;
  keyValue: string;
  details: ReceiveDetails;
  copied: boolean;
  onCopied: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const kind = t(`PIX.PIX_RECEIVE.KIND.${charge.kind}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.emv);
      setCopyFailed(false);
      onCopied();
    } catch {
      // No clipboard (permission, an old browser): the code stays selected to copy by hand.
      setCopyFailed(true);
      codeRef.current?.focus();
      codeRef.current?.select();
    }
  };
  return (
    <QrBox>
      <img
        src={`data:image/png;base64,${charge.image}`}
        width={200}
        height={200}
        alt={t('PIX.PIX_RECEIVE.QR_ALT', { kind, key: keyValue })}
      />
      <SummaryLines
        lines={[
          { label: t('PIX.PIX_RECEIVE.SUMMARY.KIND'), value: kind },
          { label: t('PIX.PIX_RECEIVE.SUMMARY.KEY'), value: keyValue },
          {
            label: t('PIX.PIX_RECEIVE.SUMMARY.AMOUNT'),
            value:
              charge.kind === 'static'
                ? t('PIX.PIX_RECEIVE.SUMMARY.AMOUNT_OPEN')
                : brl((amountCentsOf(details.amount) ?? 0) / 100),
          },
          ...(charge.kind === 'dueDate'
            ? [{ label: t('PIX.PIX_RECEIVE.SUMMARY.DUE_DATE'), value: formatDate(details.dueDate) }]
            : []),
          { label: t('PIX.PIX_RECEIVE.SUMMARY.ID'), value: charge.id },
        ]}
      />
      <TextAreaField
        ref={codeRef}
        label={t('PIX.PIX_RECEIVE.CODE_LABEL')}
        value={charge.emv}
        readOnly
        rows={4}
        spellCheck={false}
      />
      <div role="status">
        {copied && <p>{t('PIX.PIX_RECEIVE.QRCODE_COPIED')}</p>}
        {copyFailed && <p>{t('PIX.PIX_RECEIVE.COPY_FAILED')}</p>}
      </div>
      <FormActions>
        <Link href="/Pix">{t('PIX.PIX_RECEIVE.BACK_TO_PIX')}</Link>
        <Button type="button" variant="secondary" onClick={onNew}>
          {t('PIX.PIX_RECEIVE.NEW')}
        </Button>
        <Button type="button" onClick={() => void copy()}>
          {t('PIX.PIX_RECEIVE.COPY')}
        </Button>
      </FormActions>
    </QrBox>
  );
}
