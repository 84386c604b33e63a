/**
 * The manual Pix's request (3-pix-part-one.md §7 manual payment, local instrument MANU): the
 * participants in the order the institution step lists them, an institution's name, the recipient
 * (typed, or the holder for an account of their own) and the createWithdrawal body
 * machines/pix/pix-send-manual.machine.ts sends.
 */
import type { components } from '../../openapi/portal';
import { centsToDecimal, parseBrlToCents } from '../validators/money.ts';
import {
  PIX_ACCOUNT_TYPE_OF,
  manualDocumentDigits,
  type PixManualAccountType,
} from '../validators/pix-manual.ts';
import { buildPixWithdrawRequest, paymentIds } from './pix-send-rules.ts';
import type { PixInstitution, PixSendManualContext } from './pix-send-manual-shapes.ts';

type Schemas = components['schemas'];

/** The participants sorted by name as a Brazilian reader sorts them (accents and case ignored). */
export function sortInstitutions(list: readonly PixInstitution[]): PixInstitution[] {
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  return [...list].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** The institution's name, for the pacs.008's recipient and the confirmation. */
export const institutionName = (list: readonly PixInstitution[] | null, ispb: string): string =>
  list?.find((p) => p.id === ispb)?.name ?? ispb;

/** The recipient of the payment: the typed one, or the holder when the account is their own. */
export function recipientOf(c: Pick<PixSendManualContext, 'data' | 'holder'>): {
  name: string;
  taxId: string;
} {
  return c.data.sameOwnership
    ? { name: c.holder.name, taxId: c.holder.taxId }
    : { name: c.data.name.trim().replace(/\s+/gu, ' '), taxId: manualDocumentDigits(c.data.document) };
}

/**
 * The createWithdrawal body of a manual Pix (§7 "same shape as by key with a manual local
 * instrument and recipient bank details"): the account number of the pacs.008 is the account
 * followed by its digit (the SPI identifies an account by its whole number, as the DICT stores it).
 */
export function buildManualRequest(
  c: PixSendManualContext,
  externalIdentifier: string,
): Schemas['WithdrawRequest'] {
  const ids = paymentIds(c.ownIspb, c.now(), externalIdentifier);
  const recipient = recipientOf(c);
  const description = c.data.description.trim();
  return buildPixWithdrawRequest({
    ...ids,
    at: c.now(),
    amount: centsToDecimal(parseBrlToCents(c.data.amount) ?? 0),
    localInstrument: 'MANU',
    debtor: {
      name: c.holder.name,
      taxId: c.holder.taxId,
      ispb: c.ownIspb,
      branch: c.holder.branch,
      accountNumber: c.holder.accountNumber,
      accountType: 'CACC',
    },
    creditor: {
      ...recipient,
      ispb: c.data.ispb,
      branch: c.data.agency,
      accountNumber: `${c.data.account}${c.data.digit}`,
      accountType: PIX_ACCOUNT_TYPE_OF[c.data.accountType as PixManualAccountType],
    },
    ...(description ? { remittanceInformation: description } : {}),
    sourceAccountId: c.accountId,
    externalIdentifier,
    institutionName: institutionName(c.institutions, c.data.ispb),
    ...(c.phoneNumber ? { phoneNumber: c.phoneNumber } : {}),
  });
}
