/**
 * The receipt as translated, formatted lines grouped in sections: what the dialog lists and the PDF
 * prints, so both show the same thing. Money with Intl pt-BR BRL, dates with date-fns ptBR, CPFs
 * hidden (first 3 and last 2 digits, 1-access-shell-statement.md §5 Formatting helpers).
 */
import { formatBRL } from '../../format/brl';
import { formatDate, formatDateTime } from '../../format/dates';
import { hideTaxId, maskPhone } from '../../format/masks';
import { formatPixKey } from '../../format/pix-key';
import type { ReceiptCash, ReceiptModel, ReceiptParty } from './receipt-model';

/** The translate function this needs (i18next's `t` fits). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One label and its value, ready to show. */
export interface ReceiptLine {
  /** Stable id (the field's i18n key), for tests and React keys. */
  id: string;
  label: string;
  value: string;
  /** The amount line, shown larger. */
  emphasis?: boolean;
}

export interface ReceiptSection {
  id: string;
  title?: string;
  lines: ReceiptLine[];
}

/** What an empty or missing value shows. */
export const DASH = '-';

const F = 'RECEIPT.FIELDS.';

/**
 * The bank's processing time ('00:00:01', hours:minutes:seconds) as the duration it is: '1 s',
 * '2 min 5 s', '1 h 0 min 3 s'. Leading zero units are left out; anything that is not such a
 * duration is shown as the bank sent it.
 */
