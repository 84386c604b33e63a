/**
 * The app side of every flow with a screen, once: where the catalog (machines/catalog.ts) puts it,
 * its page when it has one of its own, and the real actors its view is given. The route table
 * (src/app/routes.tsx) takes the flows' pages from here, each page is given the actors of every flow
 * placed at its route, and the build's route map (scripts/route-preload.ts) reads this table as
 * written. `satisfies FlowTable`: a flow of the catalog with a screen and no entry, an entry the
 * catalog does not have, a route that is not the catalog's or actors that are not the machine's do
 * not compile.
 *
 * To add a flow with a screen: one entry, keyed by its catalog id.
 * - its own page: `{ route, view: () => import('<the page>'), actors }` (`public: true` outside the
 *   guard, `texts` as `page()` takes them, `also` for more paths of the same page, `with` for the
 *   flows of another route its page draws too, as a dialog);
 * - a dialog or section of the page at its route: `{ route, actors }`;
 * - a child its parent machine invokes, given its actors by the parent's: `{ route, parent }`.
 */
import type { FlowPath, RoutedFlowId } from '../../machines/catalog';
import type { FlowActors } from '../runtime/flow-actors';
import { mergeActors, page, type ActorsLoader, type AppRoute, type PageLoader, type PageTexts } from './page';

/** The real actors of each area (src/app/actors), loaded with the pages that draw its flows. */
export const accessActors = () => import('./actors/access-actors').then((m) => m.accessFlowActors);
export const statementActors = () => import('./actors/statement-actors').then((m) => m.statementFlowActors);
export const profileActors = () => import('./actors/profile-actors').then((m) => m.profileFlowActors);
export const recipientActors = () => import('./actors/recipient-actors').then((m) => m.recipientFlowActors);
const transferActors = () => import('./actors/transfer-actors').then((m) => m.transferFlowActors);
const paymentActors = () => import('./actors/payment-actors').then((m) => m.paymentFlowActors);
const topupActors = () => import('./actors/topup-actors').then((m) => m.topupFlowActors);
const depositActors = () => import('./actors/deposit-actors').then((m) => m.depositFlowActors);
const receiveActors = () => import('./actors/receive-actors').then((m) => m.receiveFlowActors);
const pixActors = () => import('./actors/pix-actors').then((m) => m.pixFlowActors);
const pixCopyPasteActors = () =>
  import('./actors/pix-copy-paste-actors').then((m) => m.pixCopyPasteFlowActors);
const pixSendActors = () => import('./actors/pix-send-actors').then((m) => m.pixSendFlowActors);
const pixRefundActors = () => import('./actors/pix-refund-actors').then((m) => m.pixRefundFlowActors);
const pixInfractionActors = () =>
  import('./actors/pix-infraction-actors').then((m) => m.pixInfractionFlowActors);
const pixScheduleActors = () => import('./actors/pix-schedule-actors').then((m) => m.pixScheduleFlowActors);
const pixLimitsActors = () => import('./actors/pix-limits-actors').then((m) => m.pixLimitsFlowActors);
const pixMedActors = () => import('./actors/pix-med-actors').then((m) => m.pixMedFlowActors);
const pixClaimsActors = () => import('./actors/pix-claims-actors').then((m) => m.pixClaimsFlowActors);
const depositVaultActors = () =>
  import('./actors/deposit-vault-actors').then((m) => m.depositVaultFlowActors);
const deviceActors = () => import('./actors/device-actors').then((m) => m.deviceFlowActors);
const pixCashActors = () => import('./actors/pix-cash-actors').then((m) => m.pixCashFlowActors);

/** A flow whose page is its own. */
interface OwnPage {
  view: PageLoader;
  texts?: PageTexts;
  /** Reachable without a token, drawn without the shell. */
  public?: boolean;
  /** More paths of the same page. */
  also?: readonly string[];
  /** Flows placed at another route whose views this page draws too (a dialog): it gets their actors. */
  with?: readonly RoutedFlowId[];
}

/** One flow's entry; `route` is its catalog route's path. */
export type FlowTableEntry<K extends RoutedFlowId> = { route: FlowPath<K> } & (
  | ({ actors: () => Promise<Pick<FlowActors, K>> } & (OwnPage | { view?: never }))
  | { parent: RoutedFlowId; actors?: never; view?: never }
);

/** Every flow with a screen, by catalog id. */
export type FlowTable = { [K in RoutedFlowId]: FlowTableEntry<K> };

