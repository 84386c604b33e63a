/**
 * The summary lines of a Pix send (3-pix-part-one.md §2 Send by key: "balance and recipient data:
 * key, key type, recipient name, masked document, institution, account type, account number,
 * amount, description"; the same for manual data, without the key; copy-and-paste adds its own).
 * One builder, so the confirmation of every send flow and the receipt say the same thing the same
 * way. Texts are PIX.SEND.LINES in pix.json.
 */
import type { TFunction } from 'i18next';
import type { components } from '../../../../openapi/portal';
import { formatBRL } from '../../../format/brl';
import { formatDate, formatDateTime } from '../../../format/dates';
import { hideTaxId } from '../../../format/masks';
import { formatPixKey } from '../../../format/pix-key';
import type { SummaryLine } from '../../../ui/summary-lines';

type Schemas = components['schemas'];

/** What a send shows of its payment; absent parts are left out. */
export interface PixSendSummary {
  /** The available balance and the moment it was read. */
  balance?: { amount: number; at: string };
  key?: string;
  keyType?: Schemas['DictKeyType'];
  name: string;
  /** A tax id in full or the masked CPF the DICT showed. */
  taxId: string;
  institution: string;
  branch?: string;
  accountType?: Schemas['PixAccountType'];
  accountNumber?: string;
  amount: number;
  description?: string;
  /** After the payment: its ids and the moment. */
  endToEndId?: string;
  transactionId?: string;
  at?: string;
  /** A scheduled payment's date (YYYY-MM-DD). */
  scheduleDate?: string;
}

/**
 * A document as a payer may see it: a CPF hidden but its middle six digits (`***.456.789-**`), a
 * CNPJ in full; a CPF already masked by the DICT is kept as it came.
 */
export function payeeDocument(taxId: string): string {
  return /^\*{3}\.\d{3}\.\d{3}-\*{2}$/.test(taxId) ? taxId : hideTaxId(taxId);
}

/**
 * The name of the institution of an ISPB (issue 32 item 2: a confirmation said 'Instituição
 * 22896431'): the Pix participants' list the bank gives (listPsps), else the Banco Central's list
 * the portal carries (machines/data/banks.json, through `bankByIspb` once its chunk has loaded: the
 * list is 15 KB of the first load a confirmation does not need at once); the ISPB only when
 * neither knows it.
 */
export function institutionNameOf(
  t: TFunction,
  ispb: string,
  participants: readonly Schemas['Institution'][] | undefined,
  bankByIspb?: (ispb: string) => { name: string } | undefined,
): string {
  const listed = participants?.find((p) => p.id === ispb)?.name ?? bankByIspb?.(ispb)?.name;
  return listed ?? t('PIX.SEND.UNKNOWN_INSTITUTION', { ispb });
}

/** The lines, in the order of §2. */
export function pixSummaryLines(t: TFunction, s: PixSendSummary, lng?: string): SummaryLine[] {
  const L = (k: string) => t(`PIX.SEND.LINES.${k}`);
  const lines: (SummaryLine | false | undefined)[] = [
    s.balance && {
      label: L('BALANCE'),
      value: t('PIX.SEND.BALANCE_AT', {
        amount: formatBRL(s.balance.amount),
        at: formatDateTime(s.balance.at, lng),
      }),
    },
    s.key !== undefined && { label: L('KEY'), value: formatPixKey(s.key, s.keyType) },
    s.keyType !== undefined && { label: L('KEY_TYPE'), value: t(`PIX.SEND.KEY_TYPES.${s.keyType}`) },
    { label: L('NAME'), value: s.name },
    { label: L('DOCUMENT'), value: payeeDocument(s.taxId) },
    { label: L('INSTITUTION'), value: s.institution },
    s.branch !== undefined && { label: L('BRANCH'), value: s.branch },
    s.accountType !== undefined && {
      label: L('ACCOUNT_TYPE'),
      value: t(`PIX.SEND.ACCOUNT_TYPES.${s.accountType}`),
    },
    s.accountNumber !== undefined && { label: L('ACCOUNT'), value: s.accountNumber },
    { label: L('AMOUNT'), value: formatBRL(s.amount) },
    s.description ? { label: L('DESCRIPTION'), value: s.description } : undefined,
    s.scheduleDate !== undefined && { label: L('SCHEDULE_DATE'), value: formatDate(s.scheduleDate, lng) },
    s.at !== undefined && { label: L('DATE'), value: formatDateTime(s.at, lng) },
    s.endToEndId !== undefined && { label: L('END_TO_END_ID'), value: s.endToEndId },
    s.transactionId !== undefined && { label: L('TRANSACTION_ID'), value: s.transactionId },
  ];
  return lines.filter((l): l is SummaryLine => Boolean(l));
}
