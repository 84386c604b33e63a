/**
 * /ManageKeys (3-pix-part-one.md §2 Key management, §3 status labels, §4 delete rule, §8): a
 * projection of machines/pix/pix-keys.machine.ts. 'My registered keys' (ACTIVE) and the open
 * requests (neither active nor pending deletion) are two lists with the key, its type and its
 * status; Delete is offered only where §4 allows it. The register dialog is the machine's child.
 *
 * The 'validate' button §3 shows on a phone or e-mail key awaiting its code (no action in the
 * spec's part one; issues 31 and 32) opens the register dialog at its code step.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { pixKeysMachine } from '../../../machines/pix/pix-keys.machine';
import {
  canDeleteKey,
  canValidateKey,
  keyLimitFor,
  splitKeys,
  statusLabelOf,
  type OwnKey,
} from '../../../machines/validators/pix-key';
import { describeApiError, isShownError } from '../../api/errors';
import { useClient } from '../../api/queries';
import { formatPixKey } from '../../format/pix-key';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { useSession } from '../../shell/use-session';
import { TOUCH_TARGET, media } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { RegisterKeyDialog, type RegisterKeyActor } from './dialogs/register-key-dialog';

/** A key as people read it: a phone and a tax id masked, the rest as registered. */
export function displayKey(k: Pick<OwnKey, 'key' | 'type'>): string {
  return formatPixKey(k.key, k.type);
}

