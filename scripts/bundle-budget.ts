/**
 * Bundle budgets (issue 26): the gzipped JavaScript a browser downloads to draw each route the
 * first time, signed in (scripts/first-load.ts: the entry and what index.html's route map asks for
 * on that route). Gzip level 9, as the build's precompressed `.gz` files. Always prints every
 * route's figure; fails when one is over its budget. `npm run build` runs it after `vite build`:
 *   npx vite build && npx tsx scripts/bundle-budget.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE } from '../src/i18n/languages.ts';
import { measure, overBudget, readRouteMap, routeLoads, type Budgets } from './first-load.ts';
import { readManifest } from './route-preload.ts';

/**
 * A public page draws before anyone signs in, on the slowest link: /login carries the libraries
 * (about 120 KB of the 160). A protected one adds the shell, the area texts and its page.
 * `routes` holds the exceptions, each with why; lower one whenever its route gets lighter.
 */
const BUDGETS: Budgets = {
  publicKb: 160,
  protectedKb: 200,
  // Every route is held to its figure of November 28, fifth session (branch routes, issue 26),
  // plus 1 KB of room, rounded up, and never above its kind's budget: lower one whenever its
  // route gets lighter. That session took date-fns's formatter out of every page that shows a
  // date (src/format/dates.ts, Intl), the bank list out of the TED's and the Pix institution
  // step's first load (src/ui/bank-list.ts) and every area's texts out of the pages that do not
  // name them (`texts` in src/app/flows.ts and routes.tsx). The sixth (branch routes2) loads the
  // transfer pages' recipient book dialog when opened (recipient-book-picker.tsx) and gives the
  // machines each bank code's name only (machines/data/bank-names.json, 7 KB instead of the
  // list's 13.7). Still over 200 (debts): the Pix catalogue (pix.json, 8.8 KB, one part for every
  // Pix screen, /Statement, the transfers and /Deposit), the recipient book on its own pages
  // (9.6 KB), the statement screen (10.6 KB) and react-final-form (9.1 KB) on the form pages.
  routes: {
    '/login': 160,
    '/': 160,
    '/FirstAcess': 158,
    '/ResetPassword': 158,
    '/password/first-login': 158,
    '/password/change': 182,
    '/ProfileChangePassword': 182,
    '/password/change-by-code': 186,
    '/Logout': 150,
    '/Statement': 211,
    '/ProfileAddressBook': 194,
    '/Transfer/Recipient': 218,
    '/TransferToBank': 225,
    '/TransferToBrinks': 221,
    '/RechargeCell': 198,
    '/Deposit': 203,
    '/Deposit/Ticket': 192,
    '/Payment': 195,
    '/Receive': 201,
    '/Pix': 191,
    '/ManageKeys': 203,
    '/PixCopyPaste': 221,
    '/PixKey': 227,
    '/PixManual': 224,
    '/PixReceive': 212,
    '/PixShedulingPage': 185,
    '/PixLimits': 185,
    '/PixMEDPage': 188,
    '/PortabilityPage': 185,
    '/DepositVault': 176,
    // +2 at the merge of the books branch: the device list draws with the shared PagedGrid.
    '/DeviceList': 177,
    '/autentica/:param': 149,
    '/autentica': 149,
    '/WithdrawPixPage': 191,
    '/ChangePixPage': 191,
    '/password/forgot': 124,
    '/Profile': 196,
    '/ProfileAccountData': 196,
    '/ProfileHelpCenter': 162,
    '/PixRecipientPage': 218,
    '/PixMyLimitsMenu': 170,
    '/PixSend': 170,
    '/PixExtractPage': 221,
  },
};

const dist = process.argv[2] ?? 'dist';
const manifest = readManifest(dist);
const loads = routeLoads(
  readRouteMap(readFileSync(join(dist, 'index.html'), 'utf8')),
  manifest,
  DEFAULT_LANGUAGE,
);
const measured = measure(
  loads,
  BUDGETS,
  (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('First load per route (gzipped JavaScript; protected routes signed in):');
for (const m of measured)
  console.log(
    `  ${kb(m.bytes).padStart(6)} KB  of ${String(m.budgetKb).padStart(3)}  ${m.path}${m.isProtected ? '' : ' (public)'}`,
  );
const over = overBudget(measured);
if (over.length) {
  for (const m of over)
    console.error(
      `bundle-budget: ${m.path} is ${kb(m.bytes - m.budgetKb * 1024)} KB over its ${m.budgetKb} KB budget`,
    );
  process.exit(1);
}
