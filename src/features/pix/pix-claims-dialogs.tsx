/**
 * The dialogs of /PortabilityPage (4-pix-part-two.md §2 Portability: add, confirm, cancel and
 * decision dialogs; §4; §5 claim key; §6 CheckLogin; §8; issue 30), each drawn from the state of
 * machines/pix/pix-claims.machine.ts: the device prompt, the add form, the cancel question, the
 * finished notice, the donor's decision (user and password re-asked) and the claimer's conclusion.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { pixClaimsMachine } from '../../../machines/pix/pix-claims.machine';
import { CLAIM_KEY_TYPES, type ClaimKeyType, type ClaimType } from '../../../machines/validators/pix-claim';
import { errorTextToShow } from '../../api/errors';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { RadioGroup } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import { TextField } from '../../ui/text-field';

type ClaimsActor = ActorRefFrom<typeof pixClaimsMachine>;

const ADD_FORM = 'pix-claims-add';
const DECIDE_FORM = 'pix-claims-decide';

function AddDialog({ actor }: { actor: ClaimsActor }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const busy = state.hasTag('busy');
  const [claimType, setClaimType] = useState<ClaimType>('PORTABILITY');
  const [keyType, setKeyType] = useState<ClaimKeyType>('CPF');
  const [key, setKey] = useState('');
  const types = CLAIM_KEY_TYPES[claimType];
  const chosenType = types.includes(keyType) ? keyType : (types[0] ?? 'PHONE');
  const close = () => actor.send({ type: 'dialog.close' });
  const { formError, actionError } = state.context;
  return (
    <Dialog
      open
      onClose={close}
      title={t('CLAIMS.ADD_TITLE')}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('CLAIMS.CLOSE')}
          </Button>
          <Button type="submit" form={ADD_FORM} loading={busy}>
            {busy ? t('CLAIMS.SENDING') : t('CLAIMS.SEND')}
          </Button>
        </>
      }
    >
      <form
        id={ADD_FORM}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'add.submit', form: { claimType, keyType: chosenType, key } });
        }}
      >
        {actionError && (
          <ErrorAlert>
            {t('CLAIMS.CREATE_FAILED')} {errorTextToShow(actionError, t)}
          </ErrorAlert>
        )}
        <RadioGroup
          legend={t('CLAIMS.KIND_LEGEND')}
          name="claimType"
          value={claimType}
          onChange={(v) => setClaimType(v as ClaimType)}
          options={(['PORTABILITY', 'OWNERSHIP'] as const).map((v) => ({
            value: v,
            label: t(`CLAIMS.TYPE.${v}`),
          }))}
        />
        <Select
          label={t('CLAIMS.KEY_TYPE')}
          value={chosenType}
          onChange={(e) => setKeyType(e.target.value as ClaimKeyType)}
          options={types.map((v) => ({ value: v, label: t(`CLAIMS.KEY_TYPE_OF.${v}`) }))}
        />
        <TextField
          label={t('CLAIMS.KEY_VALUE')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          autoComplete="off"
          inputMode={chosenType === 'EMAIL' ? 'email' : chosenType === 'CNPJ' ? 'text' : 'numeric'}
          error={formError ? t(formError) : undefined}
        />
      </form>
    </Dialog>
  );
}

function DecideDialog({ actor, keyName }: { actor: ClaimsActor; keyName: string }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const busy = state.hasTag('busy');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [accept, setAccept] = useState(true);
  const { formError, actionError, credentialsInvalid } = state.context;
  const close = () => actor.send({ type: 'dialog.close' });
  const submit = (yes: boolean) => {
    setAccept(yes);
    actor.send({ type: 'decide.submit', username, password, accept: yes });
  };
  return (
    <Dialog
      open
      onClose={close}
      title={t('CLAIMS.DECIDE_TITLE')}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('CLAIMS.CLOSE')}
          </Button>
          <Button variant="danger" onClick={() => submit(false)} loading={busy && !accept} disabled={busy}>
            {t('CLAIMS.REJECT')}
          </Button>
          <Button type="submit" form={DECIDE_FORM} loading={busy && accept} disabled={busy}>
            {t('CLAIMS.ACCEPT')}
          </Button>
        </>
      }
    >
      <form
        id={DECIDE_FORM}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(true);
        }}
      >
        <p>{t('CLAIMS.DECIDE_TEXT', { key: keyName })}</p>
        {(formError || credentialsInvalid) && (
          <ErrorAlert>{t(formError ?? 'CLAIMS.ERROR.CREDENTIALS_INVALID')}</ErrorAlert>
        )}
        {actionError && (
          <ErrorAlert>
            {t('CLAIMS.DECIDE_FAILED')} {errorTextToShow(actionError, t)}
          </ErrorAlert>
        )}
        <TextField
          label={t('CLAIMS.USER')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
        />
        <TextField
          label={t('CLAIMS.PASSWORD')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
        />
        <p role="status">{busy ? t('CLAIMS.DECIDING') : ''}</p>
      </form>
    </Dialog>
  );
}

/** A question with Não / Sim (cancel, conclude) or a notice with Fechar. */
function Question({
  title,
  text,
  busyText,
  busy,
  onClose,
  onYes,
}: {
  title: string;
  text: string;
  busyText?: string;
  busy?: boolean;
  onClose: () => void;
  onYes?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      title={title}
      actions={
        onYes ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('CLAIMS.NO')}
            </Button>
            <Button onClick={onYes} loading={busy}>
              {t('CLAIMS.YES')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('CLAIMS.CLOSE')}</Button>
        )
      }
    >
      <p>{text}</p>
      {busyText !== undefined && <p role="status">{busy ? busyText : ''}</p>}
    </Dialog>
  );
}

