/**
 * The pieces every money movement draws the same way, whatever its area (transfers, bill payment):
 * label/value lines for a summary or a receipt, and the dialog of a movement sent whose result is
 * not known yet (busy, or failed with only "Tentar novamente", which resends the same
 * externalIdentifier), and {@link SecuredMovementDialogs}, which draws those steps for any machine
 * built with machines/transfers/movement-states.ts. Texts come from the area (each names its own
 * movement); the security-code dialog is security-code-dialog.tsx beside this file.
 */
import { useSelector } from '@xstate/react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { CallError } from '../../machines/kernel/call-error';
import { errorTextToShow } from '../api/errors';
import { media } from './breakpoints';
import { Button } from './button';
import { Dialog } from './dialog';
import { SecurityCodeDialog, type SecurityCodeActor } from './security-code-dialog';

/** One line of a summary or receipt: label and value. */
export interface SummaryLine {
  label: string;
  value: ReactNode;
}

const Lines = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${media.phone} {
    grid-template-columns: 1fr;
    & dd {
      margin-bottom: ${({ theme }) => theme.space(2)};
    }
  }
`;

/** Label/value lines (a definition list: screen readers read each pair). */
export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <Lines>
      {lines.map((l) => (
        <Fragment key={l.label}>
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </Fragment>
      ))}
    </Lines>
  );
}

/** The texts of {@link SendingDialog}, already translated. */
export interface SendingTexts {
  busyTitle: string;
  busyText: string;
  failedTitle: string;
  failedText: string;
  retry: string;
}

/** The movement was sent and no answer says whether it was made: retry, never a new attempt. */
export function SendingDialog({
  busy,
  error,
  onRetry,
  texts,
}: {
  busy: boolean;
  error: string | null;
  onRetry: () => void;
  texts: SendingTexts;
}) {
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={() => undefined}
      dismissible={false}
      title={busy ? texts.busyTitle : texts.failedTitle}
      actions={
        <Button onClick={onRetry} loading={busy} disabled={busy}>
          {texts.retry}
        </Button>
      }
    >
      {busy ? (
        <p role="status">{texts.busyText}</p>
      ) : (
        <>
          {error && <p role="alert">{error}</p>}
          <p>{texts.failedText}</p>
        </>
      )}
    </Dialog>
  );
}

/**
 * The steps every machine built with machines/transfers/movement-states.ts shares, drawn from its
 * state: `securityCode` (the child `securityCode` in the security-code dialog; closing it sends
 * `totp.cancel`) and `submitting` / `failed` (the sending dialog; its retry sends `retry`, with
 * the machine's `context.error`). The page draws its own form, confirmation and receipt.
 */
export function SecuredMovementDialogs({ actor, texts }: { actor: AnyActorRef; texts: SendingTexts }) {
  const { t } = useTranslation();
  const asking = useSelector(actor, (s: AnyMachineSnapshot) => s.matches('securityCode'));
  const submitting = useSelector(actor, (s: AnyMachineSnapshot) => s.matches('submitting'));
  const failed = useSelector(actor, (s: AnyMachineSnapshot) => s.matches('failed'));
  const error = useSelector(
    actor,
    (s: AnyMachineSnapshot) => (s.context as { error: CallError | null }).error,
  );
  const child = useSelector(
    actor,
    (s: AnyMachineSnapshot) => s.children['securityCode'] as SecurityCodeActor | undefined,
  );
  return (
    <>
      {asking && child && (
        <SecurityCodeDialog actor={child} onCancel={() => actor.send({ type: 'totp.cancel' })} />
      )}
      {(submitting || failed) && (
        <SendingDialog
          busy={submitting}
          error={submitting ? null : errorTextToShow(error, t)}
          onRetry={() => actor.send({ type: 'retry' })}
          texts={texts}
        />
      )}
    </>
  );
}
