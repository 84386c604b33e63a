/**
 * /PixExtractPage, the Pix statement (3-pix-part-one.md §2 Pix statement, §5 "Statement row
 * actions", §7; 4-pix-part-two.md §2 Pix statement): the statement screen of /Statement in its Pix
 * variant. The same machines and views (period filter, search, hideable balance, windowed table,
 * export, print, receipt), given the Pix calls by the route's actors (getPixStatement,
 * getPixReportStatement, getPixReceipt), and the row actions of §5 after each receipt button.
 *
 * It lives beside the statement it shares, since a feature area may not import another; the row
 * actions (src/features/pix/statement/row-actions.ts) come from the route
 * (src/app/pix-statement-route.tsx).
 */
import type { PixStatementEntry } from '../../../machines/pix/pix-statement-rules';
import type { RowAction } from '../../ui/row-actions';
import { StatementScreen } from './statement-screen';

export interface PixStatementPageProps {
  rowActions: readonly RowAction<PixStatementEntry>[];
}

export default function PixStatementPage({ rowActions }: PixStatementPageProps) {
  return <StatementScreen variant="pix" rowActions={rowActions} />;
}
