/** /WithdrawPixPage: the Pix Saque wizard (pix-cash-page.tsx; 4-pix-part-two.md §2 Withdraw Pix). */
import { PixCashPage } from './pix-cash-page';

export default function PixWithdrawPage() {
  return <PixCashPage kind="WITHDRAW" />;
}