const List = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  align-items: center;
  min-height: ${TOUCH_TARGET}px;
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  & p {
    margin: 0;
  }
  & .key {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    overflow-wrap: anywhere;
  }
  & .meta {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & .actions {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
  ${media.phone} {
    grid-template-columns: 1fr;
  }
`;

function KeyList({
  title,
  keys,
  onDelete,
  onValidate,
  disabled,
}: {
  title: string;
  keys: OwnKey[];
  onDelete: (key: string) => void;
  onValidate: (key: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {keys.length === 0 ? (
        <p>{t('PIX_KEYS.EMPTY')}</p>
      ) : (
        <List>
          {keys.map((k) => {
            const label = statusLabelOf(k.status);
            return (
              <Row key={k.key}>
                <div>
                  <p className="key">{displayKey(k)}</p>
                  <p className="meta">
                    {t(`PIX_KEYS.TYPES.${k.type}`)} · {t(label.key, { status: label.status })}
                  </p>
                </div>
                <div className="actions">
                  {canValidateKey(k) && (
                    <Button
                      aria-label={t('PIX_KEYS.VALIDATE_ITEM', { key: displayKey(k) })}
                      onClick={() => onValidate(k.key)}
                      disabled={disabled}
                    >
                      {t('PIX_KEYS.VALIDATE')}
                    </Button>
                  )}
                  {canDeleteKey(k) && (
                    <Button
                      variant="secondary"
                      aria-label={t('PIX_KEYS.DELETE_ITEM', { key: displayKey(k) })}
                      onClick={() => onDelete(k.key)}
                      disabled={disabled}
                    >
                      {t('PIX_KEYS.DELETE')}
                    </Button>
                  )}
                </div>
              </Row>
            );
          })}
        </List>
      )}
    </section>
  );
}

function Keys({ accountId, taxId }: { accountId: string; taxId: string }) {
  const newId = useNewId();
  const { t } = useTranslation();
  const toast = useToast();
  const actor = useFlow('pix-keys', pixKeysMachine, { accountId, taxId, newId });
  const s = useSelector(actor, (x) => x);
  const send = actor.send;
  useEffect(() => {
    const subs = [
      actor.on('key.deleted', () => toast.success(t('PIX_KEYS.DELETED_SUCESS'))),
      actor.on('register.finished', ({ output }) => {
        if (output.result === 'created') toast.success(t('PIX_KEYS.REGISTER.SAVE_SUCCESS'));
        else if (output.result === 'pending') toast.info(t('PIX_KEYS.REGISTER.PENDING'));
        else if (output.result === 'failed') toast.error(t('PIX_KEYS.REGISTER.SAVE_ERROR'));
        else if (output.result === 'exists')
          toast.warning(
            t(
              output.kind === 'PHONE'
                ? 'PIX_KEYS.REGISTER.EXISTS_PHONE'
                : output.kind === 'EMAIL'
                  ? 'PIX_KEYS.REGISTER.EXISTS_EMAIL'
                  : 'PIX_KEYS.REGISTER.EXISTS',
            ),
          );
      }),
    ];
    return () => subs.forEach((x) => x.unsubscribe());
  }, [actor, toast, t]);

  const { mine, open } = splitKeys(s.context.keys);
  const loading = s.matches('loading');
  const child = s.children.registerKey as RegisterKeyActor | undefined;
  const pending = s.context.keys.find((k) => k.key === s.context.pendingDelete);

  return (
    <>
      <PageTitle
        subtitle={t('PIX_KEYS.SUBTITLE')}
        actions={
          <Button onClick={() => send({ type: 'key.add' })} disabled={!s.matches('browsing')}>
            {t('PIX_KEYS.ADD')}
          </Button>
        }
      >
        {t('PIX_KEYS.TITLE')}
      </PageTitle>
      <Card>
        <p role="status">{loading ? t('PIX_KEYS.LOADING') : ''}</p>
        {s.matches('loadError') ? (
          <ErrorAlert
            action={
              <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
                {t('PIX_KEYS.RETRY')}
              </Button>
            }
          >
            <p>{t('PIX_KEYS.LOAD_ERROR')}</p>
            {isShownError(s.context.error) && <p>{describeApiError(s.context.error, t)}</p>}
          </ErrorAlert>
        ) : (
          !(loading && s.context.keys.length === 0) && (
            <>
              <KeyList
                title={t('PIX_KEYS.MY_KEYS')}
                keys={mine}
                disabled={!s.matches('browsing')}
                onDelete={(key) => send({ type: 'key.delete', key })}
                onValidate={(key) => send({ type: 'key.validate', key })}
              />
              <KeyList
                title={t('PIX_KEYS.OPEN_REQUESTS')}
                keys={open}
                disabled={!s.matches('browsing')}
                onDelete={(key) => send({ type: 'key.delete', key })}
                onValidate={(key) => send({ type: 'key.validate', key })}
              />
            </>
          )
        )}
      </Card>
      {s.matches('limitReached') && (
        <Dialog
          open
          role="alertdialog"
          title={t('PIX_KEYS.KEYS_LIMITS')}
          onClose={() => send({ type: 'limit.close' })}
          actions={<Button onClick={() => send({ type: 'limit.close' })}>{t('PIX_KEYS.OK')}</Button>}
        >
          <p>{t('PIX_KEYS.LIMIT_TEXT', { limit: keyLimitFor(taxId) })}</p>
        </Dialog>
      )}
      {(s.matches('registering') || s.matches('validating')) && child && <RegisterKeyDialog actor={child} />}
      {s.matches('confirmingDelete') && (
        <ConfirmDeleteDialog
          title={t('PIX_KEYS.CONFIRM_DELETE_TITLE')}
          text={
            <>
              <p>{t('PIX_KEYS.CONFIRM_DELETE_TEXT', { key: pending ? displayKey(pending) : '' })}</p>
              <p>{t('PIX_KEYS.CONFIRM_DELETE_WARNING')}</p>
            </>
          }
          cancelLabel={t('PIX_KEYS.CANCEL')}
          confirmLabel={t('PIX_KEYS.CONFIRM_DELETE')}
          busyText={t('PIX_KEYS.DELETING')}
          failureText={t('PIX_KEYS.DELETED_ERROR')}
          busy={s.matches({ confirmingDelete: 'deleting' })}
          failed={s.matches({ confirmingDelete: 'failed' })}
          error={s.context.error}
          onCancel={() => send({ type: 'delete.cancel' })}
          onConfirm={() =>
            send(s.matches({ confirmingDelete: 'failed' }) ? { type: 'retry' } : { type: 'delete.confirm' })
          }
        />
      )}
    </>
  );
}

export default function PixKeysPage() {
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  // Login stores the client in the session; an older session reads it (as the shell does).
  const clientQuery = useClient(current?.client ? undefined : accountId || undefined);
  const taxId = (current?.client ?? clientQuery.data?.client)?.taxIdentifier?.taxId ?? '';
  return accountId !== '' && taxId !== '' ? <Keys accountId={accountId} taxId={taxId} /> : null;
}
