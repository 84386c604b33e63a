/**
 * The demo customers of the sandbox bank, declared once: who they are (name, documents, e-mail,
 * phone), how they sign in (user names, password, security-code secret) and the ids the seed gives
 * them. The seed (sandbox/db/seed-customers.ts), the start banner (sandbox/db/demo-logins.ts), the security
 * codes (sandbox/db/demo-totp.ts), the machines' fixtures, the view tests and e2e all read them from
 * here; none repeats a literal.
 *
 * Plain data with no imports, so every layer may import it (eslint.config.js: `demo/` imports
 * nothing; the portal under src/ never imports it, so no credential reaches the public bundle).
 * Fixed on purpose: a sandbox is for trying things, so the passwords and the security-code secrets
 * are published (README 'Demo logins', /sandbox/autenticador).
 */

/** The password of every demo customer but the first-access one. */
export const DEMO_PASSWORD = 'Senha@123';
/** The provisional password of the first-access customer (login answers 313 until it is changed). */
export const FIRST_ACCESS_PASSWORD = 'Temp@1234';

/** Issuer shown by authenticator apps for the demo security-code secrets. */
export const TOTP_ISSUER = 'Banco Sandbox';

export type LoginKind = 'EMAIL' | 'TAX_ID' | 'PHONE';

/** One user name: what a person types on /login, and what the portal sends (prefixed form). */
export interface DemoUserLogin {
  kind: LoginKind;
  typed: string;
  username: string;
}

export interface DemoUser {
  /** As the start banner names them. */
  who: string;
  /** As the authenticator page and the otpauth label name them. */
  totpWho: string;
  personType: 'PERSON' | 'CORPORATE';
  name: string;
  email: string;
  /** E.164, as the bank stores it. */
  phone: string;
  /** As a person types it on /login. */
  phoneMasked: string;
  /** CPF (11 digits) or CNPJ (14 characters, possibly alphanumeric), unmasked. */
  taxId: string;
  taxIdMasked: string;
  birthDate: string | null;
  /** The seed's fixed ids (UUIDs) and account number. */
  holderId: string;
  accountId: string;
  number: string;
  /** The user names, in the order the seed inserts them. */
  logins: readonly DemoUserLogin[];
  password: string;
  /**
   * The security-code secret ("Chave de Segurança", 2-money-movement.md §1): 32 base32 characters
   * (20 bytes, RFC 4226's recommended length for SHA-1), read by any authenticator app or by
   * `oathtool --totp -b SECRET`. A real bank draws it at random and never shows it again.
   */
  totpSecret: string;
  /** Must change the password at the first sign-in. */
  mustChangePassword?: boolean;
  /** Only seeded with the bulk option (SANDBOX_BULK=5000). */
  bulkOnly?: boolean;
  /**
   * A trusted device the seed registers and validates (issue 30): the browser cookie that proves
   * it, published like the security-code secret so tests can sign in from it. Without one, every
   * browser of this customer is a device not registered for Pix (the R$ 200 cap).
   */
  device?: { alias: string; cookie: string };
}

