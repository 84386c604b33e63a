/**
 * Every message key the validators of this folder return, with the pt-BR text the specification
 * gives for it (or, where the specification shows none, the text this project chose). Views
 * translate keys with i18next; the catalogue files (src/i18n/locales) should hold each of these
 * keys. Validators never return text.
 */

import { EMPTY, MAX_LENGTH, MIN_VALUE, REQUIRED } from './input-keys.ts';

/** Key → pt-BR text. Keys the specification names verbatim keep its spelling (`PHONE_INPUT.error`). */
export const VALIDATOR_MESSAGES = {
  [EMPTY]: 'Campo obrigatório',
  [REQUIRED]: 'Campo obrigatório',
  [MIN_VALUE]: 'O valor deve ser maior que zero.',
  [MAX_LENGTH]: 'Número máximo de caracteres excedido',
  'TAXIDINPUT.ERRORS.SHORT': 'Documento incompleto',
  'TAXIDINPUT.ERRORS.INVALID': 'Documento inválido',
  'TAXIDINPUT.ERRORS.CPF_INVALID': 'CPF inválido',
  'TAXIDINPUT.ERRORS.CNPJ_INVALID': 'CNPJ inválido',
  'PHONE_INPUT.SHORT': 'Telefone incompleto',
  'PHONE_INPUT.error': 'Telefone celular inválido',
  'EMAILINPUT.ERRORS.SHORT': 'E-mail muito curto',
  'EMAILINPUT.ERRORS.INVALID': 'E-mail inválido',
  'LOGIN.ERRORS.INVALID_USERNAME': 'Usuário inválido: informe e-mail, CPF, CNPJ ou celular',
  'CHANGEPASS.ERRORS.CHECKLIST': 'A senha não atende aos requisitos',
  'CHANGEPASS.ERRORS.SAME_AS_CURRENT': 'A nova senha deve ser diferente da senha atual',
  'CHANGEPASS.ERRORS.MISMATCH': 'Nova senha e confirmação de senha devem ser iguais',
  'PASSWORD.ERRORS.REQUIRED': 'Campo obrigatório',
  'PASSWORD.ERRORS.RULES':
    'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula, número e caractere especial',
  'PASSWORD.ERRORS.MISMATCH': 'Nova senha e confirmação de senha devem ser iguais',
  'STATEMENT_EXPORT.START_END_DATE': 'Informe a data inicial e a data final',
  'STATEMENT_EXPORT.WRONG_PERIOD': 'A data inicial não pode ser posterior à data final',
  'STATEMENT_EXPORT.INVALID_DATE_START':
    'A data inicial não pode ser posterior a ontem e a data final não pode ser posterior a hoje',
  'STATEMENT_SCREEN.MIN_DATE': 'Extrato disponível a partir de janeiro de 2020',
  'STATEMENT_SCREEN.MAX_DATE': 'Não é possível consultar meses futuros',
  'ADDRESS.ERRORS.POSTAL_CODE': 'CEP inválido',
  'ADDRESS.ERRORS.STATE': 'Estado inválido',
  'SECURITY_CODE.ERRORS.LENGTH': 'O código deve ter 6 dígitos',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_ANY_BLOCK': 'Código de barras inválido',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_DUE_DATE_WINDOW': 'Boleto fora do prazo de pagamento',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_BLOCK_DV':
    'Código de barras inválido: o dígito verificador do bloco {{n}} não confere',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_GENERAL_DV_SLIP':
    'Código de barras inválido: o dígito verificador geral (bloco 4) não confere com o bloco 5',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_GENERAL_DV_UTILITY':
    'Código de barras inválido: o dígito verificador geral (bloco 1) não confere',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_CURRENCY': 'Código de barras inválido: a moeda (bloco 1) deve ser 9',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_UTILITY_START':
    'Código de barras inválido: início do bloco 1 desconhecido',
  'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_INCOMPLETE':
    'Código de barras incompleto: faltam números no bloco {{n}}',
  'PAYMENT.PAYMENT_BILL.ERROR_NEGATIVE': 'O valor total não pode ser negativo',
  'PAYMENT.PAYMENT_BILL.ERROR_MINIMUM': 'O valor total está abaixo do valor mínimo aceito para esta conta',
  'PAYMENT.PAYMENT_BILL.ERROR_MAXIMUM': 'O valor total está acima do valor máximo aceito para esta conta',
  'PIX.PIX_COPY_PASTE.SHORT': 'Código muito curto: um código Pix tem pelo menos 30 caracteres.',
  'PIX.PIX_COPY_PASTE.INVALID': 'Código Pix inválido: confira se você copiou o código Pix inteiro.',
  'PIX.PIX_COPY_PASTE.ALTERED':
    'O código Pix foi alterado ou está incompleto (o dígito verificador não confere). Copie o código novamente.',
  'PIX.PIX_COPY_PASTE.VALUE_GREATER_THAN_ZERO': 'O valor deve ser maior que zero',
  'ERRORS.INPUTS.ONLY_NUMBERS': 'Informe somente números',
  'NAMEINPUT.ERRORS.INCOMPLETE': 'Informe o nome completo',
  'RECIPIENTS.ERRORS.NICKNAME_MAX': 'Número máximo de caracteres não pode ser maior que 50',
  'RECIPIENTS.ERRORS.BANK_UNKNOWN': 'Selecione um banco da lista',
  'RECIPIENTS.ERRORS.ACCOUNT_TYPE': 'Selecione conta corrente ou poupança',
  'RECIPIENTS.ERRORS.TYPE': 'Selecione o tipo de favorecido',
  'DEPOSIT.ERRORS.MAX_AMOUNT': 'O valor máximo de um boleto de depósito é R$ 50.000,00',
  'RECEIVE.QR.ERRORS.PARSE': 'Erro ao formatar o QR Code!',
  'VAULTS.ERRORS.RADIUS_DIGITS': 'Informe o raio somente com números, até 3 dígitos',
  'VAULTS.ERRORS.ADDRESS_CHARACTERS': 'Use somente letras, números, espaços e / . , -',
  'VAULTS.ERRORS.ADDRESS_MIN': 'O endereço deve ter no mínimo 10 caracteres',
  'VAULTS.ERRORS.ADDRESS_MAX': 'O endereço deve ter no máximo 255 caracteres',
  'VAULTS.ERRORS.DEPOSIT_DIGITS': 'Informe um valor com até 9 dígitos (máximo R$ 9.999.999,99)',
  'RECEIVE.QR.ERRORS.FORMAT': 'Formato de QR Code inválido!',
  'RECEIVE.QR.ERRORS.VALUE_REQUIRED': 'Value é obrigatório',
  'RECEIVE.QR.ERRORS.DATA_REQUIRED': 'QR Code Data é obrigatório',
  'PIX_RECIPIENTS.ERRORS.KEY_TYPE': 'Selecione o tipo de chave',
  'PIX_KEYS.ERRORS.CONFIRM_PHONE': 'Os números de celular não conferem',
  'PIX_KEYS.ERRORS.CONFIRM_EMAIL': 'Os e-mails não conferem',
  'PIX_KEYS.ERRORS.EMAIL_TOO_LONG': 'O e-mail de uma chave Pix tem no máximo 77 caracteres',
  'PIX_KEYS.ERRORS.EVP_SHORT': 'Chave aleatória muito curta',
  'PIX_KEYS.ERRORS.EVP_INVALID': 'Chave aleatória inválida',
  'PIX.PIX_KEY.DETECT.UNKNOWN':
    'Chave não reconhecida: informe um CPF, CNPJ, celular com DDD, e-mail ou chave aleatória.',
  'PIX.PIX_KEY.DETECT.INCOMPLETE':
    'Chave incompleta: um CPF tem 11 dígitos, um celular tem DDD e 9 dígitos, um CNPJ tem 14 caracteres.',
  'PIX.PIX_KEY.DETECT.CPF_INVALID': 'CPF inválido: confira os dígitos.',
  'PIX.PIX_KEY.DETECT.CPF_OR_PHONE_INVALID':
    'Estes 11 números não são um CPF válido nem um celular: confira os dígitos.',
  'PIX.PIX_KEY.DETECT.CNPJ_INVALID': 'CNPJ inválido: confira os caracteres e os dois dígitos finais.',
  'PIX.PIX_KEY.DETECT.PHONE_INVALID':
    'Celular inválido: informe um celular do Brasil com DDD, como (21) 98765-4321.',
  'PIX_KEYS.STATUS.ACTIVE': 'Ativo',
  'PIX_KEYS.STATUS.INACTIVE': 'Inativo',
  'PIX_KEYS.STATUS.CLEARING_REGISTRATION_PENDING': 'Registro em validação',
  'PIX_KEYS.STATUS.IDENTITY_VALIDATION_PENDING': 'Aguardando código de validação',
  'PIX_KEYS.STATUS.PENDING_DELETION': 'Aguardando exclusão',
  'PIX_KEYS.STATUS.PENDING': 'Pendente ({{status}})',
  'PIX.PIX_MANUAL.ERRORS.NAME_SHORT': 'O nome deve ter no mínimo 7 caracteres',
  'PIX.PIX_MANUAL.ERRORS.AGENCY_SHORT': 'A agência deve ter de 2 a 4 dígitos',
  'PIX.PIX_MANUAL.ERRORS.ACCOUNT_SHORT': 'A conta deve ter de 2 a 17 dígitos',
  'PIX.PIX_MANUAL.ERRORS.INSTITUTION': 'Selecione uma instituição da lista',
  'PIX.PIX_MANUAL.ERRORS.ACCOUNT_TYPE': 'Selecione conta corrente, poupança ou salário',
  'PIX.REFUND.ERRORS.VALUE': 'Informe um valor de devolução maior que zero.',
  'PIX.REFUND.ERRORS.LIMIT': 'O valor não pode ser maior que o disponível para devolução.',
  'PIX_INFRACTION.DESCRIPTION_REQUIRED': 'Descreva o ocorrido com mais de 3 caracteres.',
  'PIX_INFRACTION.ERRORS.FILE_TYPE': 'Arquivo não aceito: anexe uma imagem PNG ou JPEG, ou um PDF.',
  'PIX_INFRACTION.ERRORS.FILE_SIZE': 'Arquivo maior que 5 MB: anexe um arquivo menor.',
  'PIX_INFRACTION.ERRORS.FILE_LIMIT': 'Limite de 5 anexos atingido: remova um arquivo para anexar outro.',
  'PIX_LIMITS.INVALID': 'Por favor, verificar dados inválidos.',
  'CLAIMS.ERROR.REQUIRED': 'Campo obrigatório',
  'CLAIMS.ERROR.EMAIL': 'Informe um e-mail válido.',
  'CLAIMS.ERROR.CPF': 'Informe um CPF válido, com 11 dígitos.',
  'CLAIMS.ERROR.CNPJ': 'Informe um CNPJ válido, com 14 caracteres.',
  'CLAIMS.ERROR.PHONE': 'Informe um celular válido, com DDD (ao menos 10 dígitos).',
  'CLAIMS.ERROR.TYPE': 'A reivindicação de posse aceita só chaves do tipo celular.',
  // The claim's status labels (pix-claim.ts CLAIM_STATUS_KEYS, 4-pix-part-two.md §4).
  'CLAIMS.STATUS_OF.WAITING_RESOLUTION': 'Aguardando resolução',
  'CLAIMS.STATUS_OF.CONFIRMED': 'Confirmada',
  'CLAIMS.STATUS_OF.COMPLETED': 'Finalizada',
  'CLAIMS.STATUS_OF.CANCELLED': 'Cancelada',
  'DEVICES.ERRORS.ALIAS_SHORT': 'O apelido deve ter pelo menos 5 caracteres.',
  'DEVICES.ERRORS.MISSING_FIELDS': 'Preencha todos os campos obrigatórios.',
} as const satisfies Record<string, string>;

/** A key the validators may return. */
export type ValidatorMessageKey = keyof typeof VALIDATOR_MESSAGES;
