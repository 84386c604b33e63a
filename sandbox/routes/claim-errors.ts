import { apiError, type Reply } from '../http/replies.ts';

/**
 * The catalogue entries of key claims (issue 30, 4-pix-part-two.md §4-§8; contract
 * createPortabilityClaim, createOwnershipClaim, confirmClaim, completeClaim, cancelClaim,
 * decideClaim; sim/claim-rules.ts): group PIXCLAIM, codes 120-129, in the same body as every
 * catalogue error (http/replies.ts apiError). Kept here so the listed replies.ts does not grow; the
 * portal's texts are src/i18n/locales/<lng>/errors-movements.json ERRORS.PIXCLAIM.
 */
export const CLAIM_ERRORS = {
  claimFinished: { code: 120, description: 'Processo finalizado. Não é possível efetuar o cancelamento.' },
  claimDeviceNotValidated: {
    code: 121,
    description: 'Para solicitar a portabilidade ou reivindicar uma chave, valide este dispositivo primeiro.',
  },
  claimKeyInvalid: {
    code: 122,
    description:
      'Chave inválida para esta solicitação: a reivindicação de posse aceita só celular; a portabilidade, CPF, CNPJ, e-mail ou celular.',
  },
  claimKeyNotInDict: {
    code: 123,
    description: 'Esta chave não está registrada em outra conta. Cadastre-a em Minhas chaves.',
  },
  claimNotHolderKey: {
    code: 124,
    description:
      'A portabilidade traz só chaves do próprio titular. Para um celular registrado por outra pessoa, peça a reivindicação de posse.',
  },
  claimOwnKeyOwnership: {
    code: 125,
    description:
      'Esta chave já é do mesmo titular em outra conta: peça a portabilidade, não a reivindicação de posse.',
  },
  claimAlreadyOpen: { code: 126, description: 'Já existe uma solicitação em andamento para esta chave.' },
  claimActionNotAllowed: {
    code: 127,
    description: 'Esta ação não está disponível para a sua conta na situação atual da solicitação.',
  },
  claimCredentialsNotChecked: {
    code: 128,
    description: 'Confirme seu usuário e senha para decidir sobre a solicitação.',
  },
  claimAccountMismatch: {
    code: 129,
    description: 'Os dados do reivindicador não conferem com os da sua conta.',
  },
} as const;

export type ClaimErrorName = keyof typeof CLAIM_ERRORS;
export const CLAIM_ERROR_GROUP = 'PIXCLAIM';

export function claimError(status: number, name: ClaimErrorName): Reply {
  const e = CLAIM_ERRORS[name];
  return apiError(status, e.code, CLAIM_ERROR_GROUP, e.description);
}
