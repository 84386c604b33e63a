/**
 * The paths generated from every catalog machine that has e2e bindings, played through the real UI
 * against the sandbox (e2e/driver/README.md). Which paths, by PATHS_SET:
 * - `cover` (default, `npm test`): per flow, a covering subset of the shortest and simple sets:
 *   every state, transition and guard outcome they play, with far fewer paths (coveringSet);
 * - `shortest` (`npm run test:paths -- --shard=1/4`): the whole shortest set;
 * - `simple` (`npm run test:paths:all -- --shard=1/4`): the whole simple set.
 *
 * To bind another flow: write e2e/bindings/<flow>.ts (see login.ts) and add one entry to `flows`,
 * keyed by the flow's catalog id. An entry is the bindings (`defineBindings(...)`) or, when some
 * outcomes cannot be provoked against the sandbox, `{ bindings, gaps }`: paths through a gap are
 * left out here (the machine tests still play them) and listed by the skipped-path test below.
 */
import { test } from './support/reused-page';
import { catalog, type FlowId, type RoutedFlowId } from '../machines/catalog';
import type { FlowEntry } from '../machines/catalog-types';
import { coveringSet, generatePaths, type FlowPath } from '../machines/harness/generate';
import { choosePaths, definePathTests, type PlaywrightBindings } from './driver/path-driver';
import { computeShared } from './driver/shared-plan';
import { accountSummaryFlow } from './bindings/account-summary';
import { addressBookFlow } from './bindings/address-book';
import { bankTransferFlow } from './bindings/bank-transfer';
import { billPaymentFlow } from './bindings/bill-payment';
import { changeByCodeFlow } from './bindings/change-by-code';
import { changePasswordFlow } from './bindings/change-password';
import { companyTransferFlow } from './bindings/company-transfer';
import { firstAccessFlow } from './bindings/first-access';
import { firstLoginFlow } from './bindings/first-login';
import { loginFlow } from './bindings/login';
import { logoutFlow } from './bindings/logout';
import { pixHubFlow } from './bindings/pix-hub';
import { pixKeyRegisterFlow } from './bindings/pix-key-register';
import { pixKeysFlow } from './bindings/pix-keys';
import { pixCopyPasteFlow } from './bindings/pix-copy-paste';
import { pixSendKeyFlow } from './bindings/pix-send-key';
import { pixSendManualFlow } from './bindings/pix-send-manual';
import { pixRefundFlow } from './bindings/pix-refund';
import { pixReceiveFlow } from './bindings/pix-receive';
import { pixSchedulesFlow } from './bindings/pix-schedules';
import { pixLimitsFlow } from './bindings/pix-limits';
import { depositPixFlow } from './bindings/deposit-pix';
import { pixMedFlow } from './bindings/pix-med';
import { pixClaimsFlow } from './bindings/pix-claims';
import { depositVaultFlow } from './bindings/deposit-vault';
import { deviceListFlow } from './bindings/device-list';
import { deviceValidationFlow } from './bindings/device-validation';
import { pixChangeQrFlow, pixWithdrawQrFlow } from './bindings/pix-cash-qr';
import { receiptFlow } from './bindings/receipt';
import { receiveCheckFlow } from './bindings/receive-check';
import { recipientBookFlow } from './bindings/recipient-book';
import { resetPasswordFlow } from './bindings/reset-password';
import { statementFlow } from './bindings/statement';
import { statementExportFlow } from './bindings/statement-export';
import {
  crossesGap,
  crossesSequence,
  crossesUnplayable,
  expectAnsweredInShape,
  type BoundFlow,
} from './bindings/support';
import { verifyLinkFlow } from './bindings/verify-link';
import { mobileTopUpFlow } from './bindings/mobile-top-up';
import { depositBoletoFlow } from './bindings/deposit-boleto';
import { depositListFlow } from './bindings/deposit-list';
import { pixInfractionFlow } from './bindings/pix-infraction';

const SETS = ['cover', 'shortest', 'simple'] as const;
// PATHS_STRATEGY=simple is the older spelling of PATHS_SET=simple.
const set = process.env.PATHS_SET ?? (process.env.PATHS_STRATEGY === 'simple' ? 'simple' : 'cover');
if (!(SETS as readonly string[]).includes(set))
  throw new Error(`PATHS_SET deve ser ${SETS.join(', ')}; veio '${set}'`);
const strategy = set === 'simple' ? 'simple' : 'shortest';

/**
 * Bound flows by catalog id. Every flow with a screen (a `route` in its catalog entry) must be
 * here and nothing but a catalog id may be: both are compile-time checks of the flow ids.
 */
