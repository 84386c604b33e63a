/**
 * The refund dialog, the row action of /PixExtractPage on a received Pix (4-pix-part-two.md §2 Pix
 * statement, §5 Refund, §8 Refund; issue 17): a projection of machines/pix/pix-refund.machine.ts.
 *
 * The refundable amount (amount − amountRefund), the value field with the machine's own rule shown
 * as the holder types (machines/validators/pix-refund.ts: the 'refund value' and limit messages),
 * Cancelar / Confirmar; then the security code and the sending steps every secured movement shares
 * (src/ui/movement-dialogs.tsx), then the result dialog every Pix send shares, with the refund's
 * own words (PIX.REFUND.RESULT). The form stays mounted while the other dialogs are up, so a
 * refusal or a closed security code returns to the value as it was typed. When the flow ends the
 * row's `onClose` says whether the statement changed (the machine's output).
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { pixRefundMachine } from '../../../../machines/pix/pix-refund.machine';
import { refundableAmount } from '../../../../machines/pix/pix-statement-rules';
import { REFUND_VALUE_MAX_LENGTH, validateRefundValue } from '../../../../machines/validators/pix-refund';
import { centsToDecimal, decimalToCents } from '../../../../machines/validators/money';
import { errorTextToShow, ERROR_KEYS } from '../../../api/errors';
import { formatBRL, formatBRLFromCents } from '../../../format/brl';
import { formatDate, formatDateTime } from '../../../format/dates';
import { useFlow, useNewId } from '../../../runtime/use-flow';
import { useSession } from '../../../shell/use-session';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { SecuredMovementDialogs, SummaryLines, type SummaryLine } from '../../../ui/movement-dialogs';
import { AmountField } from '../../../ui/amount-field';
import { PixResultDialog, pixResultViewOf } from '../send/pix-result-dialog';
import { useReceiptInstant } from '../send/receipt-instant';
import type { PixRowDialogProps } from './row-actions';

const TEXTS = 'PIX.REFUND';
const FORM_ID = 'pix-refund-form';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow-wrap: anywhere;
`;

const Notice = styled.p`
  margin: 0;
`;

const ErrorBox = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  & p {
    margin: 0;
  }
`;

interface Values {
  value?: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * §8 Refund: a refusal the bank named (PIXRECV 94/95/96, the balance, a field) is said in its own
 * words; any other failure is the generic refund error.
 */
function refusalText(error: Parameters<typeof errorTextToShow>[0], t: T): string | null {
  const text = errorTextToShow(error, t);
  if (text === null || !error) return null;
  return error.messageKey === ERROR_KEYS.unexpected || error.status >= 500 ? t(`${TEXTS}.ERROR`) : text;
}

