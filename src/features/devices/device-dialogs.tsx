/**
 * The dialogs of /DeviceList (4-pix-part-two.md §2 Device list, §5, §6; issue 30): add a device
 * (alias, user, password), block or unblock one (user and password again) and delete one. The
 * fields are the view's; the rules are the machine's (machines/validators/device.ts), whose message
 * the dialog shows with the bank's refusal.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { CallError } from '../../../machines/kernel/call-error';
import type { Device } from '../../../machines/devices/device-list.machine';
import { errorTextToShow } from '../../api/errors';
import { Button } from '../../ui/button';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { TextField } from '../../ui/text-field';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
`;

interface FormDialogProps {
  busy: boolean;
  formError: string | null;
  error: CallError | null;
  onCancel: () => void;
}

function Problems({ formError, error }: Pick<FormDialogProps, 'formError' | 'error'>) {
  const { t } = useTranslation();
  const text = formError ? t(formError) : errorTextToShow(error, t);
  return text ? <ErrorAlert>{text}</ErrorAlert> : null;
}

export function AddDeviceDialog({
  busy,
  formError,
  error,
  onCancel,
  onSubmit,
}: FormDialogProps & { onSubmit: (v: { alias: string; username: string; password: string }) => void }) {
  const { t } = useTranslation();
  const [alias, setAlias] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ alias, username, password });
  };
  return (
    <Dialog open onClose={onCancel} title={t('DEVICES.ADD_TITLE')}>
      <Form onSubmit={submit} noValidate>
        <p>{t('DEVICES.ADD_TEXT')}</p>
        <TextField label={t('DEVICES.ALIAS')} value={alias} onChange={(e) => setAlias(e.target.value)} />
        <TextField
          label={t('DEVICES.USER')}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label={t('DEVICES.PASSWORD')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Problems formError={formError} error={error} />
        <p role="status">{busy ? t('DEVICES.SAVING') : ''}</p>
        <Actions>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {t('DEVICES.CANCEL')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('DEVICES.ADD_CONFIRM')}
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}

export function BlockDeviceDialog({
  device,
  busy,
  formError,
  error,
  onCancel,
  onSubmit,
}: FormDialogProps & { device: Device; onSubmit: (v: { username: string; password: string }) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const unblock = device.isBlocked;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ username, password });
  };
  return (
    <Dialog open onClose={onCancel} title={t(unblock ? 'DEVICES.UNBLOCK_TITLE' : 'DEVICES.BLOCK_TITLE')}>
      <Form onSubmit={submit} noValidate>
        <p>{t(unblock ? 'DEVICES.UNBLOCK_TEXT' : 'DEVICES.BLOCK_TEXT', { alias: device.alias })}</p>
        <TextField
          label={t('DEVICES.USER')}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label={t('DEVICES.PASSWORD')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Problems formError={formError} error={error} />
        <p role="status">{busy ? t('DEVICES.SAVING') : ''}</p>
        <Actions>
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            {t('DEVICES.CANCEL')}
          </Button>
          <Button type="submit" loading={busy}>
            {t(unblock ? 'DEVICES.UNBLOCK' : 'DEVICES.BLOCK')}
          </Button>
        </Actions>
      </Form>
    </Dialog>
  );
}

export function DeleteDeviceDialog({
  device,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  device: Device;
  busy: boolean;
  error: CallError | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDeleteDialog
      title={t('DEVICES.DELETE_TITLE')}
      text={<p>{t('DEVICES.DELETE_TEXT', { alias: device.alias })}</p>}
      cancelLabel={t('DEVICES.CANCEL')}
      confirmLabel={t('DEVICES.DELETE')}
      busyText={t('DEVICES.SAVING')}
      failureText={t('DEVICES.DELETE_FAILED')}
      busy={busy}
      failed={error !== null}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
