/**
 * /Statement, the landing screen after sign-in (1-access-shell-statement.md §2 Statement screen):
 * the statement screen (statement-screen.tsx) of the account.
 */
import { StatementScreen } from './statement-screen';

export default function StatementPage() {
  return <StatementScreen variant="account" />;
}
