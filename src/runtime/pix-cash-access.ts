/**
 * Who may make Pix Saque and Pix Troco codes (4-pix-part-two.md §2 Withdraw Pix and Change Pix;
 * 1-access-shell-statement.md §3: the session keeps the permission functionalities 'PIX SAQUE' and
 * 'PIX TROCO'; issue 29): the holders with the functionality, while its configuration flag is on.
 * The menu, the Pix hub and the wizard's page ask the same question here, and the bank re-checks it
 * (422/403 PIXCASH 120, sandbox/routes/pix-cash.ts).
 */
import type { FeatureFlags } from './config';

export type CashQrService = 'WITHDRAW' | 'CHANGE';

/** The session functionality of each service (1-access-shell-statement.md §3). */
export const CASH_FUNCTIONALITY: Record<CashQrService, string> = {
  WITHDRAW: 'PIX SAQUE',
  CHANGE: 'PIX TROCO',
};

const FLAG: Record<CashQrService, 'pixWithdraw' | 'pixChange'> = {
  WITHDRAW: 'pixWithdraw',
  CHANGE: 'pixChange',
};

/** Whether a session with `functionalities` may use `service` under `flags`. */
export function mayMakeCashQr(
  service: CashQrService,
  functionalities: readonly string[] | undefined,
  flags: Pick<FeatureFlags, 'pixWithdraw' | 'pixChange'>,
): boolean {
  return flags[FLAG[service]] && (functionalities ?? []).includes(CASH_FUNCTIONALITY[service]);
}
