/**
 * The route of /PixExtractPage: the Pix statement page (src/features/statement) with the row
 * actions of the Pix area (src/features/pix/statement/row-actions.ts). Composed here because the
 * two feature areas may not import each other.
 */
import PixStatementPage from '../features/statement/pix-statement-page';
import { PIX_ROW_ACTIONS } from '../features/pix/statement/row-actions';

export default function PixStatementRoute() {
  return <PixStatementPage rowActions={PIX_ROW_ACTIONS} />;
}
