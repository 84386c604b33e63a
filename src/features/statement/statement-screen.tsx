/**
 * The statement screen: /Statement, the landing screen after sign-in (1-access-shell-statement.md
 * §2 Statement screen, §3, §5, §8, §9), and its Pix variant /PixExtractPage (pix-statement-page.tsx).
 *
 * A projection of machines/statement/statement.machine.ts (the entries of the period) and its
 * child account-summary (header and balance). Searching filters the loaded entries with a pure,
 * memoised function (statement-rows.ts); the list is one windowed table, so 5,000 entries stay
 * responsive. EXPORTAR opens the export dialog; IMPRIMIR prints a plain, paginated statement; a
 * row's receipt button opens the receipt dialog.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { statementMachine } from '../../../machines/statement/statement.machine';
import { useFlow } from '../../runtime/use-flow';
import { formatBRL } from '../../format/brl';
import { formatDate, toIsoDate } from '../../format/dates';
import { useSession } from '../../shell/use-session';
import { Button, IconButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { ActionIcon } from '../../ui/action-icons';
import type { RowAction } from '../../ui/row-actions';
import { asPixStatementEntry, type PixStatementEntry } from '../../../machines/pix/pix-statement-rules';
import { Spinner } from '../../ui/spinner';
import type { AccountSummaryRef, HeaderFacts } from './account-header';
import { errorTextToShow } from '../../api/errors';
import { PeriodFilter } from './period-filter';
import { usePrintMode } from './print';
import { AccountHeaderWithFacts, ExportDialogForAccount, type PrintTexts } from './statement-account';
import { StatementPrintStyle } from './statement-print';
import {
  flattenGroups,
  groupSorted,
  prepareSearch,
  searchPrepared,
  sortNewestFirst,
  type SearchableEntry,
  type StatementEntry,
} from './statement-rows';
import { StatementTable, StatementTableSkeleton } from './statement-table';
import { useFocusBackToRow } from './row-action-focus';

/**
 * The receipt dialog (with the receipt machine) loads when it is opened, not with the page, like
 * the export dialog (statement-account.tsx): the statement's first load stays under its budget
 * (issue 26, scripts/bundle-budget.ts).
 */
const ReceiptDialog = lazy(() => import('./receipt-dialog').then((m) => ({ default: m.ReceiptDialog })));

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(6)};
`;

const Problem = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  & > p {
    margin: 0;
    flex: 1 1 240px;
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Loading = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(6)};
  margin: 0;
  color: ${({ theme }) => theme.color.primary};
`;

/** /Statement and its Pix variant (/PixExtractPage, pix-statement-page.tsx). */
export type StatementVariant = 'account' | 'pix';

export interface StatementScreenProps {
  variant: StatementVariant;
  /**
   * The Pix statement's row actions (3-pix-part-one.md §5), given by the route: each is shown on
   * the rows its rule accepts, after the receipt button.
   */
  rowActions?: readonly RowAction<PixStatementEntry>[];
}

/** Texts that differ between the two statements. */
interface VariantTexts extends PrintTexts {
  title: string;
  /** The search box's example text. */
  searchPlaceholder: string;
}

const TEXTS: Record<StatementVariant, VariantTexts> = {
  account: {
    title: 'STATEMENT_SCREEN.TITLE',
    printTitle: 'STATEMENT_SCREEN.PRINT_TITLE',
    printBalance: 'STATEMENT_SCREEN.BALANCE',
    empty: 'STATEMENT_SCREEN.EMPTY',
    searchPlaceholder: 'STATEMENT_SCREEN.SEARCH.PLACEHOLDER',
  },
  pix: {
    title: 'PIX_STATEMENT.TITLE',
    printTitle: 'PIX_STATEMENT.PRINT_TITLE',
    printBalance: 'PIX_STATEMENT.PRINT_BALANCE',
    empty: 'PIX_STATEMENT.EMPTY',
    searchPlaceholder: 'PIX_STATEMENT.SEARCH_PLACEHOLDER',
  },
};

const NO_ACTIONS: readonly RowAction<PixStatementEntry>[] = [];

/** The open row action: which, and on which entry. */
interface OpenRowAction {
  action: RowAction<PixStatementEntry>;
  entry: PixStatementEntry;
}

/**
 * The statement screen. The Pix variant is the same machine given the Pix calls by its route
 * (getPixStatement, getPixReportStatement, getPixReceipt), with its title and row actions.
 */