export function formatProcessingTime(value: string | undefined, t: Translate): string {
  if (!value) return DASH;
  const match = /^(\d+):([0-5]\d):([0-5]\d)(?:[.,](\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [hours, minutes, seconds] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const parts: string[] = [];
  if (hours > 0) parts.push(t('RECEIPT.DURATION.HOURS', { count: hours }));
  if (hours > 0 || minutes > 0) parts.push(t('RECEIPT.DURATION.MINUTES', { count: minutes }));
  parts.push(t('RECEIPT.DURATION.SECONDS', { count: seconds }));
  return parts.join(' ');
}

/** A tax id for a receipt: CPF hidden, CNPJ masked; a value the bank already masked stays as it is. */
export function receiptTaxId(taxId: string | undefined): string {
  if (!taxId) return DASH;
  if (/[*•xX]{2,}/.test(taxId)) return taxId;
  return hideTaxId(taxId);
}

const or = (v: string | undefined): string => (v === undefined || v.trim() === '' ? DASH : v);
const money = (v: number | undefined): string => (v === undefined ? DASH : formatBRL(v));
const dateTime = (v: string | undefined): string => (v ? formatDateTime(v) || v : DASH);

function line(t: Translate, field: string, value: string, emphasis = false): ReceiptLine {
  return { id: `${F}${field}`, label: t(`${F}${field}`), value, ...(emphasis ? { emphasis } : {}) };
}

function partyLines(t: Translate, p: ReceiptParty | undefined, withBank: boolean): ReceiptLine[] {
  const lines = [line(t, 'NAME', or(p?.name)), line(t, 'TAX_ID', receiptTaxId(p?.taxId))];
  if (withBank)
    lines.push(
      line(t, 'BANK', or(p?.bank)),
      line(t, 'BRANCH', or(p?.branch)),
      line(t, 'ACCOUNT', or(p?.account)),
    );
  return lines;
}

const hasBank = (p: ReceiptParty | undefined): boolean => Boolean(p && (p.bank || p.branch || p.account));

/**
 * The Pix receipt ('Comprovante de Transação PIX'): the description, payer, payee, then the Pix
 * itself: pixId (the end-to-end id), pixDate, pixKey (a dash when the Pix had none: manual data, a
 * refund), on a refund the original Pix's id, the amount and the transaction id. The empty one
 * (failed load) has the same lines, dashes and R$ 0,00.
 */
function pixReceiptSections(model: ReceiptModel, t: Translate): ReceiptSection[] {
  if (model.cash && !model.empty) return cashReceiptSections(model, model.cash, t);
  const pix = model.empty ? {} : (model.pix ?? {});
  const lines = [
    line(t, 'PIX_ID', or(pix.pixId)),
    line(t, 'PIX_DATE', dateTime(pix.pixDate)),
    line(t, 'PIX_KEY', or(pix.pixKey && formatPixKey(pix.pixKey))),
  ];
  if (pix.originalPixId) lines.push(line(t, 'ORIGINAL_PIX_ID', pix.originalPixId));
  lines.push(
    line(t, 'AMOUNT', formatBRL(model.amount), true),
    line(t, 'TRANSACTION_ID', or(model.transactionId)),
  );
  return [
    { id: 'summary', lines: [line(t, 'DESCRIPTION', or(model.description))] },
    {
      id: 'from',
      title: t('RECEIPT.SECTIONS.FROM'),
      lines: partyLines(t, model.from, model.empty || hasBank(model.from)),
    },
    {
      id: 'to',
      title: t('RECEIPT.SECTIONS.TO'),
      lines: partyLines(t, model.to, !model.empty && hasBank(model.to)),
    },
    { id: 'transaction', title: t('RECEIPT.SECTIONS.PIX'), lines },
  ];
}

/**
 * The withdraw and change receipts (Pix Saque, Pix Troco; issue 29): the same for the payer and for
 * the agent. The spec names the layouts without their fields (1-access-shell-statement.md §2
 * Receipt dialog, contract PixCashReceipt x-spec-gap): first the cash (for a Troco the purchase,
 * the change and the total paid; for a Saque the withdraw amount), then the payer and the agent,
 * then the Pix: its end-to-end id, date and time, and the transaction id.
 */
function cashReceiptSections(model: ReceiptModel, cash: ReceiptCash, t: Translate): ReceiptSection[] {
  const values =
    cash.kind === 'CHANGE'
      ? [
          line(t, 'PURCHASE', formatBRL(cash.purchase)),
          line(t, 'CHANGE', formatBRL(cash.cash), true),
          line(t, 'TOTAL_PAID', formatBRL(model.amount)),
        ]
      : [line(t, 'WITHDRAWAL', formatBRL(cash.cash), true)];
  const pix = model.pix ?? {};
  return [
    {
      id: 'cash',
      title: t(cash.kind === 'CHANGE' ? 'RECEIPT.SECTIONS.CHANGE' : 'RECEIPT.SECTIONS.WITHDRAWAL'),
      lines: values,
    },
    {
      id: 'from',
      title: t('RECEIPT.SECTIONS.PAYER'),
      lines: partyLines(t, model.from, hasBank(model.from)),
    },
    { id: 'to', title: t('RECEIPT.SECTIONS.AGENT'), lines: partyLines(t, model.to, hasBank(model.to)) },
    {
      id: 'transaction',
      title: t('RECEIPT.SECTIONS.PIX'),
      lines: [
        line(t, 'END_TO_END_ID', or(pix.pixId)),
        line(t, 'PIX_DATE', dateTime(pix.pixDate)),
        line(t, 'TRANSACTION_ID', or(model.transactionId)),
      ],
    },
  ];
}

/**
 * The title of the receipt by its kind ('Comprovante de Transação PIX' for Pix). Every transfer,
 * sent or received, by TED or between accounts, is a 'Comprovante de transferência'; a deposit a
 * 'Comprovante de depósito'; only what fits no family keeps the plain 'Comprovante'.
 */
export function receiptTitle(model: ReceiptModel, t: Translate): string {
  if (model.digitalCheck) return t('RECEIPT.TITLE_CHECK');
  if (model.family === 'transfer') return t('RECEIPT.TITLE_TED');
  if (model.family === 'deposit') return t('RECEIPT.TITLE_DEPOSIT');
  if (model.cash && !model.empty)
    return t(model.cash.kind === 'CHANGE' ? 'RECEIPT.TITLE_PIX_CHANGE' : 'RECEIPT.TITLE_PIX_WITHDRAWAL');
  switch (model.kind) {
    case 'ted':
      return t('RECEIPT.TITLE_TED');
    case 'pix':
      return t('RECEIPT.TITLE_PIX');
    case 'bill':
      return t('RECEIPT.TITLE_BILL');
    case 'topup':
      return t('RECEIPT.TITLE_TOPUP');
    default:
      return t('RECEIPT.TITLE');
  }
}

/** The sections of a receipt, in reading order; only the fields that apply to its kind. */
export function receiptSections(model: ReceiptModel, t: Translate): ReceiptSection[] {
  if (model.kind === 'pix') return pixReceiptSections(model, t);
  if (model.empty) {
    return [
      { id: 'summary', lines: [line(t, 'DESCRIPTION', DASH)] },
      { id: 'from', title: t('RECEIPT.SECTIONS.FROM'), lines: partyLines(t, undefined, true) },
      { id: 'to', title: t('RECEIPT.SECTIONS.TO'), lines: partyLines(t, undefined, false) },
      {
        id: 'transaction',
        title: t('RECEIPT.SECTIONS.TRANSACTION'),
        lines: [
          line(t, 'REGISTRATION_DATE', DASH),
          line(t, 'EFFECTIVE_DATE', DASH),
          line(t, 'AMOUNT', formatBRL(0), true),
          line(t, 'PROCESSING_TIME', DASH),
          line(t, 'TRANSACTION_ID', DASH),
        ],
      },
    ];
  }

  const sections: ReceiptSection[] = [
    { id: 'summary', lines: [line(t, 'DESCRIPTION', or(model.description))] },
  ];
  if (model.from)
    sections.push({
      id: 'from',
      title: t('RECEIPT.SECTIONS.FROM'),
      lines: partyLines(t, model.from, hasBank(model.from)),
    });
  if (model.to)
    sections.push({
      id: 'to',
      title: t('RECEIPT.SECTIONS.TO'),
      lines: partyLines(t, model.to, hasBank(model.to)),
    });
  if (model.transfer) {
    const type = model.transfer.accountType;
    sections.push({
      id: 'transfer',
      title: t('RECEIPT.SECTIONS.TRANSFER'),
      lines: [
        line(t, 'BANK', or(model.transfer.bank)),
        line(t, 'ACCOUNT_TYPE', type ? t(`RECEIPT.ACCOUNT_TYPES.${type}`) : DASH),
        line(t, 'BRANCH', or(model.transfer.branch)),
        line(t, 'ACCOUNT', or(model.transfer.account)),
      ],
    });
  }
  if (model.topup) {
    sections.push({
      id: 'topup',
      title: t('RECEIPT.SECTIONS.TOPUP'),
      lines: [
        line(t, 'OPERATOR', or(model.topup.operator)),
        line(t, 'PHONE', model.topup.phone ? maskPhone(model.topup.phone) : DASH),
      ],
    });
  }
  if (model.bill) {
    const b = model.bill;
    sections.push({
      id: 'bill',
      title: t('RECEIPT.SECTIONS.BILL'),
      lines: [
        line(t, 'BENEFICIARY', or(b.beneficiary)),
        line(t, 'BENEFICIARY_TAX_ID', receiptTaxId(b.beneficiaryTaxId)),
        line(t, 'BARCODE', or(b.barcode)),
        line(t, 'DUE_DATE', b.dueDate ? formatDate(b.dueDate) || b.dueDate : DASH),
        line(t, 'DOCUMENT_VALUE', money(b.documentValue)),
        line(t, 'DISCOUNT', money(b.discount)),
        line(t, 'DEDUCTIONS', money(b.deductions)),
        line(t, 'FINE_INTEREST', money(b.fineInterest)),
        line(t, 'ADDITIONS', money(b.additions)),
        line(t, 'AMOUNT_PAID', money(b.amountPaid)),
      ],
    });
  }
  const transaction: ReceiptLine[] = [
    line(t, 'REGISTRATION_DATE', dateTime(model.registrationDate)),
    line(t, 'EFFECTIVE_DATE', dateTime(model.effectiveDate)),
  ];
  if (model.note) transaction.push(line(t, 'NOTE', model.note));
  transaction.push(
    line(t, 'AMOUNT', formatBRL(model.amount), true),
    line(t, 'PROCESSING_TIME', formatProcessingTime(model.processingTime, t)),
    line(t, 'TRANSACTION_ID', or(model.transactionId)),
  );
  sections.push({ id: 'transaction', title: t('RECEIPT.SECTIONS.TRANSACTION'), lines: transaction });
  return sections;
}
