/**
 * /PixCopyPaste, pay a pasted Pix code (3-pix-part-one.md §2 Copy and paste, §5 Pasted code, §8;
 * issue 16): a projection of machines/pix/pix-copy-paste.machine.ts. The code field stays mounted
 * under the dialogs, so a refusal returns to the code as it was pasted. The field is a multi-line
 * box (a BR Code is one long line that a phone wraps); its error is the machine's own reading of
 * the code (the same validator as its guard), announced when Next is pressed.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  fixedAmountCents,
  pixCopyPasteMachine,
  type DecodePixQrOutput,
} from '../../../machines/pix/pix-copy-paste.machine';
import { NEW_VALUE_MAX_LENGTH, parseBrCode } from '../../../machines/validators/brcode';
import { useClient } from '../../api/queries';
import { formatBRLFromCents } from '../../format/brl';
import { maskTaxId } from '../../format/masks';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { useSession } from '../../shell/use-session';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ConfirmMovementDialog, type SummaryLine } from '../../ui/movement-dialogs';
import { PaymentHeadline } from '../../ui/payment-headline';
import { FormActions } from '../../ui/form-actions';
import { MovementError, MovementIntro, MovementPage } from '../../ui/movement-page';
import { TextAreaField } from '../../ui/text-area-field';
import { AmountField } from '../../ui/amount-field';
import { QrReader } from '../../ui/qr-reader';
import { copyPasteErrorText } from './copy-paste-error';
import { PixCopyPasteResult } from './pix-copy-paste-result';
import { WithdrawalDialog } from './pix-withdrawal-dialog';

const TEXTS = 'PIX.PIX_COPY_PASTE';

const ValueForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

type T = (key: string, options?: Record<string, unknown>) => string;

/** The document as a payer may see it: a CPF as the DICT masked it, a CNPJ in full with its mask. */
function documentOf(decoded: DecodePixQrOutput, none: string): string {
  const r = decoded.qrcode_pix.recebedor;
  if (r?.cpf) return r.cpf.includes('*') ? r.cpf : maskTaxId(r.cpf);
  if (r?.cnpj) return maskTaxId(r.cnpj);
  return none;
}

function accountTypeOf(decoded: DecodePixQrOutput, t: T, none: string): string {
  const type = decoded.qrcode_pix.recebedor?.dados_conta?.tipo_conta;
  if (!type) return none;
  const key = `${TEXTS}.ACCOUNT_TYPES.${type}`;
  const text = t(key);
  return text === key ? type : text;
}

/** §2: description or additional information, as `name: value` lines. */
function infoOf(decoded: DecodePixQrOutput): string | null {
  const infos = decoded.qrcode_pix.payload?.infoAdicionais ?? [];
  const text = infos
    .map((i) => [i.nome, i.valor].filter((s) => s !== undefined && s !== '').join(': '))
    .filter((s) => s !== '')
    .join('; ');
  return text === '' ? null : text;
}

/**
 * The confirmation of §2: amount, merchant name, institution, masked document, account type,
 * account, agency, total, description or additional info, identifier.
 */
export function confirmationLines(decoded: DecodePixQrOutput, amountCents: number, t: T): SummaryLine[] {
  const none = t(`${TEXTS}.CONFIRM.NONE`);
  const r = decoded.qrcode_pix.recebedor;
  const account = r?.dados_conta;
  const amount = formatBRLFromCents(amountCents);
  return [
    { label: t(`${TEXTS}.CONFIRM.AMOUNT`), value: amount },
    { label: t(`${TEXTS}.CONFIRM.NAME`), value: r?.nome ?? none },
    { label: t(`${TEXTS}.CONFIRM.INSTITUTION`), value: account?.nome_instituicao ?? none },
    { label: t(`${TEXTS}.CONFIRM.DOCUMENT`), value: documentOf(decoded, none) },
    { label: t(`${TEXTS}.CONFIRM.ACCOUNT_TYPE`), value: accountTypeOf(decoded, t, none) },
    { label: t(`${TEXTS}.CONFIRM.ACCOUNT`), value: account?.conta ?? none },
    { label: t(`${TEXTS}.CONFIRM.AGENCY`), value: account?.agencia ?? none },
    { label: t(`${TEXTS}.CONFIRM.TOTAL`), value: amount },
    { label: t(`${TEXTS}.CONFIRM.DESCRIPTION`), value: infoOf(decoded) ?? none },
    { label: t(`${TEXTS}.CONFIRM.IDENTIFIER`), value: decoded.qrcode_pix.payload?.txid ?? none },
  ];
}