export function StatementScreen({ variant, rowActions = NO_ACTIONS }: StatementScreenProps) {
  const { t } = useTranslation();
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  const accountHolderId = current?.account.accountHolderId ?? '';
  const [today] = useState(() => toIsoDate(new Date()));
  const actor = useFlow('statement', statementMachine, { today, accountId });

  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches({ entries: 'loading' }),
      listed: s.matches({ entries: 'listed' }),
      empty: s.matches({ entries: 'empty' }),
      failed: s.matches({ entries: 'failed' }),
      c: s.context,
    }),
    (a, b) =>
      a.c === b.c &&
      a.loading === b.loading &&
      a.listed === b.listed &&
      a.empty === b.empty &&
      a.failed === b.failed,
  );
  const accountRef = useSelector(actor, (s) => s.children.account) as AccountSummaryRef | undefined;
  const { c } = view;

  const fallback: HeaderFacts = {
    account: current?.accountInfo?.account,
    branch: '0001',
    name: current?.client?.name,
    taxId: current?.client?.taxIdentifier.taxId,
  };

  // Sorted once per load, and prepared for search on the first search; each keystroke then only
  // scans that order (no re-sort, no reload), deferred so typing never waits for the list.
  const sorted = useMemo(() => sortNewestFirst(c.entries), [c.entries]);
  const searchable = useMemo(() => {
    let prepared: SearchableEntry[] | null = null;
    return () => (prepared ??= prepareSearch(sorted));
  }, [sorted]);
  const query = useDeferredValue(c.search);
  const rows = useMemo(
    () => flattenGroups(groupSorted(query.trim() === '' ? sorted : searchPrepared(searchable(), query))),
    [sorted, searchable, query],
  );
  const entryCount = rows.length - rows.filter((r) => r.kind === 'date').length;

  // The Pix rules read the page's clock when the entries arrive (a page left open past midnight
  // shows the windows of the day it loaded; the bank checks again on its own clock).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new clock reading per load
  const now = useMemo(() => new Date(), [c.entries]);
  const [openAction, setOpenAction] = useState<OpenRowAction | null>(null);
  useFocusBackToRow(openAction?.action.id, openAction?.entry.transactionId, view.listed, c.entries);
  const renderRowActions = useCallback(
    (entry: StatementEntry) => {
      const pix = asPixStatementEntry(entry);
      if (!pix) return null;
      return rowActions
        .filter((action) => action.available(pix, now))
        .map((action) => (
          <IconButton
            key={action.id}
            data-row-action={action.id}
            aria-label={t(action.labelKey, { description: pix.description, amount: formatBRL(pix.amount) })}
            tooltip={t(action.tipKey)}
            onClick={() => setOpenAction({ action, entry: pix })}
          >
            <ActionIcon name={action.icon} />
          </IconButton>
        ));
    },
    [rowActions, now, t],
  );
  const closeAction = useCallback(
    (changed: boolean) => {
      setOpenAction(null);
      if (changed) actor.send({ type: 'entries.reload' });
    },
    [actor],
  );

  const [exportOpen, setExportOpen] = useState(false);
  const [receiptEntry, setReceiptEntry] = useState<StatementEntry | null>(null);
  const { printing, print } = usePrintMode(receiptEntry === null && !exportOpen && openAction === null);
  const closeExport = useCallback(() => setExportOpen(false), []);
  const closeReceipt = useCallback(() => setReceiptEntry(null), []);

  const periodText = t('STATEMENT_SCREEN.PERIOD.SHOWING', {
    start: formatDate(c.range.start),
    end: formatDate(c.range.end),
  });
  const errorText = errorTextToShow(c.error, t);
  const nothingToList = view.empty || (view.listed && entryCount === 0);

  return (
    <>
      <StatementPrintStyle />
      <div data-print-hide="">
        <PageTitle subtitle={periodText}>{t(TEXTS[variant].title)}</PageTitle>
      </div>
      {accountRef && (
        <AccountHeaderWithFacts
          texts={TEXTS[variant]}
          accountRef={accountRef}
          fallback={fallback}
          printing={printing}
          rows={rows}
          periodText={periodText}
        />
      )}
      <PeriodFilter
        key={c.periodType === 'custom' ? 'custom' : 'preset'}
        today={today}
        periodType={c.periodType}
        month={c.month}
        customStart={c.customStart}
        customEnd={c.customEnd}
        periodError={c.periodError}
        search={c.search}
        send={(event) => actor.send(event)}
        searchPlaceholderKey={TEXTS[variant].searchPlaceholder}
      />
      <Toolbar data-print-hide="">
        <p aria-live="polite">
          {view.listed && entryCount > 0 ? t('STATEMENT_SCREEN.RESULTS', { count: entryCount }) : ''}
        </p>
      </Toolbar>
      {view.loading && (
        <StatementTableSkeleton actionSlots={1 + rowActions.length}>
          <Loading role="status">
            <Spinner /> {t('STATEMENT_SCREEN.LOADING')}
          </Loading>
        </StatementTableSkeleton>
      )}
      {view.failed && (
        <Problem>
          <p role="alert">
            <Icon name="error" /> {t('STATEMENT_SCREEN.UNAVAILABLE')} {errorText}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })} data-print-hide="">
            {t('STATEMENT_SCREEN.RETRY')}
          </Button>
        </Problem>
      )}
      {nothingToList && <EmptyState title={t(TEXTS[variant].empty)} />}
      {view.listed && entryCount > 0 && (
        <StatementTable
          rows={rows}
          label={t('STATEMENT_SCREEN.TABLE_LABEL', {
            start: formatDate(c.range.start),
            end: formatDate(c.range.end),
          })}
          onOpenReceipt={setReceiptEntry}
          rowActions={rowActions.length > 0 ? renderRowActions : undefined}
          actionSlots={1 + rowActions.length}
        />
      )}
      <Actions data-print-hide="">
        <Button variant="secondary" onClick={() => setExportOpen(true)}>
          {t('STATEMENT_SCREEN.EXPORT')}
        </Button>
        <Button variant="secondary" onClick={print}>
          {t('STATEMENT_SCREEN.PRINT')}
        </Button>
      </Actions>
      {exportOpen && (
        <Suspense fallback={null}>
          <ExportDialogForAccount
            accountRef={accountRef}
            fallback={fallback}
            today={today}
            accountId={accountId}
            shown={c.range}
            onClose={closeExport}
          />
        </Suspense>
      )}
      {receiptEntry && (
        <Suspense fallback={null}>
          <ReceiptDialog
            entry={receiptEntry}
            holder={{ name: fallback.name, taxId: fallback.taxId }}
            accountHolderId={accountHolderId}
            accountId={accountId}
            onClose={closeReceipt}
            variant={variant}
          />
        </Suspense>
      )}
      {openAction && (
        <Suspense fallback={null}>
          <openAction.action.Dialog entry={openAction.entry} onClose={closeAction} />
        </Suspense>
      )}
    </>
  );
}
