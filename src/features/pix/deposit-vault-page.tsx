/**
 * /DepositVault, the cash-vault search (4-pix-part-two.md §2 Cash-vault search, §5 Vault search,
 * §8 Vaults, §9; issue 31): a projection of machines/pix/deposit-vault.machine.ts. Step 1 is the
 * form (radius, address, deposit value), 'Buscar' enabled only when all three keep §5's rules;
 * step 2 the map (vault-map.tsx, loaded with leaflet only then) and the list of the vaults found,
 * each with its serial number, address, limit and a link to a maps service.
 */
import { useSelector } from '@xstate/react';
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { depositVaultMachine, type VaultSearchResult } from '../../../machines/pix/deposit-vault.machine';
import {
  ADDRESS_MAX_LENGTH,
  DEPOSIT_MAX_DIGITS,
  RADIUS_MAX_DIGITS,
  vaultSearchErrors,
  type VaultSearchField,
  type VaultSearchValues,
} from '../../../machines/validators/vault-search';
import { errorTextToShow } from '../../api/errors';
import { formatBRL } from '../../format/brl';
import { mapTiles } from '../../runtime/map-tiles';
import { useFlow } from '../../runtime/use-flow';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ErrorAlert } from '../../ui/error-alert';
import { FormActions } from '../../ui/form-actions';
import { PageTitle } from '../../ui/page-title';
import { Stepper } from '../../ui/stepper';
import { TextField } from '../../ui/text-field';
import { mapsLink } from './vault-links';

/** Leaflet and react-leaflet load with the map, at step 2: no other screen carries them. */
const VaultMap = lazy(() => import('./vault-map'));

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Alert = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.danger};
`;

const List = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: 0;
  & > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    overflow-wrap: anywhere;
  }
  & p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

const StepHeading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

/** A map that fails to load (its chunk, or leaflet itself) leaves the list of vaults in place. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function SearchForm(props: {
  initial: VaultSearchValues;
  busy: boolean;
  marked: Partial<Record<VaultSearchField, string>>;
  onSubmit: (values: VaultSearchValues) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<VaultSearchValues>(props.initial);
  const [typed, setTyped] = useState<Partial<Record<VaultSearchField, boolean>>>({});
  const errors = vaultSearchErrors(values);
  const valid = Object.keys(errors).length === 0;
  const errorOf = (name: VaultSearchField) => {
    const key = typed[name] ? errors[name] : props.marked[name];
    return key ? t(key) : undefined;
  };
  const change = (name: VaultSearchField) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };
  const touch = (name: VaultSearchField) => () => setTyped((x) => ({ ...x, [name]: true }));
  return (
    <form
      noValidate
      aria-label={t('VAULTS.STEP_FORM')}
      onSubmit={(e) => {
        e.preventDefault();
        setTyped({ radius: true, address: true, depositAmount: true });
        props.onSubmit(values);
      }}
    >
      <TextField
        name="radius"
        label={t('VAULTS.RADIUS')}
        helperText={t('VAULTS.RADIUS_HELP')}
        value={values.radius}
        onChange={change('radius')}
        onBlur={touch('radius')}
        error={errorOf('radius')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={RADIUS_MAX_DIGITS}
        required
        readOnly={props.busy}
      />
      <TextField
        name="address"
        label={t('VAULTS.ADDRESS')}
        helperText={t('VAULTS.ADDRESS_HELP')}
        value={values.address}
        onChange={change('address')}
        onBlur={touch('address')}
        error={errorOf('address')}
        autoComplete="street-address"
        maxLength={ADDRESS_MAX_LENGTH}
        required
        readOnly={props.busy}
      />
      <TextField
        name="depositAmount"
        label={t('VAULTS.DEPOSIT')}
        helperText={t('VAULTS.DEPOSIT_HELP')}
        value={values.depositAmount}
        onChange={change('depositAmount')}
        onBlur={touch('depositAmount')}
        error={errorOf('depositAmount')}
        inputMode="decimal"
        autoComplete="off"
        // 9 digits, the thousands dots and the comma (R$ 9.999.999,99).
        maxLength={DEPOSIT_MAX_DIGITS + 4}
        required
        readOnly={props.busy}
      />
      <FormActions>
        <Button type="submit" disabled={!valid || props.busy}>
          {props.busy ? t('VAULTS.SEARCHING') : t('VAULTS.SEARCH')}
        </Button>
      </FormActions>
    </form>
  );
}

function Found({ result, onAgain }: { result: VaultSearchResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <StepHeading ref={heading} tabIndex={-1}>
        {t('VAULTS.STEP_MAP')}
      </StepHeading>
      <Note>
        {t('VAULTS.FOUND', {
          count: result.vaults.length,
          radius: result.radius,
          address: result.userAddress.address,
        })}
      </Note>
      <MapBoundary fallback={<Note role="alert">{t('VAULTS.MAP_LOAD_FAILED')}</Note>}>
        <Suspense fallback={<Note role="status">{t('VAULTS.MAP_LOADING')}</Note>}>
          <VaultMap result={result} />
        </Suspense>
      </MapBoundary>
      {/* No tile server configured: say why the map shows no streets. */}
      {!mapTiles && <Note>{t('VAULTS.MAP_NO_TILES')}</Note>}
      <List aria-label={t('VAULTS.LIST')}>
        {result.vaults.map((v) => (
          <li key={v.serialNumber}>
            <p>
              <strong>
                {t('VAULTS.SERIAL')}: {v.serialNumber}
              </strong>
            </p>
            <p>{v.address}</p>
            <p>
              {t('VAULTS.LIMIT')}: {formatBRL(v.availableLimit)}
            </p>
            <p>
              <a href={mapsLink(v)} target="_blank" rel="noopener noreferrer">
                {t('VAULTS.OPEN_MAP')}
              </a>
            </p>
          </li>
        ))}
      </List>
      <FormActions>
        <Button variant="secondary" onClick={onAgain}>
          {t('VAULTS.AGAIN')}
        </Button>
      </FormActions>
    </>
  );
}

export default function DepositVaultPage() {
  const { t } = useTranslation();
  const actor = useFlow('deposit-vault', depositVaultMachine, undefined);
  const s = useSelector(actor, (x) => x);
  const send = actor.send;
  const showing = s.matches('showing') && s.context.result !== null;
  const failure = errorTextToShow(s.context.error, t);
  return (
    <>
      <PageTitle subtitle={t('VAULTS.SUBTITLE')}>{t('VAULTS.TITLE')}</PageTitle>
      <Card>
        <Stepper steps={[t('VAULTS.STEP_FORM'), t('VAULTS.STEP_MAP')]} current={showing ? 1 : 0} />
        <p role="status">{s.matches('searching') ? t('VAULTS.SEARCHING') : ''}</p>
        {showing && s.context.result ? (
          <Found result={s.context.result} onAgain={() => send({ type: 'search.again' })} />
        ) : (
          <>
            {s.matches('notFound') && (
              <Alert role="alert">
                <p>{t('VAULTS.NONE_FOUND')}</p>
              </Alert>
            )}
            {s.matches('failed') && (
              <ErrorAlert
                action={
                  <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
                    {t('VAULTS.RETRY')}
                  </Button>
                }
              >
                <p>{t('VAULTS.FAILED')}</p>
                {failure && <p>{failure}</p>}
              </ErrorAlert>
            )}
            <SearchForm
              initial={s.context.values}
              busy={s.matches('searching')}
              marked={s.context.fieldErrors}
              onSubmit={(values) => send({ type: 'search.submit', ...values })}
            />
          </>
        )}
      </Card>
    </>
  );
}
