/**
 * The build's route preload lists (scripts/route-preload.ts, used by vite.config.ts for the inline
 * script of index.html): the route table is read as written, every route is found with its lazy
 * modules, and the lists leave out what the entry (or the shell) already brings.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patternSource, readRouteTable, routePreloads, type Manifest } from '../../scripts/route-preload';
import { routes } from '../../src/app/routes';
import { SUPPORTED_LANGUAGES } from '../../src/i18n/languages';

const root = resolve(__dirname, '../..');
const table = readRouteTable(root, resolve(root, 'src/app/routes.tsx'));
const byPath = (path: string) => table.routes.find((r) => r.path === path);

describe('readRouteTable', () => {
  it('finds every route of the running table, public or not', () => {
    const read = new Set(table.routes.map((r) => `${r.path} ${r.public ? 'public' : 'protected'}`));
    for (const route of routes)
      expect(read).toContain(`${route.path} ${route.public ? 'public' : 'protected'}`);
  });

  it("gives each route its page, its area's actors and the catalogue parts it names", () => {
    // Issue 26: an area page names its parts, and no longer loads every area's.
    expect(byPath('/Statement')).toEqual({
      path: '/Statement',
      public: false,
      modules: ['src/features/statement/statement-page.tsx', 'src/app/actors/statement-actors.ts'],
      areaTexts: false,
      textParts: ['statement', 'pix', 'payments', 'recipients', 'errors-movements'],
    });
    expect(byPath('/login')).toMatchObject({
      public: true,
      modules: ['src/features/access/login-page.tsx', 'src/app/actors/access-actors.ts'],
      areaTexts: false,
      textParts: [],
    });
    // Followed through constants: the transfer pages get both actor tables.
    expect(byPath('/TransferToBank')?.modules).toEqual([
      'src/features/transfers/bank-transfer-page.tsx',
      'src/app/actors/transfer-actors.ts',
      'src/app/actors/recipient-actors.ts',
    ]);
    // A page of the route table that is not a flow's gets the actors of the flows placed at its
    // route by the flow table (src/app/flows.ts): the Pix statement's row-action dialogs.
    expect(byPath('/PixExtractPage')?.modules).toEqual([
      'src/app/pix-statement-route.tsx',
      'src/app/actors/pix-refund-actors.ts',
      'src/app/actors/pix-infraction-actors.ts',
      'src/app/actors/pix-statement-actors.ts',
    ]);
    // A flow's page at each of its paths.
    expect(byPath('/')).toEqual({ ...byPath('/login'), path: '/' });
    expect(table.shell).toEqual(['src/shell/app-shell.tsx']);
  });

  it('gives a page that names catalogue parts those parts only, and the shell its own', () => {
    for (const path of ['/password/first-login', '/FirstAcess', '/ResetPassword', '/password/change'])
      expect(byPath(path)).toMatchObject({ areaTexts: false, textParts: ['access-password'] });
    expect(table.shellTextParts).toEqual(['shell-menu']);
    // The pages whose texts are their own part (src/i18n/i18n.ts isOwnPart) and what else they draw.
    expect(byPath('/DepositVault')).toMatchObject({
      areaTexts: false,
      textParts: ['own-vaults', 'errors-movements'],
    });
    expect(byPath('/PortabilityPage')).toMatchObject({
      areaTexts: false,
      textParts: ['own-claims', 'errors-movements'],
    });
    expect(byPath('/PixMEDPage')).toMatchObject({
      areaTexts: false,
      textParts: ['own-pix-med', 'pix', 'errors-movements'],
    });
  });

  it('names only parts that exist, lazily, in every language', () => {
    const named = new Set([...table.routes.flatMap((r) => r.textParts), ...table.shellTextParts]);
    expect(named.size).toBeGreaterThan(0);
    for (const part of named)
      for (const lng of SUPPORTED_LANGUAGES)
        expect(existsSync(resolve(root, `src/i18n/locales/${lng}/${part}.json`)), `${lng}/${part}`).toBe(
          true,
        );
    // A core part is bundled: naming one would fail at run time (loadCatalogueParts knows lazy parts).
    for (const core of ['common', 'errors', 'access', 'shell']) expect(named).not.toContain(core);
  });
});

describe('patternSource', () => {
  it('matches the path with or without a final slash, in any case, a parameter as one segment', () => {
    const statement = new RegExp(patternSource('/Statement'), 'i');
    expect(['/Statement', '/statement/', '/STATEMENT'].every((p) => statement.test(p))).toBe(true);
    expect(statement.test('/Statement/x')).toBe(false);
    const token = new RegExp(patternSource('/autentica/:token'), 'i');
    expect(token.test('/autentica/abc')).toBe(true);
    expect(token.test('/autentica/a/b')).toBe(false);
    const home = new RegExp(patternSource('/'), 'i');
    expect(home.test('/')).toBe(true);
    expect(home.test('/login')).toBe(false);
  });
});

describe('routePreloads', () => {
  const manifest: Manifest = {
    'src/app/main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    'src/shell/app-shell.tsx': { file: 'assets/app-shell-1.js', imports: ['_react.js', '_query.js'] },
    '_query.js': { file: 'assets/query-1.js' },
    'src/features/statement/statement-page.tsx': {
      file: 'assets/statement-page-1.js',
      imports: ['_react.js', '_query.js', '_dates.js'],
    },
    '_dates.js': { file: 'assets/dates-1.js' },
    'src/features/access/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['_query.js'] },
    'src/i18n/locales/pt-BR/statement.json': { file: 'assets/statement-2.js' },
    'src/i18n/locales/en/statement.json': { file: 'assets/statement-3.js' },
    'src/i18n/locales/pt-BR/password.json': { file: 'assets/password-2.js' },
    'src/i18n/locales/en/password.json': { file: 'assets/password-3.js' },
    'src/i18n/locales/pt-BR/menu.json': { file: 'assets/menu-2.js' },
    'src/i18n/locales/en/menu.json': { file: 'assets/menu-3.js' },
    // A page's own part: loaded by the page that names it, never with the area catalogues.
    'src/i18n/locales/pt-BR/own-map.json': { file: 'assets/own-map-2.js' },
    'src/i18n/locales/en/own-map.json': { file: 'assets/own-map-3.js' },
  };
  const lists = routePreloads(
    {
      routes: [
        {
          path: '/login',
          public: true,
          modules: ['src/features/access/login-page.tsx'],
          areaTexts: false,
          textParts: [],
        },
        {
          path: '/Statement',
          public: false,
          modules: ['src/features/statement/statement-page.tsx'],
          areaTexts: true,
          textParts: [],
        },
        {
          path: '/password/change',
          public: false,
          modules: ['src/features/access/login-page.tsx'],
          areaTexts: false,
          textParts: ['password'],
        },
        {
          path: '/Map',
          public: false,
          modules: ['src/features/statement/statement-page.tsx'],
          areaTexts: false,
          textParts: ['own-map'],
        },
      ],
      shell: ['src/shell/app-shell.tsx'],
      shellTextParts: ['menu'],
    },
    manifest,
    { default: 'pt-BR', others: ['en'] },
  );
  const names = (indexes: number[]) => indexes.map((i) => lists.files[i]);

  it("leaves out the entry's files, and from a protected page the shell's", () => {
    expect(names(lists.shell)).toEqual(['app-shell-1', 'query-1', 'menu-2']);
    const [login, statement] = lists.routes;
    expect(login).toEqual([patternSource('/login'), 0, 0, expect.any(Array)]);
    expect(names(login![3])).toEqual(['login-page-1', 'query-1']);
    expect(statement).toEqual([patternSource('/Statement'), 1, 1, expect.any(Array)]);
    expect(names(statement![3])).toEqual(['statement-page-1', 'dates-1']);
  });

  it("lists the catalogue files of each language, without the pages' own parts", () => {
    expect(names(lists.texts['pt-BR']!)).toEqual(['statement-2', 'password-2', 'menu-2']);
    expect(names(lists.texts.en!)).toEqual(['statement-3', 'password-3', 'menu-3']);
  });

  it("gives a page that names parts the default language's files of those parts", () => {
    const change = lists.routes[2]!;
    expect(change[2]).toEqual(expect.any(Array));
    expect(names(change[2] as number[])).toEqual(['password-2']);
    expect(names(change[3])).toEqual(['login-page-1']);
    expect(names(lists.routes[3]![2] as number[])).toEqual(['own-map-2']);
  });

  it('names every file once', () => {
    expect(new Set(lists.files).size).toBe(lists.files.length);
  });
});