const flows = {
  // Access (src/features/access). /Logout works with or without a token (without one it just lands
  // on /login), so it needs neither the guard nor the shell.
  login: {
    route: '/login',
    also: ['/'],
    public: true,
    view: () => import('../features/access/login-page'),
    texts: 'core',
    actors: accessActors,
  },
  'verify-link': { route: '/login', actors: accessActors },
  'first-access': {
    route: '/FirstAcess',
    public: true,
    view: () => import('../features/access/first-access-page'),
    texts: ['access-password'],
    actors: accessActors,
  },
  'reset-password': {
    route: '/ResetPassword',
    public: true,
    view: () => import('../features/access/reset-password-page'),
    texts: ['access-password'],
    actors: accessActors,
  },
  'first-login': {
    route: '/password/first-login',
    public: true,
    view: () => import('../features/access/first-login-page'),
    texts: ['access-password'],
    actors: accessActors,
  },
  'change-password': {
    route: '/password/change',
    also: ['/ProfileChangePassword'],
    view: () => import('../features/access/change-password-page'),
    texts: ['access-password'],
    actors: accessActors,
  },
  'change-by-code': {
    route: '/password/change-by-code',
    view: () => import('../features/access/change-by-code-page'),
    texts: ['access-password'],
    actors: accessActors,
  },
  logout: {
    route: '/Logout',
    public: true,
    view: () => import('../shell/logout-page'),
    texts: 'core',
    actors: accessActors,
  },
  // Statement (src/features/statement): the summary is the statement machine's child.
  statement: {
    route: '/Statement',
    view: () => import('../features/statement/statement-page'),
    texts: ['statement', 'pix', 'payments', 'recipients', 'errors-movements'],
    actors: statementActors,
  },
  'account-summary': { route: '/Statement', parent: 'statement' },
  receipt: { route: '/Statement', actors: statementActors },
  'statement-export': { route: '/Statement', actors: statementActors },
  // Profile (src/features/profile).
  'address-book': {
    route: '/ProfileAddressBook',
    view: () => import('../features/profile/address-book-page'),
    texts: ['profile', 'recipients', 'errors-movements'],
    actors: profileActors,
  },
  // Money movement (src/features/transfers): the transfer pages open the recipient book as a dialog.
  'recipient-book': {
    route: '/Transfer/Recipient',
    view: () => import('../features/transfers/recipient-book-page'),
    texts: ['pix', 'recipients', 'errors-movements'],
    actors: recipientActors,
  },
  'bank-transfer': {
    route: '/TransferToBank',
    view: () => import('../features/transfers/bank-transfer-page'),
    texts: ['transfers', 'pix', 'recipients', 'errors-movements'],
    actors: transferActors,
    with: ['recipient-book'],
  },
  'company-transfer': {
    route: '/TransferToBrinks',
    view: () => import('../features/transfers/company-transfer-page'),
    texts: ['transfers', 'pix', 'recipients', 'errors-movements'],
    actors: transferActors,
    with: ['recipient-book'],
  },
  // Top-up and deposits (src/features/topup), bills (src/features/payments), receive by QR code.
  'mobile-top-up': {
    route: '/RechargeCell',
    view: () => import('../features/topup/mobile-top-up-page'),
    texts: ['topup', 'transfers', 'recipients', 'errors-movements'],
    actors: topupActors,
  },
  'deposit-boleto': {
    route: '/Deposit',
    view: () => import('../features/topup/deposit-boleto-page'),
    texts: ['topup', 'pix', 'transfers', 'errors-movements'],
    actors: depositActors,
  },
  'deposit-list': {
    route: '/Deposit/Ticket',
    view: () => import('../features/topup/deposit-list-page'),
    texts: ['topup', 'errors-movements'],
    actors: depositActors,
  },
  'bill-payment': {
    route: '/Payment',
    view: () => import('../features/payments/bill-payment-page'),
    texts: ['payments', 'transfers', 'recipients', 'errors-movements'],
    actors: paymentActors,
  },
  'receive-check': {
    route: '/Receive',
    view: () => import('../features/receive/receive-check-page'),
    texts: ['receive', 'transfers', 'recipients', 'qr-reader', 'errors-movements'],
    actors: receiveActors,
  },
  // Pix (src/features/pix): the register dialog is the key list's child; refund and infraction are
  // row actions of the Pix statement (a page of routes.tsx, not a flow's).
  'pix-hub': {
    route: '/Pix',
    view: () => import('../features/pix/pix-hub-page'),
    texts: ['pix', 'receive', 'recipients', 'errors-movements'],
    actors: pixActors,
  },
  'pix-keys': {
    route: '/ManageKeys',
    view: () => import('../features/pix/pix-keys-page'),
    texts: ['pix', 'recipients', 'errors-movements'],
    actors: pixActors,
  },
  'pix-key-register': { route: '/ManageKeys', parent: 'pix-keys' },
  'pix-copy-paste': {
    route: '/PixCopyPaste',
    view: () => import('../features/pix/pix-copy-paste-page'),
    texts: ['pix', 'transfers', 'recipients', 'qr-reader', 'errors-movements'],
    actors: pixCopyPasteActors,
  },
  'pix-send-key': {
    route: '/PixKey',
    view: () => import('../features/pix/pix-key-page'),
    texts: ['pix', 'transfers', 'recipients', 'errors-movements'],
    actors: pixSendActors,
  },
  'pix-send-manual': {
    route: '/PixManual',
    view: () => import('../features/pix/pix-manual-page'),
    texts: ['pix', 'transfers', 'recipients', 'errors-movements'],
    actors: pixSendActors,
  },
  'pix-refund': { route: '/PixExtractPage', actors: pixRefundActors },
  'pix-infraction': { route: '/PixExtractPage', actors: pixInfractionActors },
  'pix-receive': {
    route: '/PixReceive',
    view: () => import('../features/pix/pix-receive-page'),
    texts: ['pix', 'receive', 'recipients', 'errors-movements'],
    actors: pixActors,
  },
  // Scheduled Pix (4-pix-part-two.md §2 Scheduled payments; issue 28; the spec's spelling).
  'pix-schedules': {
    route: '/PixShedulingPage',
    view: () => import('../features/pix/pix-schedules-page'),
    texts: ['pix', 'errors-movements'],
    actors: pixScheduleActors,
  },
  // Pix limits (4-pix-part-two.md §2 Pix limits; issue 28).
  'pix-limits': {
    route: '/PixLimits',
    view: () => import('../features/pix/pix-limits-page'),
    texts: ['pix', 'errors-movements'],
    actors: pixLimitsActors,
  },
  // Deposit by Pix: a section of the deposit page (issue 31).
  'deposit-pix': { route: '/Deposit', actors: depositActors },
  // The MED list with the self-service contest, which opens the infraction report (4-pix-part-two.md
  // §2 Infractions; issue 31).
  'pix-med': {
    route: '/PixMEDPage',
    view: () => import('../features/pix/pix-med-page'),
    // Its own texts, the infraction report's (PIX_INFRACTION, in pix) and the error groups: the
    // MED list's texts are in no other route's first load.
    texts: ['own-pix-med', 'pix', 'errors-movements'],
    actors: pixMedActors,
    with: ['pix-infraction'],
  },
  // Key portability and ownership claims (4-pix-part-two.md §2 Portability; issue 30).
  'pix-claims': {
    route: '/PortabilityPage',
    view: () => import('../features/pix/pix-claims-page'),
    // Its own texts and the error groups (PIXCLAIM): no other route carries the claims' texts.
    texts: ['own-claims', 'errors-movements'],
    actors: pixClaimsActors,
  },
  // Cash-vault search (4-pix-part-two.md §2 Cash-vault search; issue 31): the map loads at step 2.
  'deposit-vault': {
    route: '/DepositVault',
    view: () => import('../features/pix/deposit-vault-page'),
    // Its texts are its own part and the error groups: no other route carries them.
    texts: ['own-vaults', 'errors-movements'],
    actors: depositVaultActors,
  },
  // Trusted devices and the e-mailed second factor (4-pix-part-two.md §2; issue 30).
  'device-list': {
    route: '/DeviceList',
    view: () => import('../features/devices/device-list-page'),
    texts: ['own-devices'],
    actors: deviceActors,
  },
  'device-validation': {
    route: '/autentica/:token',
    also: ['/autentica'],
    public: true,
    view: () => import('../features/devices/device-validation-page'),
    texts: ['own-devices'],
    actors: deviceActors,
  },
  // Pix Saque and Pix Troco (4-pix-part-two.md §2 Withdraw Pix and Change Pix; issue 29): one page
  // for both, only for the holders with the session's functionality; the texts are its own part.
  'pix-withdraw-qr': {
    route: '/WithdrawPixPage',
    view: () => import('../features/pix/pix-withdraw-page'),
    texts: ['own-pix-cash', 'errors-movements'],
    actors: pixCashActors,
  },
  'pix-change-qr': {
    route: '/ChangePixPage',
    view: () => import('../features/pix/pix-change-page'),
    texts: ['own-pix-cash', 'errors-movements'],
    actors: pixCashActors,
  },
} satisfies FlowTable;

