/**
 * The bank's error catalogue (1-access-shell-statement.md §8): every code the sandbox answers with,
 * by name, with its group and its description in Portuguese. How a failure is written on the wire
 * is replies.ts's (apiError, catalogueError); the areas with codes of their own keep them beside
 * their rules (routes/password.ts, routes/claim-errors.ts, sim/devices.ts, sim/pix-cash.ts,
 * sim/vaults.ts), and sandbox/error-catalogue.test.ts checks that no two of them collide.
 */

/** The catalogue codes the sandbox answers with; the portal keys messages by ERRORS.{group}.{code}. */
export const ERROR_CODES = {
  badCredentials: { code: 20, group: 'LOGIN', description: 'Credenciais inválidas!' },
  firstAccess: {
    code: 313,
    group: 'LOGIN',
    description: 'Primeiro acesso: é preciso trocar a senha para entrar.',
  },
  wrongCurrentPassword: { code: 21, group: 'CHANGEPASS', description: 'Senha atual incorreta.' },
  weakPassword: { code: 22, group: 'CHANGEPASS', description: 'A nova senha não atende às regras.' },
  samePassword: {
    code: 23,
    group: 'CHANGEPASS',
    description: 'A nova senha deve ser diferente da senha atual',
  },
  invalidLink: { code: 30, group: 'PASSWORD', description: 'Link inválido ou expirado.' },
  taxIdMismatch: { code: 41, group: 'CLIENT', description: 'O CPF/CNPJ do cliente não pode ser alterado.' },
  addressLimit: {
    code: 42,
    group: 'CLIENT',
    description: 'Limite de endereços atingido. Exclua um endereço para cadastrar outro.',
  },
  unauthorized: { code: 401, group: 'AUTH', description: 'Login expirado.' },
  tooManyAttempts: {
    code: 429,
    group: 'AUTH',
    description: 'Muitas tentativas seguidas. Por segurança, aguarde e tente novamente.',
  },
  forbidden: { code: 403, group: 'AUTH', description: 'Acesso negado a esta conta.' },
  // Money movement (issue #13, 2-money-movement.md §8; contract createWithdrawal/createPayment).
  confirmationRequired: {
    code: 50,
    group: 'SECURITY',
    description:
      'Confirme a operação com a Chave de Segurança: a confirmação está ausente, expirou ou já foi usada.',
  },
  // A right security code already used, sent for another movement (issue 27): not a wrong code.
  codeAlreadyUsed: {
    code: 57,
    group: 'SECURITY',
    description: 'Este código já foi usado. Aguarde o próximo código no seu aplicativo.',
  },
  signatureMismatch: {
    code: 51,
    group: 'TRANSFER',
    description: 'A assinatura da transação não confere com os dados enviados. Nada foi debitado.',
  },
  externalIdReused: {
    code: 52,
    group: 'TRANSFER',
    description: 'Este identificador já foi usado em outra operação. Nada foi debitado.',
  },
  destinationRefused: {
    code: 53,
    group: 'TRANSFER',
    description: 'A conta de destino não pode receber esta transferência.',
  },
  invalidTransferField: {
    code: 54,
    group: 'TRANSFER',
    description: 'Dados da operação inválidos. Verifique os campos e tente novamente.',
  },
  insufficientBalance: {
    code: 16,
    group: 'TRANSFER',
    description: 'Saldo insuficiente para realizar esta operação.',
  },
  contactNotFound: {
    code: 55,
    group: 'RECIPIENT',
    description: 'Nenhum contato encontrado com esse número de CNPJ',
  },
  recipientAlreadyRegistered: { code: 56, group: 'RECIPIENT', description: 'Favorecido já cadastrado!' },
  // Bills (issue #14, 2-money-movement.md §2 Bill payment; contract getBillDetails, createWithdrawal).
  billInvalidCode: {
    code: 60,
    group: 'BILL',
    description: 'Código de barras inválido. Confira os números digitados.',
  },
  billNotFound: {
    code: 61,
    group: 'BILL',
    description: 'Conta não encontrada. Confira o código de barras ou fale com o beneficiário.',
  },
  billAlreadyPaid: {
    code: 62,
    group: 'BILL',
    description: 'Esta conta já foi paga. Uma conta só pode ser paga uma vez.',
  },
  billExpired: {
    code: 63,
    group: 'BILL',
    description:
      'Esta conta passou da data limite de pagamento e não pode mais ser paga. Peça uma nova ao beneficiário.',
  },
  billAmountRefused: {
    code: 64,
    group: 'BILL',
    description: 'O valor informado não é aceito para esta conta hoje. Consulte a conta novamente.',
  },
  // Digital checks (issue #14, 2-money-movement.md §2 Receive by QR code; sandbox/sim/checks.ts).
  checkInvalid: {
    code: 65,
    group: 'CHECK',
    description: 'Cheque digital inválido: o QR Code não confere com um cheque emitido pelo banco.',
  },
  checkRedeemed: { code: 66, group: 'CHECK', description: 'Este cheque digital já foi utilizado.' },
  checkExpired: {
    code: 67,
    group: 'CHECK',
    description: 'Este cheque digital venceu e não pode mais ser recebido.',
  },
  checkUnfunded: {
    code: 68,
    group: 'CHECK',
    description: 'Cheque digital sem fundos: o emitente não tem saldo para pagá-lo. Nada foi creditado.',
  },
  // Pix keys (issue #15, 3-pix-part-one.md §5, §8; contract createPixKey, registerAlias,
  // requestAliasValidationCode, validateAliasOtp, deletePixKey; sandbox/sim/pix-keys.ts).
  keyLimit: { code: 70, group: 'PIXKEY', description: 'Limite de chaves excedido!' },
  keyOwnedByOther: {
    code: 71,
    group: 'PIXKEY',
    description: 'Esta chave já está registrada em outra conta ou instituição.',
  },
  keyAlreadyYours: { code: 72, group: 'PIXKEY', description: 'Esta chave já está cadastrada nesta conta.' },
  keyInvalid: {
    code: 73,
    group: 'PIXKEY',
    description: 'Parâmetro inválido, verifique se a chave está correta.',
  },
  keyNotHolderDocument: {
    code: 74,
    group: 'PIXKEY',
    description: 'A chave CPF/CNPJ deve ser o documento do titular da conta.',
  },
  keyCodeInvalid: {
    code: 75,
    group: 'PIXKEY',
    description: 'Código de Chave inválido. Confira o código recebido.',
  },
  keyCodeExpired: {
    code: 76,
    group: 'PIXKEY',
    description: 'Código de Chave expirado. Solicite um novo código.',
  },
  keyCodeExhausted: {
    code: 77,
    group: 'PIXKEY',
    description: 'Código de Chave bloqueado após muitas tentativas incorretas. Solicite um novo código.',
  },
  keyNotAwaitingCode: {
    code: 78,
    group: 'PIXKEY',
    description: 'Esta chave não está aguardando código de validação.',
  },
  keyNotDeletable: {
    code: 79,
    group: 'PIXKEY',
    description: 'Esta chave não pode ser excluída na situação atual.',
  },
  keyRequestReused: {
    code: 80,
    group: 'PIXKEY',
    description: 'Este identificador já foi usado no cadastro de outra chave. Nada foi cadastrado.',
  },
  // Pix send (issue 16, 3-pix-part-one.md §2, §7, §9 and the 2026 limits of the domain notes §c;
  // contract createWithdrawal, createInternalPix, decodePixQrCode, payPixQrCode; sandbox/sim/spi.ts).
  pixNightLimit: {
    code: 81,
    group: 'PIXSEND',
    description:
      'Limite noturno do Pix excedido: com este Pix, o total enviado neste período noturno passaria do seu limite. Consulte ou ajuste seus limites em Pix > Limites. Nada foi debitado.',
  },
  pixDevicePaymentLimit: {
    code: 82,
    group: 'PIXSEND',
    description:
      'Dispositivo não cadastrado para o Pix: o limite é de R$ 200,00 por transação até você cadastrar este dispositivo. Nada foi debitado.',
  },
  pixDeviceDailyLimit: {
    code: 83,
    group: 'PIXSEND',
    description:
      'Dispositivo não cadastrado para o Pix: o limite é de R$ 1.000,00 por dia até você cadastrar este dispositivo. Nada foi debitado.',
  },
  pixKeyNotFound: {
    code: 84,
    group: 'PIXSEND',
    description: 'Chave informada inválida ou não encontrada. Verifique!',
  },
  pixCreditorMismatch: {
    code: 85,
    group: 'PIXSEND',
    description:
      'Os dados do recebedor não conferem com os da chave Pix. Consulte a chave novamente. Nada foi debitado.',
  },
  pixUnknownParticipant: {
    code: 86,
    group: 'PIXSEND',
    description: 'A instituição do recebedor não participa do Pix. Nada foi debitado.',
  },
  pixEndToEndReused: {
    code: 87,
    group: 'PIXSEND',
    description: 'Este Pix já foi enviado (identificador fim a fim repetido). Nada foi debitado de novo.',
  },
  pixCodeInvalid: {
    code: 88,
    group: 'PIXSEND',
    description: 'Código Pix inválido: confira se o código foi copiado por inteiro, sem alterações.',
  },
  pixChargeUnavailable: {
    code: 89,
    group: 'PIXSEND',
    description: 'Esta cobrança Pix não foi encontrada, venceu ou já foi paga.',
  },
  pixCodeAmountMismatch: {
    code: 90,
    group: 'PIXSEND',
    description: 'O valor informado difere do valor do código Pix. Nada foi debitado.',
  },
  // Pix receive, refunds, infractions (issue 17, 3-pix-part-one.md §5, §7, §8, 4-pix-part-two.md §3, §5;
  // contract createImmediateCharge, createDueDateCharge, createStatic*, refundPixPayment, createInfraction,
  // attachInfractionFile, cancelInfraction). 99 is skipped: it is the catalogue's internal error everywhere.
  chargeKeyNotOwn: {
    code: 91,
    group: 'PIXRECV',
    description: 'A chave informada não é uma chave Pix ativa desta conta. Nada foi criado.',
  },
  chargeDueDatePast: {
    code: 92,
    group: 'PIXRECV',
    description: 'A data de vencimento não pode ser anterior a hoje.',
  },
  pixRequestReused: {
    code: 93,
    group: 'PIXRECV',
    description: 'Este identificador já foi usado em outra solicitação. Nada foi criado.',
  },
  refundNotAllowed: {
    code: 94,
    group: 'PIXRECV',
    description: 'Só um Pix recebido pode ser devolvido. Nada foi devolvido.',
  },
  refundWindowClosed: {
    code: 95,
    group: 'PIXRECV',
    description: 'O prazo de 90 dias para devolver este Pix terminou. Nada foi devolvido.',
  },
  refundAboveAvailable: {
    code: 96,
    group: 'PIXRECV',
    description:
      'O valor da devolução ultrapassa o valor ainda disponível para devolução deste Pix. Nada foi devolvido.',
  },
  infractionNotAllowed: {
    code: 97,
    group: 'PIXRECV',
    description: 'Só é possível notificar uma infração sobre um Pix enviado.',
  },
  infractionWindowClosed: {
    code: 98,
    group: 'PIXRECV',
    description: 'O prazo de 80 dias para notificar uma infração sobre este Pix terminou.',
  },
  infractionAlreadyExists: {
    code: 100,
    group: 'PIXRECV',
    description: 'Já existe uma notificação de infração aberta para este Pix.',
  },
  infractionNotOpen: {
    code: 101,
    group: 'PIXRECV',
    description: 'Esta notificação de infração não está mais aberta e não pode ser alterada.',
  },
  attachmentTypeRefused: {
    code: 102,
    group: 'PIXRECV',
    description: 'Anexo não aceito: envie uma imagem PNG ou JPEG, ou um PDF.',
  },
  attachmentTooLarge: {
    code: 103,
    group: 'PIXRECV',
    description: 'Anexo maior que 5 MB. Envie um arquivo menor.',
  },
  attachmentLimit: {
    code: 104,
    group: 'PIXRECV',
    description: 'Limite de 5 anexos por notificação atingido.',
  },
  // Scheduled Pix (issue 28, 4-pix-part-two.md §2, §7; contract deletePixSchedule); codes are per
  // group, so PIXSCHED 110 and PIXLIMIT 110 are two entries of the catalogue.
  scheduleNotPending: {
    code: 110,
    group: 'PIXSCHED',
    description: 'Este agendamento já foi executado ou tentado e não pode mais ser excluído.',
  },
  // Pix limits (issue 28, 4-pix-part-two.md §2, §5, §8 and the 2026 rules of the domain notes §c;
  // contract getPixLimits, requestPixLimitAdjustment, setPixNightWindow; sim/pix-limits.ts).
  pixLimitPending: {
    code: 110,
    group: 'PIXLIMIT',
    description: 'Última solicitação pendente de aprovação.',
  },
  pixLimitInvalid: {
    code: 111,
    group: 'PIXLIMIT',
    description: 'Por favor, verificar dados inválidos.',
  },
  pixDayLimit: {
    code: 112,
    group: 'PIXLIMIT',
    description:
      'Limite diurno do Pix excedido: com este Pix, o total enviado neste período diurno passaria do seu limite. Consulte ou ajuste seus limites em Pix > Limites. Nada foi debitado.',
  },
  nightMovementLimit: {
    code: 113,
    group: 'TRANSFER',
    description:
      'Limite noturno excedido: no período noturno, pessoas físicas podem fazer até R$ 1.000,00 em TED, transferências e pagamentos de contas. Nada foi debitado.',
  },
  notFound: { code: 404, group: 'GENERAL', description: 'Registro não encontrado.' },
  internal: { code: 99, group: 'GENERAL', description: 'Erro interno da aplicação.' },
  fault: { code: 99, group: 'SANDBOX', description: 'Falha simulada pelo sandbox.' },
} as const;

export type ErrorName = keyof typeof ERROR_CODES;
