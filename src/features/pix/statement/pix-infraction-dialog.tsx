/**
 * The infraction report dialog (3-pix-part-one.md §2 Report infraction dialog, §5, §8; issue 17): a
 * projection of machines/pix/pix-infraction.machine.ts, opened by the fraud icon of a Pix sent on
 * /PixExtractPage. Step 1 shows the payment read-only (the end-to-end id as the transaction id, the
 * value, the date and the receipt's key) with the type and the description on the form idiom
 * (react-final-form; the description's rule is the machine guard's). Step 2 lists the chosen files,
 * each with its remove button; a file the bank would refuse (type by its first bytes, 5 MB, 5 files)
 * is refused here with its reason before any call. ALREADY_EXISTS is said by a toast (a warning,
 * role=alert) and the dialog closes; a report ends in pix-infraction-reported.tsx (protocol,
 * recipient, next steps), whose close closes the dialog.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  pixInfractionMachine,
  type InfractionType,
  type PixInfractionOutput,
} from '../../../../machines/pix/pix-infraction.machine';
import {
  ATTACHMENT_HEAD_BYTES,
  INFRACTION_DESCRIPTION_MAX,
  validateInfractionDescription,
} from '../../../../machines/validators/infraction';
import { describeApiError } from '../../../api/errors';
import { formatBRL } from '../../../format/brl';
import { formatDateTime } from '../../../format/dates';
import { formatPixKey } from '../../../format/pix-key';
import { useFlow, useNewId } from '../../../runtime/use-flow';
import { useSession } from '../../../shell/use-session';
import { TOUCH_TARGET } from '../../../ui/breakpoints';
import { Button, IconButton } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { focusableIn } from '../../../ui/focus';
import { ErrorAlert } from '../../../ui/error-alert';
import { Icon } from '../../../ui/icons';
import { RadioGroup } from '../../../ui/radio-group';
import { SummaryLines } from '../../../ui/summary-lines';
import { TextAreaField } from '../../../ui/text-area-field';
import { useToast } from '../../../ui/toasts';
import { PixInfractionReportedDialog, type InfractionReported } from './pix-infraction-reported';
import type { PixRowDialogProps } from './row-actions';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: flex-end;
`;

const Files = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  & li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: ${TOUCH_TARGET};
  }
  & li > span {
    flex: 1;
    overflow-wrap: anywhere;
  }
`;

const HiddenInput = styled.input`
  display: none;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  margin: 0;
`;

interface DetailValues {
  infractionType: InfractionType;
  description: string;
}

const tried = (meta: { submitFailed?: boolean; submitSucceeded?: boolean }): boolean =>
  meta.submitFailed === true || meta.submitSucceeded === true;

const kilobytes = (size: number): string =>
  size >= 1024 * 1024
    ? `${(size / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(size / 1024))} KB`;

/** The first bytes of a chosen file, which tell its type as the bank reads it. */
async function headOf(file: File): Promise<number[]> {
  return [...new Uint8Array(await file.slice(0, ATTACHMENT_HEAD_BYTES).arrayBuffer())];
}

