/**
 * The seeded demo customers as the e2e tests type them (the README's table). Kept here rather than
 * imported from sandbox/db/demo-logins.ts so the tests read as a person would use the portal.
 */
export const DEMO_PASSWORD = 'Senha@123';
export const FIRST_ACCESS_PASSWORD = 'Temp@1234';

export const MARIA = {
  name: 'Maria Silva Santos',
  email: 'maria@exemplo.com.br',
  cpfMasked: '529.982.247-25',
  cpf: '52998224725',
  phoneMasked: '(11) 98765-4321',
  password: DEMO_PASSWORD,
} as const;

export const PADARIA = {
  name: 'Padaria Pão Dourado Ltda',
  email: 'financeiro@paodourado.com.br',
  cnpjMasked: '12.ABC.345/01DE-35',
  cnpj: '12ABC34501DE35',
  password: DEMO_PASSWORD,
} as const;

export const FIRST_ACCESS = {
  name: 'João Pereira Lima',
  email: 'primeiro.acesso@exemplo.com.br',
  cpf: '40364478829',
  password: FIRST_ACCESS_PASSWORD,
} as const;
