/**
 * The seeded demo customers as the e2e tests use them, read from demo/users.ts (the one module the
 * seed, the fixtures and e2e share): the forms a person types (masked documents and phone) next to
 * the plain ones.
 */
import { DEMO_USERS } from '../../demo/users.ts';

export { DEMO_USERS };

/** A demo customer as the sign-in helpers need one (e2e/support/session.ts, sign-in.ts). */
export interface Customer {
  email: string;
  password: string;
  name: string;
}

const { maria, padaria, firstAccess, docesabor } = DEMO_USERS;

export const MARIA = {
  name: maria.name,
  email: maria.email,
  cpfMasked: maria.taxIdMasked,
  cpf: maria.taxId,
  phoneMasked: maria.phoneMasked,
  password: maria.password,
} as const;

export const PADARIA = {
  name: padaria.name,
  email: padaria.email,
  cnpjMasked: padaria.taxIdMasked,
  cnpj: padaria.taxId,
  password: padaria.password,
} as const;

export const DOCE_SABOR = {
  name: docesabor.name,
  email: docesabor.email,
  cnpjMasked: docesabor.taxIdMasked,
  cnpj: docesabor.taxId,
  password: docesabor.password,
} as const;

export const FIRST_ACCESS = {
  name: firstAccess.name,
  email: firstAccess.email,
  cpf: firstAccess.taxId,
  password: firstAccess.password,
} as const;
