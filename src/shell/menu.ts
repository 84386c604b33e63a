/**
 * The side menu's registry (1-access-shell-statement.md §2 "Side menu and top bar"): every entry of
 * the spec, in the spec's order. An entry is shown only when its route is registered in
 * src/app/routes.tsx, so the menu never offers a dead link; a group is shown when one of its
 * children is. Adding a page to the route table is all it takes to make its entry appear.
 */
import type { IconName } from '../ui/icons';

/** A link of the menu. */
export interface MenuLink {
  kind: 'link';
  id: string;
  /** i18n key of the label (MENU.*). */
  labelKey: string;
  path: string;
  icon?: IconName;
  /** Extra rule that hides the entry even when its route exists. */
  hiddenWhen?: (ctx: MenuContext) => boolean;
  /**
   * Other routes that show this entry's page (the route table's aliases, such as /Profile for
   * /ProfileAccountData): the menu highlights the entry there too, so the user knows where they are.
   */
  aliases?: readonly string[];
}

/** A submenu: a toggle button (aria-expanded) over its links. */
export interface MenuGroup {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: IconName;
  children: readonly MenuLink[];
  hiddenWhen?: (ctx: MenuContext) => boolean;
}

export type MenuEntry = MenuLink | MenuGroup;

/** What decides visibility. */
export interface MenuContext {
  /** Whether a path is in the route table. */
  isRegistered: (path: string) => boolean;
  /** config.flags.pixBlock. */
  pixBlock: boolean;
  /** client.hasPixPermission (unknown while the client loads). */
  hasPixPermission: boolean | undefined;
  /**
   * Whether the session may make Pix Saque / Pix Troco codes (src/runtime/pix-cash-access.ts: the
   * functionality and its flag); absent: neither.
   */
  cashServices?: { WITHDRAW: boolean; CHANGE: boolean };
}

const link = (
  id: string,
  labelKey: string,
  path: string,
  icon?: IconName,
  hiddenWhen?: MenuLink['hiddenWhen'],
  aliases?: readonly string[],
): MenuLink => ({
  kind: 'link',
  id,
  labelKey,
  path,
  icon,
  hiddenWhen,
  aliases,
});

/** §6: the Pix entry is hidden when the Pix-block flag is on and the client lacks Pix permission. */
export const pixHidden = (ctx: MenuContext): boolean => ctx.pixBlock && !ctx.hasPixPermission;

/** Every entry, in the order of the spec. */
export const MENU: readonly MenuEntry[] = [
  link('statement', 'MENU.STATEMENT', '/Statement', 'statement'),
  {
    kind: 'group',
    id: 'transfer',
    labelKey: 'MENU.TRANSFER',
    icon: 'transfer',
    children: [
      link('transfer-to-brinks', 'MENU.TRANSFER_TO_BRINKS', '/TransferToBrinks'),
      link('transfer-to-bank', 'MENU.TRANSFER_TO_BANK', '/TransferToBank'),
      link('transfer-recipients', 'MENU.TRANSFER_RECIPIENTS', '/Transfer/Recipient'),
    ],
  },
  link('payment', 'MENU.PAYMENT', '/Payment', 'payment'),
  link('recharge-cell', 'MENU.RECHARGE_CELL', '/RechargeCell', 'phone'),
  link('deposit', 'MENU.DEPOSIT', '/Deposit', 'deposit', undefined, ['/Deposit/Ticket']),
  // The cash-vault search is a deposit route (1-access-shell-statement.md §2 lists /DepositVault with
  // /Deposit and /Deposit/Ticket) for every holder, individual or company (4-pix-part-two.md §1, §6:
  // one role); the spec's menu names no entry of its own for it, so it sits right after Deposit.
  link('deposit-vault', 'MENU.DEPOSIT_VAULT', '/DepositVault', 'vault'),
  // The spec's menu order (1-access-shell-statement.md §2) does not list /Receive, a route of the
  // logged-in user: it sits after Deposit, the other way money comes in.
  link('receive', 'MENU.RECEIVE', '/Receive', 'qrCode'),
  link('pix', 'MENU.PIX', '/Pix', 'pix', pixHidden),
  // Pix Saque and Pix Troco (4-pix-part-two.md §2; issue 29): only for the agents whose session
  // has the functionality, after Pix, whose area they belong to.
  link(
    'pix-withdraw',
    'MENU.PIX_WITHDRAW',
    '/WithdrawPixPage',
    'qrCode',
    (ctx) => !ctx.cashServices?.WITHDRAW,
  ),
  link('pix-change', 'MENU.PIX_CHANGE', '/ChangePixPage', 'qrCode', (ctx) => !ctx.cashServices?.CHANGE),
  {
    kind: 'group',
    id: 'profile',
    labelKey: 'MENU.PROFILE',
    icon: 'profile',
    children: [
      link('profile-account-data', 'MENU.PROFILE_ACCOUNT_DATA', '/ProfileAccountData', undefined, undefined, [
        '/Profile',
      ]),
      link('profile-address-book', 'MENU.PROFILE_ADDRESS_BOOK', '/ProfileAddressBook'),
      // The user menu's /password/change and the by-code change reached from it are this page too.
      link(
        'profile-change-password',
        'MENU.PROFILE_CHANGE_PASSWORD',
        '/ProfileChangePassword',
        undefined,
        undefined,
        ['/password/change', '/password/change-by-code'],
      ),
      link('profile-help-center', 'MENU.PROFILE_HELP_CENTER', '/ProfileHelpCenter'),
      link('device-list', 'MENU.DEVICE_LIST', '/DeviceList'),
    ],
  },
];

function linkVisible(entry: MenuLink, ctx: MenuContext): boolean {
  return ctx.isRegistered(entry.path) && !entry.hiddenWhen?.(ctx);
}

/** The entries to draw: unregistered or hidden links dropped, empty groups dropped. */
export function visibleMenu(entries: readonly MenuEntry[], ctx: MenuContext): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (linkVisible(entry, ctx)) out.push(entry);
      continue;
    }
    if (entry.hiddenWhen?.(ctx)) continue;
    const children = entry.children.filter((child) => linkVisible(child, ctx));
    if (children.length > 0) out.push({ ...entry, children });
  }
  return out;
}

/** Whether `location` is `path` or below it (case-insensitive, like wouter's matching). */
export function isActivePath(location: string, path: string): boolean {
  const here = location.toLowerCase().replace(/\/+$/, '');
  const target = path.toLowerCase();
  return here === target || here.startsWith(`${target}/`);
}

/** Whether the menu link is the page at `location`: its own path or one of its aliases. */
export function isActiveLink(location: string, entry: Pick<MenuLink, 'path' | 'aliases'>): boolean {
  return [entry.path, ...(entry.aliases ?? [])].some((path) => isActivePath(location, path));
}
