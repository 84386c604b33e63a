/**
 * The demo customers' sign-in data as the start banner prints it (demo/users.ts declares them).
 * `username` is what the portal sends (prefixed form); `typed` is what a person types.
 */
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  FIRST_ACCESS_PASSWORD,
  loginOf,
  type DemoUserKey,
  type LoginKind,
} from '../../demo/users.ts';

export { DEMO_PASSWORD, FIRST_ACCESS_PASSWORD };

export interface DemoLogin {
  who: string;
  kind: LoginKind;
  typed: string;
  username: string;
  password: string;
  note?: string;
}

function bannerRow(key: DemoUserKey, kind: LoginKind, note?: string): DemoLogin {
  const { who, password } = DEMO_USERS[key];
  const { typed, username } = loginOf(key, kind);
  return { who, kind, typed, username, password, ...(note ? { note } : {}) };
}

/** The banner's rows, in the order a visitor reads them (not every user name is listed). */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  bannerRow('maria', 'EMAIL'),
  bannerRow('maria', 'TAX_ID'),
  bannerRow('maria', 'PHONE'),
  bannerRow('padaria', 'TAX_ID'),
  bannerRow('padaria', 'EMAIL'),
  bannerRow('docesabor', 'TAX_ID'),
  bannerRow('docesabor', 'EMAIL'),
  bannerRow('firstAccess', 'EMAIL', 'o login responde o código 313 até a troca de senha'),
];

/** Only seeded with the bulk option (SANDBOX_BULK=5000). */
export const BULK_LOGIN: DemoLogin = bannerRow('volume', 'EMAIL');

/** The demo logins as a fixed-width text table for the start banner. */
export function demoLoginsTable(includeBulk: boolean): string {
  const rows: DemoLogin[] = [...DEMO_LOGINS, ...(includeBulk ? [BULK_LOGIN] : [])];
  const header = ['quem', 'digite', 'o portal envia', 'senha'];
  const cells = rows.map((r) => [r.who, r.typed, r.username, r.password + (r.note ? `  (${r.note})` : '')]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...cells.map(line)]
    .map((l) => l.trimEnd())
    .join('\n');
}

/**
 * How a visitor's browser becomes a trusted device (issue 30): the seeded devices' cookies are the
 * tests' (demo/users.ts `device`); any other browser starts as a device not registered for Pix, so
 * the banner says how to register it or to sign in from a demo customer's device.
 */
export function demoDevicesNote(): string {
  const trusted = (Object.keys(DEMO_USERS) as DemoUserKey[])
    .map((key) => DEMO_USERS[key])
    .filter((u): u is typeof u & { device: { alias: string; cookie: string } } => 'device' in u)
    .filter((u) => !('bulkOnly' in u && u.bulkOnly))
    .map((u) => `  ${u.who}: cookie portal_device=${u.device.cookie}`);
  return [
    'Dispositivos: um navegador novo é um dispositivo não cadastrado (Pix até R$ 200, R$ 1.000 por dia).',
    'Cadastre-o em /DeviceList e valide-o pelo link e código da caixa de e-mails, ou defina no',
    'navegador, antes de entrar, o cookie de um dispositivo já validado dos clientes de demonstração:',
    ...trusted,
  ].join('\n');
}
