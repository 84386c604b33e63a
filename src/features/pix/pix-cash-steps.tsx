/**
 * The steps of the Withdraw Pix and Change Pix wizard (4-pix-part-two.md §2, §5, §9; issue 29):
 * step 2's amounts form (the rules of machines/pix/pix-cash-rules.ts, shown after a submit),
 * step 3's confirmation dialog (recipient, tax id, institution and values) and step 4's QR with
 * its copy button. Drawn by pix-cash-page.tsx from the machine's state; each reports what the
 * user does through its callbacks.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { GetAliasOutput, PixCashQrContext } from '../../../machines/pix/pix-cash-qr.machine';
import {
  CHANGE_DEFAULT_EXPIRATION,
  EXPIRATION_MAX_DIGITS,
  cashFigures,
  changeCents,
  expirationOf,
  validateCashAmounts,
  type CashAmountErrors,
  type CashAmounts,
  type CashQrKind,
} from '../../../machines/pix/pix-cash-rules';
import { formatAmountPlain, formatBRLFromCents } from '../../format/brl';
import { formatPixKey } from '../../format/pix-key';
import { AmountField } from '../../ui/amount-field';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { SummaryLines, type SummaryLine } from '../../ui/summary-lines';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';

const QrBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  & > img {
    justify-self: center;
    max-width: 100%;
    height: auto;
  }
`;

/** The amount fields' length: 9 digits with the centavos and the pt-BR separators. */
const AMOUNT_MAX_LENGTH = 14;

/** Step 2: the amounts; `initial` is what was submitted before (Previous from the QR, a refusal). */
export function AmountsStep(props: {
  kind: CashQrKind;
  initial: CashAmounts | null;
  refusal: string | null;
  onPrevious: () => void;
  onSubmit: (amounts: CashAmounts) => void;
}) {
  const { t } = useTranslation();
  const { kind, initial } = props;
  const [total, setTotal] = useState(initial?.total ?? '');
  const [purchase, setPurchase] = useState(initial?.purchase ?? '');
  const [expirationOn, setExpirationOn] = useState(initial?.expiration !== undefined);
  const [expiration, setExpiration] = useState(
    initial?.expiration ?? (kind === 'CHANGE' ? String(CHANGE_DEFAULT_EXPIRATION) : ''),
  );
  const [errors, setErrors] = useState<CashAmountErrors>({});
  const amounts = (): CashAmounts =>
    kind === 'WITHDRAW'
      ? { total, ...(expirationOn ? { expiration } : {}) }
      : { total, purchase, expiration };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = amounts();
    setErrors(validateCashAmounts(kind, a));
    props.onSubmit(a);
  };
  const change = kind === 'CHANGE' ? changeCents({ total, purchase }) : null;
  const message = (field: keyof CashAmountErrors) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <form noValidate onSubmit={submit} aria-label={t('PIX_CASH.STEP_AMOUNTS')}>
      {props.refusal !== null && (
        <ErrorAlert>
          <p>{t('PIX_CASH.REFUSED')}</p>
          {props.refusal && <p>{props.refusal}</p>}
        </ErrorAlert>
      )}
      <AmountField
        label={t(kind === 'WITHDRAW' ? 'PIX_CASH.AMOUNT' : 'PIX_CASH.TOTAL')}
        value={total}
        onChange={(e) => setTotal(e.target.value)}
        maxLength={AMOUNT_MAX_LENGTH}
        required
        error={message('total')}
      />
      {kind === 'CHANGE' && (
        <>
          <AmountField
            label={t('PIX_CASH.PURCHASE')}
            value={purchase}
            onChange={(e) => setPurchase(e.target.value)}
            maxLength={AMOUNT_MAX_LENGTH}
            required
            error={message('purchase')}
          />
          <TextField
            label={t('PIX_CASH.CHANGE')}
            helperText={t('PIX_CASH.CHANGE_HELP')}
            value={change !== null && change > 0 ? formatAmountPlain(change / 100) : ''}
            readOnly
          />
        </>
      )}
      {kind === 'WITHDRAW' && (
        <Checkbox
          label={t('PIX_CASH.EXPIRATION_TOGGLE')}
          checked={expirationOn}
          onChange={(e) => setExpirationOn(e.target.checked)}
        />
      )}
      {(kind === 'CHANGE' || expirationOn) && (
        <TextField
          label={t('PIX_CASH.EXPIRATION')}
          helperText={t('PIX_CASH.EXPIRATION_HELP')}
          inputMode="numeric"
          maxLength={EXPIRATION_MAX_DIGITS}
          value={expiration}
          onChange={(e) => setExpiration(e.target.value)}
          error={message('expiration')}
        />
      )}
      <FormActions>
        <Button type="button" variant="secondary" onClick={props.onPrevious}>
          {t('PIX_CASH.PREVIOUS')}
        </Button>
        <Button type="submit">{t('PIX_CASH.NEXT')}</Button>
      </FormActions>
    </form>
  );
}

