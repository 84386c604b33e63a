/**
 * The security-code dialog (2-money-movement.md §2 Security-code dialog, §5 Security code, §8):
 * the view of machines/transfers/security-code.machine.ts, shared by every movement that asks for
 * the code (TED, company transfer, bill payment), so it lives in src/ui rather than one area.
 *
 * A 6-digit input (digits only, pasted text keeps its digits) and Confirm, enabled only with
 * exactly 6. A refused code says 'Chave de Segurança inválida, favor tente novamente' and how many
 * tries the bank says are left before the lock (issue 32), empties the input and gives it focus again; five wrong codes say how long to wait, with a retry. Cancel is
 * the host flow's event (the host passes `onCancel`), disabled while the code is being checked.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { securityCodeMachine } from '../../machines/transfers/security-code.machine';
import { normalizeTotpCode, isValidTotpCode, TOTP_CODE_LENGTH } from '../../machines/validators/totp-code';
import { describeApiError, isShownError } from '../api/errors';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './text-field';

/** The running security-code machine (the child a flow invokes with the id `securityCode`). */
export type SecurityCodeActor = ActorRefFrom<typeof securityCodeMachine>;

const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

const CodeField = styled.div`
  max-width: 240px;
  & input {
    letter-spacing: 0.3em;
    font-variant-numeric: tabular-nums;
  }
`;

export interface SecurityCodeDialogProps {
  actor: SecurityCodeActor;
  /** Closes the dialog without confirming: the host flow's cancel event. */
  onCancel: () => void;
}

export function SecurityCodeDialog({ actor, onCancel }: SecurityCodeDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const invalid = useSelector(actor, (s) => s.matches({ entering: 'invalid' }));
  const failed = useSelector(actor, (s) => s.matches({ entering: 'failed' }));
  const locked = useSelector(actor, (s) => s.matches('locked'));
  const reason = useSelector(actor, (s) => s.context.reason);
  const error = useSelector(actor, (s) => s.context.error);
  const attemptsLeft = useSelector(actor, (s) => s.context.attemptsLeft);

  // A double click on the button that opened this dialog (a movement's Confirm) must not cancel it:
  // the second press lands on whatever opened under the pointer (Cancel, the backdrop, ×). The
  // press's click count (MouseEvent.detail, 2 for the second press of a double click) is noted
  // before any handler of the dialog runs; a press of a new click or a key clears it.
  const repeatedPress = useRef(false);
  useEffect(() => {
    const onMouseDown = (e: MouseEvent) => {
      repeatedPress.current = e.detail > 1;
    };
    const onKeyDown = () => {
      repeatedPress.current = false;
    };
    document.addEventListener('mousedown', onMouseDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('mousedown', onMouseDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);
  const cancel = () => {
    if (!busy && !repeatedPress.current) onCancel();
  };

  // A refused code is cleared and the input is ready for the next one.
  useEffect(() => {
    if (invalid) {
      setCode('');
      inputRef.current?.focus();
    }
  }, [invalid]);

  const submit = () => {
    if (!busy && isValidTotpCode(code)) actor.send({ type: 'totp.submit', code });
  };

  const alert = invalid
    ? attemptsLeft !== null
      ? t('SECURITY_CODE_DIALOG.INVALID_ATTEMPTS_LEFT', { count: attemptsLeft })
      : t('SECURITY_CODE_DIALOG.INVALID')
    : (failed || locked) && isShownError(error)
      ? describeApiError(error, t)
      : null;

  return (
    <Dialog
      open
      role="alertdialog"
      onClose={cancel}
      dismissible={!busy}
      title={t('SECURITY_CODE_DIALOG.TITLE')}
      initialFocus={inputRef}
      actions={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {t('SECURITY_CODE_DIALOG.CANCEL')}
          </Button>
          {locked ? (
            <Button onClick={() => actor.send({ type: 'retry' })}>{t('SECURITY_CODE_DIALOG.RETRY')}</Button>
          ) : (
            <Button type="submit" form={formId} disabled={!isValidTotpCode(code) && !busy} loading={busy}>
              {t('SECURITY_CODE_DIALOG.CONFIRM')}
            </Button>
          )}
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {reason === 'refused' && !alert && <Intro role="status">{t('SECURITY_CODE_DIALOG.REFUSED')}</Intro>}
        {alert && <Alert role="alert">{alert}</Alert>}
        <Intro>{t('SECURITY_CODE_DIALOG.TEXT')}</Intro>
        <CodeField>
          <TextField
            ref={inputRef}
            label={t('SECURITY_CODE_DIALOG.LABEL')}
            value={code}
            onChange={(e) => setCode(normalizeTotpCode(e.target.value))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOTP_CODE_LENGTH}
            pattern="[0-9]{6}"
            required
            readOnly={busy || locked}
            helperText={t('SECURITY_CODE_DIALOG.HELPER')}
          />
        </CodeField>
      </form>
    </Dialog>
  );
}