interface CodeValues {
  code?: string;
}
interface ValueValues {
  amount?: string;
}

function Page({ accountId, taxId }: { accountId: string; taxId: string }) {
  const newId = useNewId();
  const { t } = useTranslation();
  const [input] = useState(() => ({ accountId, taxId, newId }));
  const actor = useFlow('pix-copy-paste', pixCopyPasteMachine, input);
  const field = useRef<HTMLTextAreaElement>(null);

  const editing = useSelector(actor, (s) => s.matches('editing'));
  const decoding = useSelector(actor, (s) => s.matches('decoding'));
  const askingValue = useSelector(actor, (s) => s.matches('value'));
  const withdrawal = useSelector(actor, (s) => s.matches('withdrawal'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const refused = useSelector(
    actor,
    (s) =>
      s.matches({ editing: 'notDecoded' }) ||
      s.matches({ editing: 'failed' }) ||
      s.matches({ editing: 'insufficientBalance' }),
  );
  const codeError = useSelector(actor, (s) => s.context.codeError);
  const amountError = useSelector(actor, (s) => s.context.amountError);
  const decoded = useSelector(actor, (s) => s.context.decoded);
  const code = useSelector(actor, (s) => s.context.code);
  const amountCents = useSelector(actor, (s) => s.context.amountCents);
  const error = useSelector(actor, (s) => s.context.error);
  const invalidCode = useSelector(actor, (s) => s.matches({ editing: 'invalidCode' }));

  // Back to the field when a dialog closes without paying, so the keyboard goes on from there.
  const wasEditing = useRef(true);
  useEffect(() => {
    if (editing && !wasEditing.current) field.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const formError = refused ? copyPasteErrorText(error, t) : null;
  const facilitator = (() => {
    const parsed = parseBrCode(code);
    return parsed.ok ? parsed.value.withdrawalFacilitator : null;
  })();

  return (
    <MovementPage
      actor={actor}
      texts={TEXTS}
      title={t(`${TEXTS}.TITLE`)}
      dialogs={
        <>
          {askingValue && decoded && (
            <Dialog
              open
              onClose={() => actor.send({ type: 'amount.cancel' })}
              title={t(`${TEXTS}.VALUE.TITLE`)}
            >
              <FinalForm<ValueValues>
                onSubmit={() => undefined}
                subscription={{}}
                render={({ form }) => (
                  <ValueForm
                    noValidate
                    onSubmit={(e) => {
                      e.preventDefault();
                      actor.send({ type: 'amount.submit', amount: form.getState().values.amount ?? '' });
                    }}
                  >
                    <p>{t(`${TEXTS}.VALUE.TEXT`, { name: decoded.qrcode_pix.recebedor?.nome ?? '' })}</p>
                    <Field<string> name="amount">
                      {({ input: fieldInput }) => (
                        <AmountField
                          {...fieldInput}
                          value={fieldInput.value ?? ''}
                          label={t(`${TEXTS}.VALUE.LABEL`)}
                          autoComplete="off"
                          maxLength={NEW_VALUE_MAX_LENGTH}
                          error={amountError ? t(amountError) : undefined}
                        />
                      )}
                    </Field>
                    <FormActions>
                      <Button
                        type="button"
                        variant="secondary"
                        onClick={() => actor.send({ type: 'amount.cancel' })}
                      >
                        {t(`${TEXTS}.VALUE.BACK`)}
                      </Button>
                      <Button type="submit">{t(`${TEXTS}.VALUE.NEXT`)}</Button>
                    </FormActions>
                  </ValueForm>
                )}
              />
            </Dialog>
          )}
          {withdrawal && decoded && (
            <WithdrawalDialog
              decoded={decoded}
              document={documentOf(decoded, t(`${TEXTS}.CONFIRM.NONE`))}
              facilitator={facilitator}
              onAccept={() => actor.send({ type: 'confirm.accept' })}
              onClose={() => actor.send({ type: 'withdrawal.close' })}
            />
          )}
        </>
      }
      confirmation={
        confirming &&
        decoded && (
          <ConfirmMovementDialog
            texts={TEXTS}
            lead={
              <PaymentHeadline
                amount={formatBRLFromCents(amountCents ?? fixedAmountCents(decoded) ?? 0)}
                recipient={decoded.qrcode_pix.recebedor?.nome ?? t(`${TEXTS}.CONFIRM.NONE`)}
                {...(decoded.qrcode_pix.recebedor?.dados_conta?.nome_instituicao
                  ? { institution: decoded.qrcode_pix.recebedor.dados_conta.nome_instituicao }
                  : {})}
              />
            }
            lines={confirmationLines(decoded, amountCents ?? fixedAmountCents(decoded) ?? 0, t)}
            onConfirm={() => actor.send({ type: 'confirm.accept' })}
            onCancel={() => actor.send({ type: 'confirm.cancel' })}
          />
        )
      }
      result={<PixCopyPasteResult actor={actor} />}
    >
      <FinalForm<CodeValues>
        onSubmit={() => undefined}
        subscription={{}}
        render={({ form }) => (
          <form
            noValidate
            aria-label={t(`${TEXTS}.TITLE`)}
            aria-busy={decoding || undefined}
            onSubmit={(e) => {
              e.preventDefault();
              // The machine reads the code with the same validator its guard uses: a refused code
              // is a state of the flow (no call), shown under the field.
              if (editing) actor.send({ type: 'code.submit', code: form.getState().values.code ?? '' });
            }}
          >
            <MovementIntro>{t(`${TEXTS}.INTRO`)}</MovementIntro>
            {formError && <MovementError>{formError}</MovementError>}
            <QrReader
              disabled={!editing}
              onRead={(text) => {
                // What the QR holds goes in the field as if pasted; Next judges it as ever.
                form.change('code', text.trim());
                field.current?.focus();
              }}
            />
            <Field<string> name="code">
              {({ input: fieldInput }) => (
                <TextAreaField
                  {...fieldInput}
                  ref={field}
                  value={fieldInput.value ?? ''}
                  label={t(`${TEXTS}.LABEL`)}
                  helperText={t(`${TEXTS}.HELPER`)}
                  error={invalidCode && codeError ? t(`${codeError}`) : undefined}
                  readOnly={!editing}
                  maxLength={512}
                  rows={5}
                />
              )}
            </Field>
            <FormActions>
              <Button
                variant="secondary"
                disabled={!editing}
                onClick={() => {
                  form.change('code', '');
                  field.current?.focus();
                }}
              >
                {t(`${TEXTS}.CLEAR`)}
              </Button>
              <Button type="submit" loading={decoding} disabled={!editing && !decoding}>
                {t(`${TEXTS}.NEXT`)}
              </Button>
            </FormActions>
          </form>
        )}
      />
    </MovementPage>
  );
}

export default function PixCopyPastePage() {
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  // Login stores the client in the session; an older session reads it (as the shell does).
  const clientQuery = useClient(current?.client ? undefined : accountId || undefined);
  const taxId = (current?.client ?? clientQuery.data?.client)?.taxIdentifier?.taxId ?? '';
  return accountId !== '' && taxId !== '' ? <Page accountId={accountId} taxId={taxId} /> : null;
}