export function ClaimDialogs({ actor }: { actor: ClaimsActor }) {
  const { t } = useTranslation();
  const state = useSelector(actor, (s) => s);
  const { claims, selectedId } = state.context;
  const key = claims.find((c) => c.idClaims === selectedId)?.keyClaims ?? '';
  const close = () => actor.send({ type: 'dialog.close' });
  if (state.matches('deviceRequired'))
    return (
      <Dialog
        open
        role="alertdialog"
        onClose={close}
        title={t('CLAIMS.DEVICE_TITLE')}
        actions={<Button onClick={close}>{t('CLAIMS.CLOSE')}</Button>}
      >
        <p>{t('CLAIMS.DEVICE_TEXT')}</p>
        <p>
          <Link href="/DeviceList">{t('CLAIMS.DEVICE_LINK')}</Link>
        </p>
      </Dialog>
    );
  if (state.matches('adding') || state.matches('creatingOwnership') || state.matches('creatingPortability'))
    return <AddDialog actor={actor} />;
  if (state.matches('finishedNotice'))
    return <Question title={t('CLAIMS.FINISHED_TITLE')} text={t('CLAIMS.FINISHED')} onClose={close} />;
  if (state.matches('confirmingCancel') || state.matches('cancelling'))
    return (
      <Question
        title={t('CLAIMS.CANCEL_TITLE')}
        text={t('CLAIMS.CANCEL_CONFIRM', { key })}
        busyText={t('CLAIMS.CANCELLING')}
        busy={state.matches('cancelling')}
        onClose={close}
        onYes={() => actor.send({ type: 'cancel.confirm' })}
      />
    );
  if (state.matches('deciding') || state.matches('checkingLogin') || state.matches('sendingDecision'))
    return <DecideDialog actor={actor} keyName={key} />;
  if (state.matches('confirmingComplete') || state.matches('completing'))
    return (
      <Question
        title={t('CLAIMS.COMPLETE_TITLE')}
        text={t('CLAIMS.COMPLETE_CONFIRM', { key })}
        busyText={t('CLAIMS.COMPLETING')}
        busy={state.matches('completing')}
        onClose={close}
        onYes={() => actor.send({ type: 'complete.confirm' })}
      />
    );
  return null;
}
