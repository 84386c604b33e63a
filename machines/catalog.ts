/**
 * The catalog of every flow: machine, title, route, spec refs and test fixtures. It feeds the
 * generated paths (tests/machines), the e2e path driver (e2e/driver), the QA export
 * (scripts/paths.ts), the charts (scripts/charts.ts) and the auditors' viewer (src/audit).
 *
 * To register a flow: write `machines/<area>/<flow>.machine.ts` (states with
 * `meta: { spec, label? }`) and `<flow>.fixtures.ts` beside it exporting `defineFlow({ machine,
 * ... })` (machines/catalog-types.ts: every fixture typed by the machine) with the events to
 * explore (valid and invalid payloads), each actor's outcomes (`{ actor: <invoke id>, kind:
 * 'done', output }` / `{ kind: 'error', error }`), and `operations` (actor src → operationId of
 * the contract); then import it here and add it to the array.
 * `npx vitest run tests/machines` then requires 100% state and transition coverage of it.
 * This is the only barrel file of machines/.
 */
import type { FlowEntry, MachineOf } from './catalog-types';
import { changeByCodeFlow } from './access/change-by-code.fixtures.ts';
import { changePasswordFlow } from './access/change-password.fixtures.ts';
import { firstLoginFlow } from './access/first-login.fixtures.ts';
import { loginFlow } from './access/login.fixtures.ts';
import { logoutFlow } from './access/logout.fixtures.ts';
import { firstAccessFlow, resetPasswordFlow } from './access/password-setup.fixtures.ts';
import { verifyLinkFlow } from './access/verify-link.fixtures.ts';
import { addressBookFlow } from './profile/address-book.fixtures.ts';
import { accountSummaryFlow } from './statement/account-summary.fixtures.ts';
import { exportFlow } from './statement/export.fixtures.ts';
import { receiptFlow } from './statement/receipt.fixtures.ts';
import { statementFlow } from './statement/statement.fixtures.ts';
import { bankTransferFlow } from './transfers/bank-transfer.fixtures.ts';
import { companyTransferFlow } from './transfers/company-transfer.fixtures.ts';
import { recipientBookFlow } from './transfers/recipient-book.fixtures.ts';
import { securityCodeFlow } from './transfers/security-code.fixtures.ts';
import { mobileTopUpFlow } from './topup/mobile-top-up.fixtures.ts';
import { depositBoletoFlow } from './deposits/deposit-boleto.fixtures.ts';
import { depositListFlow } from './deposits/deposit-list.fixtures.ts';
import { billPaymentFlow } from './payments/bill-payment.fixtures.ts';
import { receiveCheckFlow } from './receive/receive-check.fixtures.ts';
import { pixHubFlow } from './pix/pix-hub.fixtures.ts';
import { pixKeyRegisterFlow } from './pix/pix-key-register.fixtures.ts';
import { pixKeysFlow } from './pix/pix-keys.fixtures.ts';
import { pixSendKeyFlow } from './pix/pix-send-key.fixtures.ts';
import { pixSettlementFlow } from './pix/pix-settlement.fixtures.ts';
import { pixCopyPasteFlow } from './pix/pix-copy-paste.fixtures.ts';
import { pixSendManualFlow } from './pix/pix-send-manual.fixtures.ts';
import { pixRefundFlow } from './pix/pix-refund.fixtures.ts';
import { pixInfractionFlow } from './pix/pix-infraction.fixtures.ts';
import { pixReceiveFlow } from './pix/pix-receive.fixtures.ts';
import { pixSchedulesFlow } from './pix/pix-schedules.fixtures.ts';
import { pixLimitsFlow } from './pix/pix-limits.fixtures.ts';
import { depositPixFlow } from './deposits/deposit-pix.fixtures.ts';
import { pixMedFlow } from './pix/pix-med.fixtures.ts';
import { pixClaimsFlow } from './pix/pix-claims.fixtures.ts';
import { pixChangeQrFlow, pixWithdrawQrFlow } from './pix/pix-cash-qr.fixtures.ts';
import { depositVaultFlow } from './pix/deposit-vault.fixtures.ts';
import { deviceListFlow } from './devices/device-list.fixtures.ts';
import { deviceValidationFlow } from './devices/device-validation.fixtures.ts';

export type { FlowEntry } from './catalog-types';

