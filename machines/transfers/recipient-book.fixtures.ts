/**
 * Catalog entry of the recipient book (/Transfer/Recipient; 2-money-movement.md §2 Recipient book,
 * §3 Recipient, §4 Recipient form, §5 Recipient form and Nickname, §7, §8, §9).
 */
import { signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { businessError, internalError, networkError, apiErrorLike } from '../fixtures/api-errors.ts';
import { EMPTY_RECIPIENT_FORM, type RecipientFormValues } from '../validators/recipient.ts';
import {
  recipientBookMachine,
  type CreateRecipientOutput,
  type DeleteRecipientOutput,
  type ListRecipientsOutput,
  type LookupContactOutput,
  type Recipient,
  type RecipientBookContext,
  type RecipientBookEvent,
  type RecipientBookInput,
  type UpdateRecipientOutput,
} from './recipient-book.machine.ts';

/** The demo account of the sandbox's first customer (machines/access/access-fixtures.ts DEMO). */
const ACCOUNT_ID = '1000001';

/** A TED recipient (a person, CPF). */
export const TED_RECIPIENT: Recipient = {
  idRecipient: 3,
  userAccountId: ACCOUNT_ID,
  recipientType: 'BankTransfer',
  nickname: 'Maria - BB',
  name: 'Maria Souza',
  cpfCnpj: '52998224725',
  bankCode: '001',
  bankName: 'Banco do Brasil S.A.',
  branchCode: '1234',
  accountType: 'CC',
  accountNumber: '123456',
  accountNumberDigit: '7',
  phoneNumber: null,
  key: null,
  createdAt: '2026-11-20T12:00:00.000Z',
};

/** A company account recipient (CNPJ, an account of the product). */
export const COMPANY_RECIPIENT: Recipient = {
  idRecipient: 2,
  userAccountId: ACCOUNT_ID,
  recipientType: 'InternalTransfer',
  nickname: 'Padaria Central',
  name: 'Padaria Central Ltda',
  cpfCnpj: '11222333000181',
  bankCode: null,
  bankName: null,
  branchCode: null,
  accountType: null,
  accountNumber: null,
  accountNumberDigit: null,
  phoneNumber: '11987654321',
  key: null,
  createdAt: '2026-11-19T12:00:00.000Z',
};

/** A Pix recipient (3-pix-part-one.md §2 Recipient book (Pix variant)): a key and a nickname. */
export const PIX_RECIPIENT: Recipient = {
  idRecipient: 4,
  userAccountId: ACCOUNT_ID,
  recipientType: 'Pix',
  nickname: 'Academia',
  name: 'Bruno Oliveira Lima',
  cpfCnpj: null,
  bankCode: null,
  bankName: null,
  branchCode: null,
  accountType: null,
  accountNumber: null,
  accountNumberDigit: null,
  phoneNumber: null,
  key: 'bruno.oliveira@exemplo.com.br',
  createdAt: '2026-11-21T12:00:00.000Z',
};

const TED_FORM: RecipientFormValues = {
  recipientType: 'BankTransfer',
  nickname: 'João - Bradesco',
  name: 'João da Silva',
  cpfCnpj: '529.982.247-25',
  bankCode: '237',
  branchCode: '0001',
  accountType: 'POUPANCA',
  accountNumber: '98765',
  accountNumberDigit: '0',
  pixKeyType: '',
  pixKey: '',
};

const COMPANY_FORM: RecipientFormValues = {
  ...EMPTY_RECIPIENT_FORM,
  recipientType: 'InternalTransfer',
  nickname: 'Fornecedor',
  cpfCnpj: '11.222.333/0001-81',
};

const ev = (e: RecipientBookEvent): RecipientBookEvent => e;

const input: RecipientBookInput = { accountId: ACCOUNT_ID };

const FOUND_CONTACT: LookupContactOutput = {
  accounts: [{ accountId: '1000002', branch: '0001', account: '1000002' }],
  accountHolder: { name: 'Padaria Central Ltda', mobilePhones: [{ phoneNumber: '11987654321' }] },
  client: { name: 'Padaria Central Ltda', taxIdentifier: { taxId: '11222333000181', country: 'BRA' } },
  alreadyRegistered: false,
};

export const recipientBookFlow = defineFlow({
  id: 'recipient-book',
  title: 'Transferências: favorecidos',
  route: '/Transfer/Recipient',
  entrySteps: signedInSteps('/Transfer/Recipient'),
  spec: [
    '2-money-movement.md §2 Recipient book',
    '2-money-movement.md §3 Entities and their fields (Recipient, Paging request, Contact lookup result)',
    '2-money-movement.md §4 States and transitions (Recipient form)',
    '2-money-movement.md §5 Validation rules (Name, Document, Bank transfer fields, Nickname, Recipient form)',
    '2-money-movement.md §7 Calls made (Recipients, contact lookups)',
    '2-money-movement.md §8 Error catalogue',
    '2-money-movement.md §9 Business constants and limits',
    '3-pix-part-one.md §2 Recipient book (Pix variant) (the same machine with variant pix, /PixRecipientPage)',
    '3-pix-part-one.md §3 Entities and their fields (Recipient: recipientType Pix)',
    '3-pix-part-one.md §7 The calls it makes (Save recipient; list filter is_pix)',
  ],
  machine: recipientBookMachine,
  input,
  events: [
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
    { event: ev({ type: 'query.change', pageNumber: 2 }), label: 'Vai para a página 2' },
    {
      event: ev({ type: 'query.change', fieldToSort: 'nickname', direction: 0 }),
      label: 'Ordena por apelido, crescente',
    },
    { event: ev({ type: 'query.change', pageSize: 20 }), label: 'Escolhe 20 por página' },
    { event: ev({ type: 'query.change', recipientType: 'BankTransfer' }), label: 'Filtra pelo tipo TED' },
    { event: ev({ type: 'recipient.add' }), label: 'Clica em Adicionar favorecido' },
    {
      event: ev({ type: 'recipient.edit', idRecipient: 3 }),
      label: 'Clica em Editar no favorecido Maria - BB',
    },
    {
      event: ev({ type: 'recipient.edit', idRecipient: 999 }),
      label: 'Pede para editar um favorecido que não está na página',
      valid: false,
    },
    {
      event: ev({ type: 'recipient.send', idRecipient: 4 }),
      label: 'Clica em Enviar Pix no favorecido Pix Academia',
    },
    {
      event: ev({ type: 'recipient.send', idRecipient: 3 }),
      label: 'Pede para enviar Pix a um favorecido TED (sem chave)',
      valid: false,
    },
    {
      event: ev({ type: 'recipient.delete', idRecipient: 3 }),
      label: 'Clica em Excluir no favorecido Maria - BB',
    },
    {
      event: ev({ type: 'recipient.delete', idRecipient: 999 }),
      label: 'Pede para excluir um favorecido que não está na página',
      valid: false,
    },
    {
      event: ev({ type: 'form.submit', values: TED_FORM }),
      label: 'Preenche um favorecido TED completo e clica em Salvar',
    },
    {
      event: ev({ type: 'form.submit', values: COMPANY_FORM }),
      label: 'Preenche um favorecido conta empresa (CNPJ) e clica em Salvar',
    },
    {
      event: ev({ type: 'form.submit', values: { ...TED_FORM, nickname: '   ' } }),
      label: 'Salva com o apelido só com espaços',
      valid: false,
    },
    { event: ev({ type: 'form.cancel' }), label: 'Fecha o formulário sem salvar' },
    { event: ev({ type: 'delete.confirm' }), label: 'Confirma a exclusão' },
    { event: ev({ type: 'delete.cancel' }), label: 'Desiste da exclusão' },
  ],
  outcomes: [
    {
      actor: 'listRecipients',
      kind: 'done',
      output: {
        dataset: [TED_RECIPIENT, COMPANY_RECIPIENT, PIX_RECIPIENT],
        recordCount: 12,
        totalPages: 2,
      } satisfies ListRecipientsOutput,
      key: 'threeRecipients',
      label: 'API devolve a página com 3 favorecidos: TED, conta empresa e Pix (12 no total, 2 páginas)',
    },
    {
      actor: 'listRecipients',
      kind: 'done',
      output: { dataset: [], recordCount: 0, totalPages: 0 } satisfies ListRecipientsOutput,
      key: 'empty',
      label: 'API devolve a lista vazia',
    },
    {
      actor: 'listRecipients',
      kind: 'error',
      error: internalError('listRecipientsPaged'),
      key: 'listServerError',
      label: 'API responde 500 ao listar',
    },
    {
      actor: 'lookupContact',
      kind: 'done',
      output: FOUND_CONTACT,
      key: 'contactFound',
      label: 'Contato encontrado pelo CNPJ, com conta',
    },
    {
      actor: 'lookupContact',
      kind: 'done',
      output: { ...FOUND_CONTACT, alreadyRegistered: true } satisfies LookupContactOutput,
      key: 'alreadyRegistered',
      label: 'Consulta informa que o favorecido já está cadastrado',
    },
    {
      actor: 'lookupContact',
      kind: 'done',
      output: { ...FOUND_CONTACT, accounts: [] } satisfies LookupContactOutput,
      key: 'contactWithoutAccounts',
      label: 'Consulta devolve o contato sem lista de contas',
    },
    {
      actor: 'lookupContact',
      kind: 'error',
      error: apiErrorLike({
        status: 404,
        code: 404,
        messageKey: 'ERRORS.UNEXPECTED',
        operation: 'getContactUser',
      }),
      key: 'contactNotFound',
      label: 'API responde 404 (nenhum contato com esse CNPJ)',
    },
    {
      actor: 'lookupContact',
      kind: 'error',
      error: networkError('getContactUser'),
      key: 'lookupOffline',
      label: 'Sem conexão ao consultar o CNPJ',
    },
    {
      actor: 'createRecipient',
      kind: 'done',
      output: {
        ...TED_RECIPIENT,
        idRecipient: 13,
        nickname: TED_FORM.nickname,
      } satisfies CreateRecipientOutput,
      key: 'created',
      label: 'API salva o favorecido',
    },
    {
      actor: 'createRecipient',
      kind: 'error',
      error: businessError('createRecipient', 'Favorecido já cadastrado!', 56),
      key: 'createDuplicate',
      label: 'API recusa: favorecido já cadastrado (422)',
    },
    {
      actor: 'createRecipient',
      kind: 'error',
      error: internalError('createRecipient'),
      key: 'createServerError',
      label: 'API responde 500 ao salvar',
    },
    {
      actor: 'updateRecipient',
      kind: 'done',
      output: { ...TED_RECIPIENT, nickname: 'Maria - conta nova' } satisfies UpdateRecipientOutput,
      key: 'updated',
      label: 'API salva a edição',
    },
    {
      actor: 'updateRecipient',
      kind: 'error',
      error: internalError('updateRecipient'),
      key: 'updateServerError',
      label: 'API responde 500 ao editar',
    },
    {
      actor: 'updateRecipient',
      kind: 'error',
      error: businessError('updateRecipient', 'Favorecido já cadastrado!', 56),
      key: 'updateDuplicate',
      label: 'API recusa a edição: favorecido já cadastrado (422)',
    },
    {
      actor: 'deleteRecipient',
      kind: 'done',
      output: { success: true, message: 'Favorecido excluído.' } satisfies DeleteRecipientOutput,
      key: 'deleted',
      label: 'API exclui o favorecido',
    },
    {
      actor: 'deleteRecipient',
      kind: 'error',
      error: internalError('deleteRecipient'),
      key: 'deleteServerError',
      label: 'API responde 500 ao excluir',
    },
  ],
  // What guards and the screen read: the rows' ids, the last page, the open form's mode and what
  // was submitted (its type decides the lookup), the row to delete and the error. The query's page,
  // size and sort only feed the call.
  contextKey: (context) => {
    const c = context as RecipientBookContext;
    return {
      recipients: c.recipients.map((r) => r.idRecipient),
      totalPages: c.totalPages,
      form: c.form ? { mode: c.form.mode, submitted: c.form.submitted?.recipientType ?? null } : null,
      pendingDelete: c.pendingDelete,
      pendingSend: c.pendingSend,
      error: c.error?.messageKey ?? null,
    };
  },
  operations: {
    listRecipients: 'listRecipientsPaged',
    createRecipient: 'createRecipient',
    updateRecipient: 'updateRecipient',
    deleteRecipient: 'deleteRecipient',
    lookupContact: 'getContactUser',
  },
});