export default function PixInfractionDialog({ entry, onClose }: PixRowDialogProps) {
  const newId = useNewId();
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const accountId = session?.account.accounts[0]?.accountId ?? '';
  const actor = useFlow('pix-infraction', pixInfractionMachine, {
    accountId,
    endToEndId: entry.endToEndId,
    transactionId: entry.transactionId,
    newId,
  });
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const fileInput = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [reading, setReading] = useState(false);
  const [reported, setReported] = useState<InfractionReported | null>(null);

  // The machine's output is the dialog's end: the toast says it, then the row dialog closes.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status !== 'done') return;
      const output: PixInfractionOutput = s.output;
      if (output.outcome === 'alreadyExists') {
        toast.warning(t('PIX_INFRACTION.ALREADY_EXISTS'));
        closeRef.current(false);
      } else if (output.outcome === 'reported') {
        // The protocol, the recipient and what comes next stay on screen until closed (issue 32).
        setReported(output);
      } else closeRef.current(output.changed);
    });
    return () => sub.unsubscribe();
  }, [actor, toast, t]);

  // A new step replaces the control that had focus (Próximo, Concluir): focus moves to the new
  // step's first control, so a keyboard or screen-reader user is not left on the page behind.
  const view = state.hasTag('busy') ? 'busy' : JSON.stringify(state.value);
  useEffect(() => {
    if (view === 'busy' || !bodyRef.current) return;
    const first = focusableIn(bodyRef.current).find((el) => el.tabIndex >= 0);
    first?.focus();
  }, [view]);

  const busy = state.hasTag('busy');
  const close = () => actor.send({ type: 'dialog.close' });
  const step = state.matches('details') || state.matches('checking') || state.matches('loadingKey') ? 1 : 2;
  const title = `${t('PIX_INFRACTION.TITLE')} · ${t('PIX_INFRACTION.STEP', { step })}`;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setReading(true);
    try {
      // One event per file, in the order chosen: the machine counts each against the limit.
      for (const file of chosen)
        actor.send({
          type: 'file.add',
          file: { name: file.name, size: file.size, head: await headOf(file), content: file },
        });
    } finally {
      setReading(false);
    }
  };

  if (reported)
    return (
      <PixInfractionReportedDialog
        report={reported}
        recipient={entry.counterpart?.name ?? entry.description}
        amount={formatBRL(Math.abs(entry.amount))}
        onClose={() => closeRef.current(true)}
      />
    );
  if (state.status === 'done') return null;

  const keyText = context.keyLoaded
    ? context.pixKey
      ? formatPixKey(context.pixKey)
      : t('PIX_INFRACTION.KEY_NONE')
    : t('PIX_INFRACTION.KEY_UNAVAILABLE');
  const summary = (
    <SummaryLines
      lines={[
        { label: t('PIX_INFRACTION.TRANSACTION_ID'), value: entry.endToEndId },
        { label: t('PIX_INFRACTION.VALUE'), value: formatBRL(Math.abs(entry.amount)) },
        { label: t('PIX_INFRACTION.DATE'), value: formatDateTime(entry.creditDate || entry.entryDate) },
        { label: t('PIX_INFRACTION.KEY'), value: keyText },
      ]}
    />
  );
  const reason = context.error ? describeApiError(context.error, t) : '';

  let body;
  if (state.matches('checking') || state.matches('loadingKey')) {
    body = (
      <p role="status">
        {state.matches('checking') ? t('PIX_INFRACTION.CHECKING') : t('PIX_INFRACTION.LOADING_KEY')}
      </p>
    );
  } else if (state.matches('details')) {
    body = (
      <>
        {summary}
        <FinalForm<DetailValues>
          initialValues={{ infractionType: context.infractionType, description: context.description }}
          onSubmit={(v) =>
            actor.send({
              type: 'details.submit',
              infractionType: v.infractionType,
              description: v.description ?? '',
            })
          }
          subscription={{}}
          render={({ handleSubmit }) => (
            <Form onSubmit={handleSubmit} noValidate>
              <Field<InfractionType> name="infractionType">
                {({ input }) => (
                  <RadioGroup
                    legend={t('PIX_INFRACTION.TYPE')}
                    name={input.name}
                    value={input.value}
                    onChange={(v) => input.onChange(v)}
                    inline
                    options={[
                      { value: 'FRAUD', label: t('PIX_INFRACTION.TYPE_FRAUD') },
                      { value: 'ERROR', label: t('PIX_INFRACTION.TYPE_ERROR') },
                    ]}
                  />
                )}
              </Field>
              <Field<string>
                name="description"
                validate={(v) => validateInfractionDescription(v ?? '')}
                parse={(v) => v ?? ''}
              >
                {({ input, meta }) => (
                  <TextAreaField
                    {...input}
                    value={input.value ?? ''}
                    label={t('PIX_INFRACTION.DESCRIPTION')}
                    helperText={t('PIX_INFRACTION.DESCRIPTION_HELP')}
                    maxLength={INFRACTION_DESCRIPTION_MAX}
                    error={tried(meta) && typeof meta.error === 'string' ? t(meta.error) : undefined}
                  />
                )}
              </Field>
              <Actions>
                <Button type="button" variant="secondary" onClick={close}>
                  {t('PIX_INFRACTION.CANCEL')}
                </Button>
                <Button type="submit">{t('PIX_INFRACTION.NEXT')}</Button>
              </Actions>
            </Form>
          )}
        />
      </>
    );
  } else if (state.matches('createFailed')) {
    body = (
      <>
        <ErrorAlert>
          <p>{t('PIX_INFRACTION.CREATE_FAILED', { reason })}</p>
        </ErrorAlert>
        <Actions>
          <Button type="button" variant="secondary" onClick={close}>
            {t('PIX_INFRACTION.CLOSE')}
          </Button>
          <Button type="button" onClick={() => actor.send({ type: 'retry' })}>
            {t('PIX_INFRACTION.RETRY')}
          </Button>
        </Actions>
      </>
    );
  } else if (state.matches('attachFailed')) {
    const file = context.files[context.attached];
    body = (
      <>
        <ErrorAlert>
          <p>
            {t('PIX_INFRACTION.ATTACH_FAILED', {
              name: file?.name ?? '',
              current: context.attached + 1,
              total: context.files.length,
              reason,
            })}
          </p>
        </ErrorAlert>
        <Actions>
          <Button type="button" variant="secondary" onClick={close}>
            {t('PIX_INFRACTION.ATTACH_CLOSE')}
          </Button>
          <Button type="button" onClick={() => actor.send({ type: 'retry' })}>
            {t('PIX_INFRACTION.RETRY')}
          </Button>
        </Actions>
      </>
    );
  } else {
    // Step 2 (attachments), and its calls: creating, then attaching file by file.
    const sending = state.matches('creating') || state.matches('attaching');
    body = (
      <>
        <Muted>{t('PIX_INFRACTION.ATTACHMENTS_TEXT')}</Muted>
        <HiddenInput
          ref={fileInput}
          type="file"
          multiple
          accept="image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf"
          aria-label={t('PIX_INFRACTION.CHOOSE_FILES')}
          tabIndex={-1}
          onChange={(e) => void onFiles(e)}
        />
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={sending || reading}
            onClick={() => fileInput.current?.click()}
          >
            {t('PIX_INFRACTION.CHOOSE_FILES')}
          </Button>
        </div>
        {context.fileError && (
          <ErrorAlert>
            <p>
              {t('PIX_INFRACTION.FILE_REFUSED', {
                name: context.fileError.name,
                reason: t(context.fileError.messageKey),
              })}
            </p>
          </ErrorAlert>
        )}
        {context.files.length === 0 ? (
          <Muted>{t('PIX_INFRACTION.NO_FILES')}</Muted>
        ) : (
          <Files aria-label={t('PIX_INFRACTION.FILES')}>
            {context.files.map((f, i) => (
              <li key={`${i}-${f.name}`}>
                <span>
                  {f.name} ({kilobytes(f.size)})
                </span>
                <IconButton
                  aria-label={t('PIX_INFRACTION.REMOVE_FILE', { name: f.name })}
                  disabled={sending}
                  onClick={() => actor.send({ type: 'file.remove', index: i })}
                >
                  <Icon name="close" />
                </IconButton>
              </li>
            ))}
          </Files>
        )}
        {state.matches({ attachments: 'refused' }) && (
          <ErrorAlert>
            <p>{t('PIX_INFRACTION.REFUSED', { reason })}</p>
          </ErrorAlert>
        )}
        <p role="status">
          {state.matches('creating') && t('PIX_INFRACTION.CREATING')}
          {state.matches('attaching') &&
            t('PIX_INFRACTION.ATTACHING', { current: context.attached + 1, total: context.files.length })}
        </p>
        <Actions>
          <Button
            type="button"
            variant="secondary"
            disabled={sending}
            onClick={() => actor.send({ type: 'details.back' })}
          >
            {t('PIX_INFRACTION.BACK')}
          </Button>
          <Button
            type="button"
            loading={sending}
            disabled={reading}
            onClick={() => actor.send({ type: 'report.submit' })}
          >
            {t('PIX_INFRACTION.FINISH')}
          </Button>
        </Actions>
      </>
    );
  }

  return (
    <Dialog open title={title} onClose={close} dismissible={!busy}>
      <div ref={bodyRef}>{body}</div>
    </Dialog>
  );
}