/** Every flow of the portal, each with its literal id and route. */
const flows = [
  // access (1-access-shell-statement.md §2-§5; 4-pix-part-two.md password flows; /Logout)
  loginFlow,
  verifyLinkFlow,
  firstAccessFlow,
  resetPasswordFlow,
  firstLoginFlow,
  changePasswordFlow,
  changeByCodeFlow,
  logoutFlow,
  // statement (1-access-shell-statement.md §2 Statement screen, Export dialog, Receipt dialog; §5; §8)
  statementFlow,
  accountSummaryFlow,
  receiptFlow,
  exportFlow,
  // profile (1-access-shell-statement.md §2 Profile screen, Address book; §4 Address edit; §5 Address form)
  addressBookFlow,
  // money movement (2-money-movement.md §2 Recipient book, Bank transfer, Company transfer by CNPJ,
  // Security-code dialog; §4; §5; §7)
  recipientBookFlow,
  bankTransferFlow,
  companyTransferFlow,
  securityCodeFlow,
  // top-up (2-money-movement.md §2 Mobile top-up; §4; §5 Phone; §7)
  mobileTopUpFlow,
  // deposits (2-money-movement.md §2 Deposit by boleto (and the list); §4; §5 Deposit amount; §7)
  depositBoletoFlow,
  depositListFlow,
  // bills (2-money-movement.md §2 Bill payment; §3–§9)
  billPaymentFlow,
  // receive by QR code (2-money-movement.md §2 Receive by QR code; §5 QR field; §7 POST /payments DigitalCheck)
  receiveCheckFlow,
  // Pix, part one (3-pix-part-one.md §2 Pix hub, Key management, Recipient book (Pix variant); §3-§9)
  pixHubFlow,
  pixKeysFlow,
  pixKeyRegisterFlow,
  pixSettlementFlow,
  pixCopyPasteFlow,
  pixSendKeyFlow,
  // Pix send by manual data (3-pix-part-one.md §2 Send by manual data; §3-§9)
  pixSendManualFlow,
  // Pix refund (4-pix-part-two.md §2 refund dialog, §3, §5 Refund, §8 Refund; issue 17)
  pixRefundFlow,
  // Pix infraction report (3-pix-part-one.md §2 Report infraction dialog; §3-§8 Infraction)
  pixInfractionFlow,
  // Pix receive by QR (3-pix-part-one.md §2 Receive; §3-§9; issue 17)
  pixReceiveFlow,
  // Scheduled Pix (4-pix-part-two.md §2 Scheduled payments; §3, §7-§9; issue 28)
  pixSchedulesFlow,
  // Pix limits (4-pix-part-two.md §2 My limits, Pix limits; §5, §8; issue 28 and the 2026 rules)
  pixLimitsFlow,
  // Deposit by Pix (2-money-movement.md §7 POST /deposit-pix; issue 31)
  depositPixFlow,
  // MED list with the self-service contest (4-pix-part-two.md §2 Infractions; §3-§9; issue 31)
  pixMedFlow,
  // Key portability and ownership claims (4-pix-part-two.md §2 Portability; §3-§8; issue 30)
  pixClaimsFlow,
  // Pix Saque and Pix Troco QR codes (4-pix-part-two.md §2 Withdraw Pix, Change Pix; §3, §5, §9; issue 29)
  pixWithdrawQrFlow,
  pixChangeQrFlow,
  // Cash-vault search (4-pix-part-two.md §2 Cash-vault search; §3, §5, §7-§9; issue 31)
  depositVaultFlow,
  // Trusted devices and their second factor (4-pix-part-two.md §2 Device list, /autentica; issue 30)
  deviceListFlow,
  deviceValidationFlow,
] as const;

/** Every flow of the portal. */
export const catalog: FlowEntry[] = [...flows];

/** The id of a flow of the catalog: what every table keyed by flow is checked against. */
export type FlowId = (typeof flows)[number]['id'];

/** The ids of the flows that have a screen (a route): each needs e2e bindings (e2e/paths.spec.ts). */
export type RoutedFlowId = Extract<(typeof flows)[number], { route: string }>['id'];

/** The entry of one flow, with its literal id and route. */
type FlowOf<K extends FlowId> = Extract<(typeof flows)[number], { id: K }>;

/**
 * Each flow's machine by flow id, read from the entries: what the app's actor tables and the views'
 * `useFlow` are typed by (src/runtime/flow-actors.tsx), so a new flow needs no line of its own there.
 */
export type FlowMachines = { [K in FlowId]: MachineOf<FlowOf<K>> };

/**
 * The path of a flow's route, without its query (`/login?action=...` → `/login`): where the app's
 * flow table (src/app/routes.tsx) must put the flow, checked against this.
 */
export type FlowPath<K extends RoutedFlowId> = FlowOf<K>['route'] extends `${infer P}?${string}`
  ? P
  : FlowOf<K>['route'];
