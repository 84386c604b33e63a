/** /ChangePixPage: the Pix Troco wizard (pix-cash-page.tsx; 4-pix-part-two.md §2 Change Pix). */
import { PixCashPage } from './pix-cash-page';

export default function PixChangePage() {
  return <PixCashPage kind="CHANGE" />;
}
