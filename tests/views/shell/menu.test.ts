import { describe, expect, it } from 'vitest';
import {
  MENU,
  isActiveLink,
  isActivePath,
  visibleMenu,
  type MenuContext,
  type MenuEntry,
} from '../../../src/shell/menu';

const ctx = (paths: string[], extra: Partial<MenuContext> = {}): MenuContext => ({
  isRegistered: (p) => paths.map((x) => x.toLowerCase()).includes(p.toLowerCase()),
  pixBlock: false,
  hasPixPermission: true,
  ...extra,
});

const ids = (entries: MenuEntry[]) =>
  entries.map((e) => (e.kind === 'link' ? e.id : `${e.id}[${e.children.map((c) => c.id).join(',')}]`));

const ALL_PATHS = MENU.flatMap((e) => (e.kind === 'link' ? [e.path] : e.children.map((c) => c.path)));

describe('side menu registry', () => {
  it('lists the spec entries in the spec order', () => {
    expect(ids(visibleMenu(MENU, ctx(ALL_PATHS)))).toEqual([
      'statement',
      'transfer[transfer-to-brinks,transfer-to-bank,transfer-recipients]',
      'payment',
      'recharge-cell',
      'deposit',
      // /DepositVault is a deposit route of the spec (1-access-shell-statement.md §2): after Deposit.
      'deposit-vault',
      // Not in the spec's list of entries: /Receive (issue 14) sits after Deposit (src/shell/menu.ts).
      'receive',
      'pix',
      'profile[profile-account-data,profile-address-book,profile-change-password,profile-help-center,device-list]',
    ]);
    expect(ALL_PATHS).toEqual([
      '/Statement',
      '/TransferToBrinks',
      '/TransferToBank',
      '/Transfer/Recipient',
      '/Payment',
      '/RechargeCell',
      '/Deposit',
      '/DepositVault',
      '/Receive',
      '/Pix',
      '/WithdrawPixPage',
      '/ChangePixPage',
      '/ProfileAccountData',
      '/ProfileAddressBook',
      '/ProfileChangePassword',
      '/ProfileHelpCenter',
      '/DeviceList',
    ]);
  });

  it('leaves out every entry whose route is not registered (no dead links)', () => {
    expect(ids(visibleMenu(MENU, ctx(['/Statement', '/ProfileChangePassword'])))).toEqual([
      'statement',
      'profile[profile-change-password]',
    ]);
    expect(visibleMenu(MENU, ctx([]))).toEqual([]);
  });

  it('hides Pix only when the Pix-block flag is on and the client lacks permission', () => {
    const paths = ['/Pix'];
    expect(ids(visibleMenu(MENU, ctx(paths, { pixBlock: false, hasPixPermission: false })))).toEqual(['pix']);
    expect(ids(visibleMenu(MENU, ctx(paths, { pixBlock: true, hasPixPermission: true })))).toEqual(['pix']);
    expect(visibleMenu(MENU, ctx(paths, { pixBlock: true, hasPixPermission: false }))).toEqual([]);
    expect(visibleMenu(MENU, ctx(paths, { pixBlock: true, hasPixPermission: undefined }))).toEqual([]);
  });

  it('shows Pix Saque and Pix Troco only to the sessions that may use each (issue 29)', () => {
    const paths = ['/Pix', '/WithdrawPixPage', '/ChangePixPage'];
    expect(ids(visibleMenu(MENU, ctx(paths)))).toEqual(['pix']);
    expect(ids(visibleMenu(MENU, ctx(paths, { cashServices: { WITHDRAW: true, CHANGE: false } })))).toEqual([
      'pix',
      'pix-withdraw',
    ]);
    expect(ids(visibleMenu(MENU, ctx(paths, { cashServices: { WITHDRAW: true, CHANGE: true } })))).toEqual([
      'pix',
      'pix-withdraw',
      'pix-change',
    ]);
  });

  it('marks the active entry by path, ignoring case and trailing slash', () => {
    expect(isActivePath('/statement/', '/Statement')).toBe(true);
    expect(isActivePath('/Transfer/Recipient', '/Transfer/Recipient')).toBe(true);
    expect(isActivePath('/TransferToBank', '/Transfer/Recipient')).toBe(false);
    expect(isActivePath('/Statements', '/Statement')).toBe(false);
  });

  it('highlights the entry of a page reached through an alias route (/Profile, /password/change)', () => {
    const links = MENU.flatMap((e) => (e.kind === 'link' ? [e] : e.children));
    const activeAt = (location: string) => links.filter((l) => isActiveLink(location, l)).map((l) => l.id);
    expect(activeAt('/Profile')).toEqual(['profile-account-data']);
    expect(activeAt('/ProfileAccountData')).toEqual(['profile-account-data']);
    expect(activeAt('/password/change')).toEqual(['profile-change-password']);
    expect(activeAt('/password/change-by-code')).toEqual(['profile-change-password']);
    expect(activeAt('/ProfileAddressBook')).toEqual(['profile-address-book']);
    expect(activeAt('/Profiles')).toEqual([]);
  });
});