export const DEMO_USERS = {
  maria: {
    who: 'Maria Silva Santos (PF)',
    totpWho: 'Maria Silva Santos (PF)',
    personType: 'PERSON',
    name: 'Maria Silva Santos',
    email: 'maria@exemplo.com.br',
    phone: '+5511987654321',
    phoneMasked: '(11) 98765-4321',
    taxId: '52998224725',
    taxIdMasked: '529.982.247-25',
    birthDate: '1988-04-12',
    holderId: '6f1f2a8e-3b7c-4d1a-9e55-0a1b2c3d4e01',
    accountId: 'a1b2c3d4-0001-4000-8000-000000000001',
    number: '123456',
    logins: [
      { kind: 'EMAIL', typed: 'maria@exemplo.com.br', username: 'maria@exemplo.com.br' },
      { kind: 'TAX_ID', typed: '529.982.247-25', username: 'BRA52998224725' },
      { kind: 'PHONE', typed: '(11) 98765-4321', username: '+5511987654321' },
    ],
    password: DEMO_PASSWORD,
    totpSecret: 'FUR5AKNRY3NOBDXB6AM27BBTBXRZKNHA',
    device: { alias: 'Celular da Maria', cookie: 'demo-device-maria-7f3c9a1e5b2d4086' },
  },
  padaria: {
    who: 'Padaria Pão Dourado Ltda (PJ, CNPJ alfanumérico)',
    totpWho: 'Padaria Pão Dourado Ltda (PJ)',
    personType: 'CORPORATE',
    name: 'Padaria Pão Dourado Ltda',
    email: 'financeiro@paodourado.com.br',
    phone: '+5511933334444',
    phoneMasked: '(11) 93333-4444',
    taxId: '12ABC34501DE35',
    taxIdMasked: '12.ABC.345/01DE-35',
    birthDate: null,
    holderId: '6f1f2a8e-3b7c-4d1a-9e55-0a1b2c3d4e02',
    accountId: 'a1b2c3d4-0002-4000-8000-000000000002',
    number: '234567',
    logins: [
      { kind: 'TAX_ID', typed: '12.ABC.345/01DE-35', username: 'BRA12ABC34501DE35' },
      { kind: 'EMAIL', typed: 'financeiro@paodourado.com.br', username: 'financeiro@paodourado.com.br' },
    ],
    password: DEMO_PASSWORD,
    totpSecret: 'MHGO5ATMHT6GJLDDMQKKB4QNEH36QFUX',
    device: { alias: 'Computador do caixa', cookie: 'demo-device-padaria-2b8e6d0c4a1f3957' },
  },
  firstAccess: {
    who: 'Primeiro acesso (troca de senha obrigatória)',
    totpWho: 'Primeiro acesso',
    personType: 'PERSON',
    name: 'João Pereira Lima',
    email: 'primeiro.acesso@exemplo.com.br',
    phone: '+5521998877665',
    phoneMasked: '(21) 99887-7665',
    taxId: '40364478829',
    taxIdMasked: '403.644.788-29',
    birthDate: '1995-09-30',
    holderId: '6f1f2a8e-3b7c-4d1a-9e55-0a1b2c3d4e03',
    accountId: 'a1b2c3d4-0003-4000-8000-000000000003',
    number: '345678',
    logins: [
      { kind: 'EMAIL', typed: 'primeiro.acesso@exemplo.com.br', username: 'primeiro.acesso@exemplo.com.br' },
      { kind: 'TAX_ID', typed: '403.644.788-29', username: 'BRA40364478829' },
    ],
    password: FIRST_ACCESS_PASSWORD,
    totpSecret: 'MR6P36OT26S5KQRMVG6YXXBYJO7VAMY6',
    device: { alias: 'Notebook do João', cookie: 'demo-device-joao-9d1a5c7e3b0f2468' },
    mustChangePassword: true,
  },
  volume: {
    who: 'Empresa Volume Ltda (PJ, extrato com muitos lançamentos)',
    totpWho: 'Empresa Volume Ltda (PJ)',
    personType: 'CORPORATE',
    name: 'Empresa Volume Ltda',
    email: 'volume@exemplo.com.br',
    phone: '+5531977776666',
    phoneMasked: '(31) 97777-6666',
    taxId: '11222333000181',
    taxIdMasked: '11.222.333/0001-81',
    birthDate: null,
    holderId: '6f1f2a8e-3b7c-4d1a-9e55-0a1b2c3d4e04',
    accountId: 'a1b2c3d4-0004-4000-8000-000000000004',
    number: '456789',
    logins: [
      { kind: 'EMAIL', typed: 'volume@exemplo.com.br', username: 'volume@exemplo.com.br' },
      { kind: 'TAX_ID', typed: '11.222.333/0001-81', username: 'BRA11222333000181' },
    ],
    password: DEMO_PASSWORD,
    totpSecret: '4QPW6VAP56NEX3LDOHSJFY6GBBOUIG5N',
    device: { alias: 'Servidor financeiro', cookie: 'demo-device-volume-4e6b8d2a0c9f1735' },
    bulkOnly: true,
  },
  /** A second company customer (numeric CNPJ) that company transfers can reach (issue #13). */
  docesabor: {
    who: 'Doce Sabor Confeitaria Ltda (PJ, CNPJ numérico)',
    totpWho: 'Doce Sabor Confeitaria Ltda (PJ)',
    personType: 'CORPORATE',
    name: 'Doce Sabor Confeitaria Ltda',
    email: 'contato@docesabor.com.br',
    phone: '+5521966667777',
    phoneMasked: '(21) 96666-7777',
    taxId: '45281763000196',
    taxIdMasked: '45.281.763/0001-96',
    birthDate: null,
    holderId: '6f1f2a8e-3b7c-4d1a-9e55-0a1b2c3d4e05',
    accountId: 'a1b2c3d4-0005-4000-8000-000000000005',
    number: '567890',
    logins: [
      { kind: 'EMAIL', typed: 'contato@docesabor.com.br', username: 'contato@docesabor.com.br' },
      { kind: 'TAX_ID', typed: '45.281.763/0001-96', username: 'BRA45281763000196' },
    ],
    password: DEMO_PASSWORD,
    totpSecret: 'XLRBMARE6Z5H4X2XDJSCRP6M4N3YN2BH',
  },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DEMO_USERS;

/** The user name of `kind` of a demo customer (throws if they have none: a mistake in a test). */
export function loginOf(key: DemoUserKey, kind: LoginKind): DemoUserLogin {
  const login = (DEMO_USERS[key].logins as readonly DemoUserLogin[]).find((l) => l.kind === kind);
  if (!login) throw new Error(`${key} has no ${kind} login`);
  return login;
}

/**
 * The short ids the machines' fixtures and the view tests give Maria's holder and account (the seed's
 * are UUIDs; e2e reads those from the session and the bank's answers, never these).
 */
export const FIXTURE_IDS = {
  maria: { accountHolderId: '5001', accountId: '1001' },
} as const;
