/**
 * Helpers shared by the profile screens: the text of a failed read and the ways an address is
 * written on screen. Layout pieces live in profile-layout.tsx, which the help-centre page uses without
 * pulling these in.
 */
import type { ShownAddress } from '../../../machines/profile/address-mapping';
import { BRAZILIAN_STATES } from '../../../machines/validators/address';
import { describeError } from '../../api/errors';
import { maskCep } from '../../format/masks';

/** The text of any thrown value (a react-query failure). */
export { describeError };

/** 'SP - São Paulo' (§5: the state shown as code and name); the bare code when unknown. */
export function stateLabel(code: string): string {
  const state = BRAZILIAN_STATES.find((s) => s.code === code);
  return state ? `${state.code} - ${state.name}` : code;
}

/** 'Rua das Flores, 123 - Apto 45': how a row of the book and the confirmation name an address. */
export function addressTitle(a: Pick<ShownAddress, 'logradouro' | 'numero' | 'complemento'>): string {
  return `${a.logradouro}, ${a.numero}${a.complemento ? ` - ${a.complemento}` : ''}`;
}

/** 'Jardim Paulista - São Paulo/SP'. */
export function addressPlace(a: Pick<ShownAddress, 'bairro' | 'cidade' | 'estado'>): string {
  return `${a.bairro} - ${a.cidade}/${a.estado}`;
}

/** The CEP as 00000-000. */
export const formatCep = (cep: string): string => maskCep(cep);