const flows: { [K in RoutedFlowId]: BoundFlow | PlaywrightBindings } & {
  [K in FlowId]?: BoundFlow | PlaywrightBindings;
} = {
  login: loginFlow,
  'verify-link': verifyLinkFlow,
  'first-access': firstAccessFlow,
  'reset-password': resetPasswordFlow,
  'first-login': firstLoginFlow,
  'change-password': changePasswordFlow,
  'change-by-code': changeByCodeFlow,
  logout: logoutFlow,
  statement: statementFlow,
  'account-summary': accountSummaryFlow,
  receipt: receiptFlow,
  'statement-export': statementExportFlow,
  'address-book': addressBookFlow,
  'recipient-book': recipientBookFlow,
  'bank-transfer': bankTransferFlow,
  'company-transfer': companyTransferFlow,
  'mobile-top-up': mobileTopUpFlow,
  'deposit-boleto': depositBoletoFlow,
  'deposit-list': depositListFlow,
  'bill-payment': billPaymentFlow,
  'receive-check': receiveCheckFlow,
  'pix-hub': pixHubFlow,
  'pix-keys': pixKeysFlow,
  'pix-key-register': pixKeyRegisterFlow,
  'pix-copy-paste': pixCopyPasteFlow,
  'pix-send-key': pixSendKeyFlow,
  'pix-send-manual': pixSendManualFlow,
  'pix-refund': pixRefundFlow,
  'pix-infraction': pixInfractionFlow,
  'pix-receive': pixReceiveFlow,
  'pix-schedules': pixSchedulesFlow,
  'pix-limits': pixLimitsFlow,
  'deposit-pix': depositPixFlow,
  'pix-med': pixMedFlow,
  'pix-claims': pixClaimsFlow,
  'deposit-vault': depositVaultFlow,
  'device-list': deviceListFlow,
  'device-validation': deviceValidationFlow,
  'pix-withdraw-qr': pixWithdrawQrFlow,
  'pix-change-qr': pixChangeQrFlow,
};

const asBound = (f: BoundFlow | PlaywrightBindings): BoundFlow => ('bindings' in f ? f : { bindings: f });
const bound: Record<string, BoundFlow> = Object.fromEntries(
  Object.entries(flows).map(([id, f]) => [id, asBound(f)]),
);

const leftOut = (path: FlowPath, id: string): boolean =>
  crossesGap(path, bound[id]?.gaps) || crossesSequence(path, bound[id]?.sequences);

const choice = {
  filter: (path: FlowPath, entry: FlowEntry) => !leftOut(path, entry.id),
  // The covering set is taken after the gaps are left out, so it covers what the browser can play;
  // it is chosen among the shortest, the simple paths and the walks together, where a longer
  // simple path often covers what two shortest ones did (268 → 228 paths and 1,546 → 1,427 steps
  // over the catalog, 2026-11-28), and a walk, which may come back to a state after a retry or a
  // closed dialog, what several simple ones did (340 → 155 paths and 1,713 → 1,502 steps over the
  // whole catalog, same day): each path saved is a page load and a sign-in.
  ...(set === 'cover'
    ? {
        select: (paths: FlowPath[], entry: FlowEntry) =>
          coveringSet([
            ...paths,
            ...generatePaths(entry, { strategy: 'simple' }).paths.filter((p) => !leftOut(p, entry.id)),
            ...(bound[entry.id]?.noWalks === undefined
              ? generatePaths(entry, { strategy: 'walk' }).paths.filter(
                  (p) => !leftOut(p, entry.id) && !crossesUnplayable(p, bound[entry.id]?.unplayableWalks),
                )
              : []),
          ]),
      }
    : {}),
};

/**
 * Per bound flow: the paths played and how many they were chosen from, and the paths left out.
 * Generating them costs every process that loads this file ~6 s of CPU, so the runner's are
 * shared with the workers through a file of the run (e2e/driver/shared-plan.ts).
 */
const plans = computeShared(
  `paths-${set}`,
  catalog.filter((e) => bound[e.id]).map((e) => e.id),
  (id) => {
    const entry = catalog.find((e) => e.id === id) as FlowEntry;
    return {
      ...choosePaths(entry, strategy, choice),
      left: generatePaths(entry, { strategy }).paths.filter((p) => leftOut(p, id)),
    };
  },
);

definePathTests(test, catalog, {
  strategy,
  bindings: Object.fromEntries(Object.entries(bound).map(([id, f]) => [id, f.bindings])),
  // Playwright's fake clock: the 120 s time-out and any timer step fast-forward instead of waiting.
  clock: true,
  ...choice,
  planned: (entry) => plans[entry.id],
});

// An answer an outcome armed to be reshaped (answerNextInShape) must have been served by the end
// of its path: a rewrite that never happens must not pass silently.
test.afterEach(({ page }, testInfo) => {
  if (testInfo.status === 'passed') expectAnsweredInShape(page);
});

// The paths left out because the sandbox cannot provoke one of their outcomes, visible in the
// report as skipped tests with the reason (never silently dropped).
for (const entry of catalog) {
  const gaps = bound[entry.id]?.gaps ?? [];
  const sequences = bound[entry.id]?.sequences ?? [];
  if (gaps.length === 0 && sequences.length === 0) continue;
  const left = plans[entry.id]?.left ?? [];
  test.describe(`${entry.id} — caminhos fora do e2e (${strategy})`, () => {
    for (const path of left) {
      const why = [...gaps.filter((g) => crossesGap(path, [g])), ...sequences.filter((q) => q.crosses(path))]
        .map((g) => `${g.key}: ${g.why}`)
        .join('; ');
      test.skip(
        `[${path.id}] ${path.title}`,
        { annotation: { type: 'fora do e2e', description: why } },
        () => {
          // Never runs: declared skipped so the report lists the path and why.
        },
      );
    }
  });
}
