/**
 * Catalog entry of key management (/ManageKeys; 3-pix-part-one.md §2 Key management, §3, §4, §5 Max
 * keys, §7, §8, §9).
 */
import { DEMO, signedInSteps } from '../access/access-fixtures.ts';
import { defineFlow } from '../catalog-types';
import { businessError, internalError, networkError } from '../fixtures/api-errors.ts';
import { sequentialIds } from '../kernel/ids.ts';
import type { PixKeyRegisterOutput } from './pix-key-register.machine.ts';
import {
  MARIA_EVP,
  MARIA_KEYS,
  MARIA_KEYS_AT_LIMIT,
  MARIA_PENDING_PHONE,
  MARIA_TAX_ID,
} from './pix-key-sample-data.ts';
import {
  pixKeysMachine,
  type DeletePixKeyOutput,
  type ListAliasesOutput,
  type PixKeysContext,
  type PixKeysEvent,
} from './pix-keys.machine.ts';

const ev = (e: PixKeysEvent): PixKeysEvent => e;

export const pixKeysFlow = defineFlow({
  id: 'pix-keys',
  title: 'Pix: minhas chaves',
  route: '/ManageKeys',
  entrySteps: signedInSteps('/ManageKeys'),
  spec: [
    '3-pix-part-one.md §2 Key management',
    '3-pix-part-one.md §3 Entities and their fields (Owned key list item, Pix key status labels)',
    '3-pix-part-one.md §4 States and transitions (key delete)',
    '3-pix-part-one.md §5 Validation rules (Max keys; 2026: 5 individual, 20 company)',
    '3-pix-part-one.md §7 The calls it makes (Remove key, aliases)',
    '3-pix-part-one.md §8 Error catalogue (DELETED_SUCESS, DELETED_ERROR, KEYS_LIMITS)',
  ],
  machine: pixKeysMachine,
  input: { accountId: DEMO.accountId, taxId: MARIA_TAX_ID, newId: sequentialIds('key') },
  events: [
    { event: ev({ type: 'key.add' }), label: 'Clica em Cadastrar chave' },
    { event: ev({ type: 'key.delete', key: MARIA_EVP }), label: 'Clica em Excluir na chave aleatória' },
    {
      event: ev({ type: 'key.delete', key: 'maria.pix@exemplo.com.br' }),
      label: 'Pede para excluir uma chave que não pode ser excluída (ou não está na lista)',
      valid: false,
    },
    {
      event: ev({ type: 'key.validate', key: MARIA_PENDING_PHONE }),
      label: 'Clica em Validar no celular aguardando código',
    },
    {
      event: ev({ type: 'key.validate', key: MARIA_EVP }),
      label: 'Pede para validar uma chave que não aguarda código',
      valid: false,
    },
    { event: ev({ type: 'delete.confirm' }), label: 'Confirma a exclusão' },
    { event: ev({ type: 'delete.cancel' }), label: 'Desiste da exclusão' },
    { event: ev({ type: 'limit.close' }), label: 'Fecha o aviso de limite de chaves' },
    { event: ev({ type: 'retry' }), label: 'Clica em Tentar novamente' },
  ],
  outcomes: [
    {
      actor: 'listAliases',
      kind: 'done',
      output: MARIA_KEYS satisfies ListAliasesOutput,
      key: 'fourKeys',
      label: 'API devolve 4 chaves (3 ativas, 1 aguardando código)',
    },
    {
      actor: 'listAliases',
      kind: 'done',
      output: MARIA_KEYS_AT_LIMIT satisfies ListAliasesOutput,
      key: 'fiveKeys',
      label: 'API devolve 5 chaves (limite de pessoa física)',
    },
    {
      actor: 'listAliases',
      kind: 'error',
      error: internalError('listAliases'),
      key: 'listServerError',
      label: 'API responde 500 ao listar as chaves',
    },
    {
      actor: 'registerKey',
      kind: 'done',
      output: { result: 'created', kind: 'EVP', key: MARIA_EVP } satisfies PixKeyRegisterOutput,
      key: 'keyRegistered',
      label: 'Diálogo de cadastro termina (chave cadastrada)',
    },
    {
      actor: 'deletePixKey',
      kind: 'done',
      output: { statusCode: 200, message: 'Chave excluída.' } satisfies DeletePixKeyOutput,
      key: 'deleted',
      label: 'API exclui a chave',
    },
    {
      actor: 'deletePixKey',
      kind: 'done',
      output: { statusCode: 500, message: 'Falha no provedor.' } satisfies DeletePixKeyOutput,
      key: 'deleteStatus500',
      label: 'API responde statusCode 500 no resultado',
    },
    {
      actor: 'deletePixKey',
      kind: 'error',
      error: businessError('deletePixKey', 'Esta chave não pode ser excluída na situação atual.', 79),
      key: 'deleteRefused',
      label: 'API recusa a exclusão (422 PIXKEY 79)',
    },
    {
      actor: 'deletePixKey',
      kind: 'error',
      error: networkError('deletePixKey'),
      key: 'deleteOffline',
      label: 'Sem conexão ao excluir',
    },
  ],
  timers: [
    { delay: 'afterDelete', label: 'Espera 50 ms' },
    { delay: 'afterDialog', label: 'Espera 3 s' },
  ],
  contextKey: (c: PixKeysContext) => ({
    keys: c.keys.length,
    pendingDelete: c.pendingDelete,
    toValidate: c.toValidate?.key ?? null,
    error: c.error?.messageKey ?? null,
  }),
  operations: {
    listAliases: 'listAliases',
    deletePixKey: 'deletePixKey',
    registerKey: 'checkPixKeys',
  },
});
