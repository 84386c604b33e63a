/**
 * The head of the statement (1-access-shell-statement.md §2 Statement screen): account number,
 * branch 0001, client name and tax id (CPF or CNPJ mask by kind, the alphanumeric CNPJ
 * included), and the REAL balance with its show/hide toggle. A projection of the account-summary
 * child machine.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { accountSummaryMachine } from '../../../machines/statement/account-summary.machine';
import { formatAccountNumber } from '../../format/account';
import { formatBRL } from '../../format/brl';
import { maskTaxId } from '../../format/masks';
import { TOUCH_TARGET } from '../../ui/breakpoints';
import { Button, IconButton } from '../../ui/button';
import { Card } from '../../ui/card';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { errorTextToShow } from '../../api/errors';

export type AccountSummaryRef = ActorRefFrom<typeof accountSummaryMachine>;

/** The header facts, as the page and the printout show them. */
export interface HeaderFacts {
  account?: string;
  branch: string;
  name?: string;
  taxId?: string;
}

/** §9: the statement header's branch. */
export const STATEMENT_BRANCH = '0001';

/** 'CPF' for 11 digits, 'CNPJ' otherwise (alphanumeric CNPJs included). */
export function taxIdKind(taxId: string): 'CPF' | 'CNPJ' {
  return /^\d{11}$/.test(taxId.replace(/[.\-/\s]/g, '')) ? 'CPF' : 'CNPJ';
}

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(8)}`};
  margin: 0;
  & > div {
    min-width: 0;
  }
  & dt {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    overflow-wrap: anywhere;
  }
`;

/** The balance's label, then its line. */
const BalanceRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

/**
 * The balance and its 44 px toggle, or what stands for them while they load: one line as tall in
 * every state (the label sits above it, not beside it, so a long amount never wraps the line), so
 * nothing below the header moves when the balance arrives (no layout shift).
 */
const BalanceLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${TOUCH_TARGET}px;
  & > p {
    margin: 0;
  }
`;

const BalanceValue = styled.p`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Problem = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

export interface AccountHeaderProps {
  accountRef: AccountSummaryRef;
  /** What the session already knows, shown until (or if) the client load fails. */
  fallback: HeaderFacts;
}

/** Header facts from the loaded client, else the session's. */
export function useHeaderFacts(accountRef: AccountSummaryRef, fallback: HeaderFacts): HeaderFacts {
  const client = useSelector(accountRef, (s) => s.context.client);
  return {
    account: optionalAccount(client?.account.account ?? fallback.account),
    branch: STATEMENT_BRANCH,
    name: client?.client.name ?? fallback.name,
    taxId: client?.client.taxIdentifier.taxId ?? fallback.taxId,
  };
}

/** The account as every export writes it (src/format/account.ts), or nothing yet. */
function optionalAccount(account: string | undefined): string | undefined {
  return account === undefined || account.trim() === '' ? account : formatAccountNumber(account);
}

export function AccountHeader({ accountRef, fallback }: AccountHeaderProps) {
  const { t } = useTranslation();
  const facts = useHeaderFacts(accountRef, fallback);
  const state = useSelector(
    accountRef,
    (s) => ({
      loadingClient: s.matches('loadingClient'),
      clientFailed: s.matches('clientFailed'),
      loadingBalance: s.matches('loadingBalance'),
      balanceFailed: s.matches('balanceFailed'),
      ready: s.matches('ready'),
      hidden: s.matches({ ready: 'balanceHidden' }),
      balance: s.context.balance,
      error: s.context.error,
    }),
    (a, b) =>
      a.loadingClient === b.loadingClient &&
      a.clientFailed === b.clientFailed &&
      a.loadingBalance === b.loadingBalance &&
      a.balanceFailed === b.balanceFailed &&
      a.hidden === b.hidden &&
      a.ready === b.ready &&
      a.balance === b.balance &&
      a.error === b.error,
  );
  const errorText = errorTextToShow(state.error, t);
  const taxId = facts.taxId ? maskTaxId(facts.taxId) : undefined;
  const retry = () => accountRef.send({ type: 'retry' });

  return (
    <Card aria-labelledby="statement-account-title">
      <VisuallyHidden as="h2" id="statement-account-title">
        {t('STATEMENT_SCREEN.HOLDER')}
      </VisuallyHidden>
      <Facts>
        <div>
          <dt>{t('STATEMENT_SCREEN.ACCOUNT')}</dt>
          <dd>{facts.account ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('STATEMENT_SCREEN.BRANCH')}</dt>
          <dd>{facts.branch}</dd>
        </div>
        <div>
          <dt>{t('STATEMENT_SCREEN.HOLDER')}</dt>
          <dd>{facts.name ?? '-'}</dd>
        </div>
        <div>
          <dt>{facts.taxId ? t(`STATEMENT_SCREEN.${taxIdKind(facts.taxId)}`) : 'CPF/CNPJ'}</dt>
          <dd>{taxId ?? '-'}</dd>
        </div>
      </Facts>
      {state.clientFailed && (
        <Problem>
          <Muted role="alert">
            <Icon name="error" size={18} /> {t('STATEMENT_SCREEN.ACCOUNT_UNAVAILABLE')} {errorText}
          </Muted>
          <Button variant="secondary" onClick={retry} data-print-hide="">
            {t('STATEMENT_SCREEN.RETRY')}
          </Button>
        </Problem>
      )}
      <BalanceRow>
        <Muted as="span" id="statement-balance-label">
          {t('STATEMENT_SCREEN.BALANCE')}
        </Muted>
        <BalanceLine>
          {state.ready && (
            <>
              <BalanceValue
                aria-labelledby="statement-balance-label statement-balance-value"
                id="statement-balance-value"
                data-testid="statement-balance"
              >
                {state.hidden ? (
                  <>
                    <span aria-hidden="true">R$ ••••••</span>
                    <VisuallyHidden>{t('STATEMENT_SCREEN.BALANCE_HIDDEN')}</VisuallyHidden>
                  </>
                ) : state.balance === null ? (
                  '-'
                ) : (
                  formatBRL(state.balance)
                )}
              </BalanceValue>
              <IconButton
                aria-label={t('STATEMENT_SCREEN.HIDE_BALANCE')}
                aria-pressed={state.hidden}
                aria-controls="statement-balance-value"
                onClick={() => accountRef.send({ type: 'balance.toggle' })}
                data-print-hide=""
              >
                <Icon name={state.hidden ? 'eyeOff' : 'eye'} />
              </IconButton>
            </>
          )}
          {(state.loadingClient || state.loadingBalance) && (
            <Muted role="status">
              <Spinner /> {t('STATEMENT_SCREEN.BALANCE_LOADING')}
            </Muted>
          )}
          {state.balanceFailed && (
            <Problem>
              <Muted role="alert">
                <Icon name="error" size={18} /> {t('STATEMENT_SCREEN.BALANCE_UNAVAILABLE')} {errorText}
              </Muted>
              <Button variant="secondary" onClick={retry} data-print-hide="">
                {t('STATEMENT_SCREEN.RETRY')}
              </Button>
            </Problem>
          )}
        </BalanceLine>
      </BalanceRow>
    </Card>
  );
}