/** An entry as the derivations read it. */
type AnyEntry = { route: string; actors?: ActorsLoader; parent?: RoutedFlowId } & Partial<OwnPage>;
const table: Record<RoutedFlowId, AnyEntry> = flows;
const entries = Object.values(table);

/** The actors' loaders of the flows placed at `path` and of the flows their pages draw too. */
const loadersAt = (path: string): ActorsLoader[] =>
  entries
    .filter((e) => e.route === path)
    .flatMap((e) => [e.actors, ...(e.with ?? []).map((id) => table[id].actors)])
    .filter((load): load is ActorsLoader => load !== undefined);

/**
 * The actors of every flow the catalog places at `path`, with `own` (a page of routes.tsx that is
 * not a flow's, such as the Pix statement, and draws flows' dialogs: their actors come from here).
 */
export const flowActorsAt = (path: string, ...own: ActorsLoader[]): ActorsLoader =>
  mergeActors([...loadersAt(path), ...own]);

/** The pages of the flows that have their own, each at its route and its `also` paths. */
export const flowRoutes: readonly AppRoute[] = entries.flatMap((e) => {
  if (!e.view) return [];
  const component = page(e.view, { texts: e.texts, actors: flowActorsAt(e.route) });
  return [e.route, ...(e.also ?? [])].map((path) => ({ path, component, public: e.public }));
});
