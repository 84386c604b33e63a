/**
 * The demo customers' security-code secrets (the "Chave de Segurança" of the companion app,
 * 2-money-movement.md §1). Fixed on purpose: a sandbox is for trying things, so the secrets are
 * published here, in the README and on /sandbox/autenticador, and e2e computes codes from them
 * with otplib. A real bank draws each secret at random when the app is enrolled and never shows it
 * again.
 *
 * Each is 32 base32 characters (20 bytes, RFC 4226's recommended length for SHA-1), read by any
 * authenticator app or by `oathtool --totp -b SECRET`.
 */
export interface DemoTotp {
  /** Who it belongs to, as the start banner names them. */
  who: string;
  /** The otpauth account name (the holder's e-mail). */
  accountName: string;
  secret: string;
}

/** Issuer shown by authenticator apps. */
export const TOTP_ISSUER = 'Banco Sandbox';

export const DEMO_TOTP = {
  maria: {
    who: 'Maria Silva Santos (PF)',
    accountName: 'maria@exemplo.com.br',
    secret: 'FUR5AKNRY3NOBDXB6AM27BBTBXRZKNHA',
  },
  padaria: {
    who: 'Padaria Pão Dourado Ltda (PJ)',
    accountName: 'financeiro@paodourado.com.br',
    secret: 'MHGO5ATMHT6GJLDDMQKKB4QNEH36QFUX',
  },
  firstAccess: {
    who: 'Primeiro acesso',
    accountName: 'primeiro.acesso@exemplo.com.br',
    secret: 'MR6P36OT26S5KQRMVG6YXXBYJO7VAMY6',
  },
  volume: {
    who: 'Empresa Volume Ltda (PJ)',
    accountName: 'volume@exemplo.com.br',
    secret: '4QPW6VAP56NEX3LDOHSJFY6GBBOUIG5N',
  },
  docesabor: {
    who: 'Doce Sabor Confeitaria Ltda (PJ)',
    accountName: 'contato@docesabor.com.br',
    secret: 'XLRBMARE6Z5H4X2XDJSCRP6M4N3YN2BH',
  },
} as const satisfies Record<string, DemoTotp>;

export type DemoTotpKey = keyof typeof DEMO_TOTP;