/** The values of step 3 and step 4, in reais, by kind (§2, §5). */
function valueLines(
  kind: CashQrKind,
  amounts: CashAmounts,
  t: (key: string, o?: Record<string, unknown>) => string,
): SummaryLine[] {
  const { totalCents, cashCents, purchaseCents } = cashFigures(kind, amounts);
  const expiration = expirationOf(kind, amounts);
  return [
    ...(kind === 'WITHDRAW'
      ? [{ label: t('PIX_CASH.CASH_WITHDRAW'), value: formatBRLFromCents(cashCents) }]
      : [
          { label: t('PIX_CASH.PURCHASE_VALUE'), value: formatBRLFromCents(purchaseCents) },
          { label: t('PIX_CASH.CASH_CHANGE'), value: formatBRLFromCents(cashCents) },
          { label: t('PIX_CASH.TOTAL_VALUE'), value: formatBRLFromCents(totalCents) },
        ]),
    {
      label: t('PIX_CASH.EXPIRES_IN'),
      value:
        expiration === undefined ? t('PIX_CASH.NO_EXPIRATION') : t('PIX_CASH.SECONDS', { count: expiration }),
    },
  ];
}

/** Step 3: the confirmation dialog; `failed` is the text of a call that got no answer (or a 5xx). */
export function ConfirmDialog(props: {
  kind: CashQrKind;
  alias: GetAliasOutput | null;
  keyValue: string;
  amounts: CashAmounts;
  creating: boolean;
  failed: string | null;
  onCancel: () => void;
  onAccept: () => void;
  onRetry: () => void;
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  const describedBy = useId();
  const holder = props.alias?.aliasAccountHolder;
  const taxId = holder?.taxIdentifier.taxIdMasked ?? holder?.taxIdentifier.taxId ?? '';
  return (
    <Dialog
      open
      role="alertdialog"
      aria-describedby={describedBy}
      title={t('PIX_CASH.CONFIRM_TITLE')}
      onClose={props.failed !== null ? props.onPrevious : props.onCancel}
      dismissible={!props.creating}
      actions={
        props.failed !== null ? (
          <>
            <Button type="button" variant="secondary" onClick={props.onPrevious}>
              {t('PIX_CASH.PREVIOUS')}
            </Button>
            <Button type="button" onClick={props.onRetry}>
              {t('PIX_CASH.RETRY')}
            </Button>
          </>
        ) : (
          <>
            <Button type="button" variant="secondary" onClick={props.onCancel} disabled={props.creating}>
              {t('PIX_CASH.CANCEL')}
            </Button>
            <Button type="button" onClick={props.onAccept} loading={props.creating} disabled={props.creating}>
              {t('PIX_CASH.CONFIRM')}
            </Button>
          </>
        )
      }
    >
      <div id={describedBy}>
        <SummaryLines
          lines={[
            { label: t('PIX_CASH.RECIPIENT'), value: holder?.name ?? '' },
            { label: t('PIX_CASH.TAX_ID'), value: taxId },
            { label: t('PIX_CASH.INSTITUTION'), value: props.alias?.psp.name ?? '' },
            { label: t('PIX_CASH.KEY'), value: formatPixKey(props.keyValue) },
            ...valueLines(props.kind, props.amounts, t),
          ]}
        />
      </div>
      <p role="status">{props.creating ? t('PIX_CASH.CREATING') : ''}</p>
      {props.failed !== null && (
        <ErrorAlert>
          <p>{t('PIX_CASH.FAILED')}</p>
          {props.failed && <p>{props.failed}</p>}
        </ErrorAlert>
      )}
    </Dialog>
  );
}

/** Step 4: the bank's QR image, the code to copy, Previous to step 2 (§2). */
export function QrStep(props: {
  kind: CashQrKind;
  qr: NonNullable<PixCashQrContext['qr']>;
  amounts: CashAmounts;
  copied: boolean;
  onCopied: () => void;
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const { cashCents } = cashFigures(props.kind, props.amounts);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.qr.textContent);
      setCopyFailed(false);
      props.onCopied();
    } catch {
      // No clipboard (permission, an old browser): the code stays selected to copy by hand.
      setCopyFailed(true);
      codeRef.current?.focus();
      codeRef.current?.select();
    }
  };
  return (
    <QrBox>
      {props.qr.qrcodeURL && (
        <img
          src={props.qr.qrcodeURL}
          width={250}
          height={250}
          alt={t(props.kind === 'WITHDRAW' ? 'PIX_CASH.QR_ALT_WITHDRAW' : 'PIX_CASH.QR_ALT_CHANGE', {
            amount: formatBRLFromCents(cashCents),
          })}
        />
      )}
      <SummaryLines lines={valueLines(props.kind, props.amounts, t)} />
      <TextAreaField
        ref={codeRef}
        label={t('PIX_CASH.CODE_LABEL')}
        value={props.qr.textContent}
        readOnly
        rows={4}
        spellCheck={false}
      />
      <div role="status">
        {props.copied && <p>{t('PIX_CASH.COPIED')}</p>}
        {copyFailed && <p>{t('PIX_CASH.COPY_FAILED')}</p>}
      </div>
      <FormActions>
        <Button type="button" variant="secondary" onClick={props.onPrevious}>
          {t('PIX_CASH.PREVIOUS')}
        </Button>
        <Button type="button" onClick={() => void copy()}>
          {t('PIX_CASH.COPY')}
        </Button>
      </FormActions>
    </QrBox>
  );
}
