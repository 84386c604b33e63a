/**
 * The statement screen's parts that read the account summary (statement-screen.tsx): the header
 * with, while printing, the print-only statement under it and its header lines (account, branch,
 * holder, tax id, balance), and the export dialog given the account its files print.
 */
import { useSelector } from '@xstate/react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../format/brl';
import { maskTaxId } from '../../format/masks';
import {
  AccountHeader,
  taxIdKind,
  useHeaderFacts,
  type AccountSummaryRef,
  type HeaderFacts,
} from './account-header';
import type { ExportDialogProps } from './export-dialog';
import { StatementPrint } from './statement-print';

/**
 * The export dialog (with the export machine) loads when it is opened, not with the page: the
 * statement's first load stays under its budget (issue 26, scripts/bundle-budget.ts). It shows
 * once its chunk has arrived, like the receipt and row actions' dialogs.
 */
const ExportDialog = lazy(() => import('./export-dialog').then((m) => ({ default: m.ExportDialog })));

/** The print copy's texts, which differ between the two statements. */
export interface PrintTexts {
  /** The print copy's title and its balance line (§2 Pix statement: 'Saldo em conta'). */
  printTitle: string;
  printBalance: string;
  /** The empty state, on screen and in the print copy. */
  empty: string;
}

/** What the printout says of the balance: the amount, or that it is hidden (as on screen) or missing. */
interface PrintedBalance {
  balance: number | null;
  hidden: boolean;
}

/** The lines of the printed header: account, branch, holder, tax id, and the available balance. */
function headerLines(
  facts: HeaderFacts,
  balance: PrintedBalance,
  t: (key: string) => string,
  balanceKey: string,
): string[] {
  const lines = [
    `${t('STATEMENT_SCREEN.ACCOUNT')}: ${facts.account ?? '-'}`,
    `${t('STATEMENT_SCREEN.BRANCH')}: ${facts.branch}`,
  ];
  if (facts.name) lines.push(`${t('STATEMENT_SCREEN.HOLDER')}: ${facts.name}`);
  if (facts.taxId)
    lines.push(`${t(`STATEMENT_SCREEN.${taxIdKind(facts.taxId)}`)}: ${maskTaxId(facts.taxId)}`);
  // A balance the user hid on screen stays hidden on paper: printing is not a way round the toggle.
  const shown = balance.hidden
    ? t('STATEMENT_SCREEN.BALANCE_HIDDEN')
    : balance.balance === null
      ? '-'
      : formatBRL(balance.balance);
  lines.push(`${t(balanceKey)}: ${shown}`);
  return lines;
}

/** The header, and while printing the print-only statement under it (it needs the header facts). */
export function AccountHeaderWithFacts({
  texts,
  accountRef,
  fallback,
  printing,
  rows,
  periodText,
}: {
  texts: PrintTexts;
  accountRef: AccountSummaryRef;
  fallback: HeaderFacts;
  printing: boolean;
  rows: Parameters<typeof StatementPrint>[0]['rows'];
  periodText: string;
}) {
  const { t } = useTranslation();
  const facts = useHeaderFacts(accountRef, fallback);
  const balance = useSelector(
    accountRef,
    (s): PrintedBalance => ({
      balance: s.context.balance,
      hidden: s.matches({ ready: 'balanceHidden' }),
    }),
    (a, b) => a.balance === b.balance && a.hidden === b.hidden,
  );
  return (
    <>
      <div data-print-hide="">
        <AccountHeader accountRef={accountRef} fallback={fallback} />
      </div>
      {printing && (
        <StatementPrint
          rows={rows}
          periodText={periodText}
          headerLines={headerLines(facts, balance, t, texts.printBalance)}
          title={t(texts.printTitle)}
          emptyText={t(texts.empty)}
        />
      )}
    </>
  );
}

/** The export dialog with the header facts the files print. */
export function ExportDialogForAccount({
  accountRef,
  fallback,
  ...dialog
}: Omit<ExportDialogProps, 'account'> & {
  accountRef: AccountSummaryRef | undefined;
  fallback: HeaderFacts;
}) {
  const client = useSelector(accountRef, (s) => s?.context.client ?? null);
  const account = {
    account: client?.account.account ?? fallback.account ?? '',
    name: client?.client.name ?? fallback.name ?? '',
    taxId: client?.client.taxIdentifier.taxId ?? fallback.taxId ?? '',
  };
  return <ExportDialog {...dialog} account={account} />;
}
