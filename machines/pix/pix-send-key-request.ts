/**
 * The request of a send by key (3-pix-part-one.md §4 internal path, §7 internal-pix / withdraw),
 * built on Confirm from the flow's context: the internal-pix body when the key is held at this
 * bank, else the pacs.008 (DICT) of buildPixWithdrawRequest; and the movement the security code
 * confirms (issue 27). Split from pix-send-key.machine.ts (issue 25's file size).
 */
import type { components } from '../../openapi/portal';
import { withdrawMovement } from '../transfers/movement-states.ts';
import type { ConfirmedMovement } from '../transfers/security-code.machine.ts';
import { transactionSignature } from '../validators/transaction-signature.ts';
import type { PixSendKeyContext, PixSendKeyPayment } from './pix-send-key-shapes.ts';
import { buildPixWithdrawRequest } from './pix-send-rules.ts';

type Schemas = components['schemas'];

/** The key's participant is this bank: the internal path (§4). */
export const isInternalEntry = (c: Pick<PixSendKeyContext, 'entry' | 'ispb'>): boolean =>
  c.entry !== null && c.entry.account.participant === c.ispb;

/** The movement the security code confirms (issue 27): the amount and id of the body to be sent. */
export function confirmedMovementOf(request: PixSendKeyContext['request']): ConfirmedMovement {
  if (request?.kind === 'internal')
    return { amount: request.body.Amount, externalIdentifier: request.body.externalIdentifier };
  return withdrawMovement(request?.body as Schemas['WithdrawRequest']);
}

/** The request of the attempt, built on Confirm from the context and the confirmation's choices. */
export function requestOf(
  c: PixSendKeyContext,
  choice: { saveNickname: string | null; scheduleDate: string | null },
): { request: NonNullable<PixSendKeyContext['request']>; signature: string } {
  const entry = c.entry as Schemas['DictEntry'];
  const payment = c.payment as PixSendKeyPayment;
  const description = payment.description.trim();
  if (isInternalEntry(c)) {
    const body: Schemas['InternalPixRequest'] = {
      externalIdentifier: c.externalIdentifier ?? '',
      KeyType: entry.key_type,
      Chave: entry.key,
      Amount: payment.amount,
      ...(description ? { Description: description } : {}),
      ...(c.phoneNumber ? { PhoneNumber: c.phoneNumber } : {}),
    };
    return {
      request: { kind: 'internal', body },
      signature: transactionSignature({ kind: 'internal-pix', sourceAccountId: c.accountId, request: body }),
    };
  }
  const body = buildPixWithdrawRequest({
    msgId: c.msgId ?? '',
    endToEndId: c.endToEndId ?? '',
    at: new Date(c.idsAt ?? 0),
    amount: payment.amount,
    localInstrument: 'DICT',
    sourceAccountId: c.accountId,
    externalIdentifier: c.externalIdentifier ?? '',
    debtor: { ...c.payer, ispb: c.ispb },
    creditor: {
      name: entry.owner.name,
      taxId: entry.owner.tax_id_number,
      ispb: entry.account.participant,
      branch: entry.account.branch,
      accountNumber: entry.account.account_number,
      accountType: entry.account.account_type,
    },
    proxy: entry.key,
    keyType: entry.key_type,
    ...(description ? { remittanceInformation: description } : {}),
    ...(choice.scheduleDate ? { scheduleDate: choice.scheduleDate } : {}),
    ...(choice.saveNickname ? { saveNickname: choice.saveNickname } : {}),
    ...(c.phoneNumber ? { phoneNumber: c.phoneNumber } : {}),
  });
  return { request: { kind: 'interbank', body }, signature: body.withdraw.STransactionId ?? '' };
}
