/**
 * The demo customers' sign-in data, printed by the start banner and used by tests.
 * `username` is what the portal sends (prefixed form); `typed` is what a person types.
 */
export interface DemoLogin {
  who: string;
  kind: 'EMAIL' | 'TAX_ID' | 'PHONE';
  typed: string;
  username: string;
  password: string;
  note?: string;
}

export const DEMO_PASSWORD = 'Senha@123';
export const FIRST_ACCESS_PASSWORD = 'Temp@1234';

export const DEMO_LOGINS = [
  {
    who: 'Maria Silva Santos (PF)',
    kind: 'EMAIL',
    typed: 'maria@exemplo.com.br',
    username: 'maria@exemplo.com.br',
    password: DEMO_PASSWORD,
  },
  {
    who: 'Maria Silva Santos (PF)',
    kind: 'TAX_ID',
    typed: '529.982.247-25',
    username: 'BRA52998224725',
    password: DEMO_PASSWORD,
  },
  {
    who: 'Maria Silva Santos (PF)',
    kind: 'PHONE',
    typed: '(11) 98765-4321',
    username: '+5511987654321',
    password: DEMO_PASSWORD,
  },
  {
    who: 'Padaria Pão Dourado Ltda (PJ, CNPJ alfanumérico)',
    kind: 'TAX_ID',
    typed: '12.ABC.345/01DE-35',
    username: 'BRA12ABC34501DE35',
    password: DEMO_PASSWORD,
  },
  {
    who: 'Padaria Pão Dourado Ltda (PJ, CNPJ alfanumérico)',
    kind: 'EMAIL',
    typed: 'financeiro@paodourado.com.br',
    username: 'financeiro@paodourado.com.br',
    password: DEMO_PASSWORD,
  },
  {
    who: 'Doce Sabor Confeitaria Ltda (PJ, CNPJ numérico)',
    kind: 'TAX_ID',
    typed: '45.281.763/0001-96',
    username: 'BRA45281763000196',
    password: DEMO_PASSWORD,
  },
  {
    who: 'Doce Sabor Confeitaria Ltda (PJ, CNPJ numérico)',
    kind: 'EMAIL',
    typed: 'contato@docesabor.com.br',
    username: 'contato@docesabor.com.br',
    password: DEMO_PASSWORD,
  },
  {
    who: 'Primeiro acesso (troca de senha obrigatória)',
    kind: 'EMAIL',
    typed: 'primeiro.acesso@exemplo.com.br',
    username: 'primeiro.acesso@exemplo.com.br',
    password: FIRST_ACCESS_PASSWORD,
    note: 'o login responde o código 313 até a troca de senha',
  },
] as const satisfies readonly DemoLogin[];

/** Only seeded with the bulk option (SANDBOX_BULK=5000). */
export const BULK_LOGIN = {
  who: 'Empresa Volume Ltda (PJ, extrato com muitos lançamentos)',
  kind: 'EMAIL',
  typed: 'volume@exemplo.com.br',
  username: 'volume@exemplo.com.br',
  password: DEMO_PASSWORD,
} as const satisfies DemoLogin;

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