function RefundFlow({ entry, accountId, onClose }: PixRowDialogProps & { accountId: string }) {
  const newId = useNewId();
  const { t, i18n } = useTranslation();
  const [input] = useState(() => ({
    accountId,
    transactionId: entry.transactionId,
    refundableCents: decimalToCents(refundableAmount(entry)),
    newId,
  }));
  // The flow ends with its output: the row closes and says whether the statement changed.
  const actor = useFlow('pix-refund', pixRefundMachine, input, {
    onDone: (output) => onClose(output.changed),
  });

  const editing = useSelector(actor, (s) => s.matches('editing'));
  const invalid = useSelector(actor, (s) => s.matches({ editing: 'invalid' }));
  const refused = useSelector(
    actor,
    (s) => s.matches({ editing: 'failed' }) || s.matches({ editing: 'insufficientBalance' }),
  );
  const valueError = useSelector(actor, (s) => s.context.valueError);
  const error = useSelector(actor, (s) => s.context.error);
  const view = useSelector(actor, pixResultViewOf);
  const settlement = useSelector(actor, (s) => s.context.settlement);
  const result = useSelector(actor, (s) => s.context.result);
  const valueCents = useSelector(actor, (s) => s.context.valueCents);

  const left = input.refundableCents;
  const payer = entry.counterpart?.name ?? entry.description;
  const refusal = refused ? refusalText(error, t) : null;
  const cancel = () => actor.send({ type: 'refund.cancel' });

  const settledAt = useReceiptInstant(view, settlement);
  const receipt: SummaryLine[] = [
    { label: t(`${TEXTS}.LINES.PAYER`), value: payer },
    { label: t(`${TEXTS}.LINES.AMOUNT`), value: formatBRL(centsToDecimal(valueCents ?? 0)) },
    {
      label: t('PIX.SEND.LINES.DATE'),
      value: settledAt ? formatDateTime(settledAt, i18n.language) : '—',
    },
    ...(result
      ? [
          { label: t(`${TEXTS}.LINES.RETURN_ID`), value: result.endToEndId },
          { label: t(`${TEXTS}.LINES.ORIGINAL_ID`), value: result.endToEndOriginalId },
        ]
      : []),
  ];

  return (
    <>
      <FinalForm<Values>
        onSubmit={() => undefined}
        subscription={{}}
        render={({ form }) =>
          editing ? (
            <Dialog
              open
              onClose={cancel}
              title={t(`${TEXTS}.TITLE`)}
              actions={
                <>
                  <Button type="button" variant="secondary" onClick={cancel}>
                    {t(`${TEXTS}.CANCEL`)}
                  </Button>
                  <Button type="submit" form={FORM_ID}>
                    {t(`${TEXTS}.CONFIRM`)}
                  </Button>
                </>
              }
            >
              <Form
                id={FORM_ID}
                noValidate
                aria-label={t(`${TEXTS}.TITLE`)}
                onSubmit={(e) => {
                  e.preventDefault();
                  // The machine decides with the same rule the field shows: a refused value is a
                  // state of the flow (no call), its message under the field.
                  actor.send({ type: 'value.submit', value: form.getState().values.value ?? '' });
                }}
              >
                <Lead>
                  {t(`${TEXTS}.FROM`, {
                    name: payer,
                    date: formatDate(entry.creditDate || entry.entryDate, i18n.language),
                  })}
                </Lead>
                <SummaryLines
                  lines={[
                    { label: t(`${TEXTS}.AMOUNT`), value: formatBRL(Math.abs(entry.amount)) },
                    { label: t(`${TEXTS}.REFUNDED`), value: formatBRL(entry.amountRefund) },
                    { label: t(`${TEXTS}.REFUNDABLE`), value: <strong>{formatBRLFromCents(left)}</strong> },
                  ]}
                />
                {refusal && (
                  <ErrorBox role="alert">
                    <p>{refusal}</p>
                  </ErrorBox>
                )}
                <Field<string> name="value" validate={(v) => validateRefundValue(v ?? '', left)}>
                  {({ input: field, meta }) => {
                    // On input: the rule's message as soon as the holder typed; after a refused
                    // Confirmar, the machine's own verdict.
                    const shown =
                      meta.dirty && typeof meta.error === 'string'
                        ? meta.error
                        : invalid
                          ? valueError
                          : undefined;
                    return (
                      <AmountField
                        {...field}
                        value={field.value ?? ''}
                        label={t(`${TEXTS}.LABEL`)}
                        helperText={t(`${TEXTS}.HELPER`, { amount: formatBRLFromCents(left) })}
                        autoComplete="off"
                        maxLength={REFUND_VALUE_MAX_LENGTH}
                        error={shown ? t(shown) : undefined}
                      />
                    );
                  }}
                </Field>
                <Notice>{t(`${TEXTS}.NOTICE`)}</Notice>
              </Form>
            </Dialog>
          ) : null
        }
      />
      <SecuredMovementDialogs actor={actor} texts={TEXTS} />
      {view && (
        <PixResultDialog
          view={view}
          settlement={settlement}
          receipt={receipt}
          texts={`${TEXTS}.RESULT`}
          onClose={() => actor.send({ type: 'result.close' })}
        />
      )}
    </>
  );
}

/** The refund dialog of one statement row (default export: the row action's lazy Dialog). */
export default function PixRefundDialog({ entry, onClose }: PixRowDialogProps) {
  const accountId = useSession()?.account.accounts[0]?.accountId ?? '';
  return accountId === '' ? null : <RefundFlow entry={entry} accountId={accountId} onClose={onClose} />;
}
