/**
 * What a receipt shows (1-access-shell-statement.md §2 Receipt dialog; §3 Statement entry,
 * Transaction detail, Bill data, Bank transfer data), derived from the transaction detail and the
 * statement entry's additionalInfo JSON. Pure and defensive: additionalInfo is free text from the
 * bank, so anything unreadable is simply left out, and a missing detail (load failure) gives the
 * empty receipt with dashes and R$ 0,00 (§8). The dialog and the PDF both draw this model, so they
 * always agree; additionalInfo is read by src/format/additional-info.ts, which the statement PDF's
 * "Informações adicionais" column uses too. The holder's own account is written as in the exports
 * (src/format/account.ts).
 */
import type { components } from '../../../openapi/portal';
import { formatAccountNumber } from '../../format/account';
import {
  billFrom,
  firstText,
  money,
  obj,
  parseAdditionalInfo,
  text,
  topupFrom,
  transferFrom,
  type BillFacts,
} from '../../format/additional-info';
import type { StatementEntry } from './statement-rows';

type Schemas = components['schemas'];

/** The layouts the receipt tells apart. */
export type ReceiptKind = 'ted' | 'pix' | 'bill' | 'topup' | 'generic';

/** A party of the transaction. */
export interface ReceiptParty {
  name?: string;
  /** As received; the view hides CPFs (first 3 and last 2 digits). */
  taxId?: string;
  bank?: string;
  branch?: string;
  account?: string;
}

/** Bank-transfer destination (§3 Bank transfer data). */
export interface ReceiptTransfer {
  bank?: string;
  accountType?: Schemas['BankAccountType'];
  branch?: string;
  account?: string;
}

/** Mobile top-up (§2: operator and phone). */
export interface ReceiptTopup {
  operator?: string;
  /** Digits: area code + number. */
  phone?: string;
}

/** Bill data (§3), amounts in reais; read by the describer the statement PDF shares. */
export type ReceiptBill = BillFacts;

/** Everything a receipt may show; absent fields do not apply. */
export interface ReceiptModel {
  kind: ReceiptKind;
  /**
   * The family the title names when the layout is the generic one: a TED received or a transfer
   * between accounts is a 'transfer' like a TED sent; a deposit boleto's credit is a 'deposit'.
   */
  family?: 'transfer' | 'deposit';
  /** True for the empty receipt of a failed load: every field a dash, the amount R$ 0,00. */
  empty: boolean;
  description?: string;
  from?: ReceiptParty;
  to?: ReceiptParty;
  transfer?: ReceiptTransfer;
  topup?: ReceiptTopup;
  bill?: ReceiptBill;
  registrationDate?: string;
  effectiveDate?: string;
  /** The optional description the payer typed. */
  note?: string;
  amount: number;
  processingTime?: string;
  transactionId?: string;
  /**
   * The Pix receipt's own fields ('Comprovante de Transação PIX', 3-pix-part-one.md §2 Pix
   * statement: pixId, pixDate, pixKey), and on a refund the end-to-end id of the Pix it returns.
   */
  pix?: ReceiptPix;
  /**
   * The digital check this movement redeemed (issue 14): the bank books a redemption as a transfer
   * between accounts described 'Cheque digital <id>' (sandbox/routes/checks.ts), for both the
   * issuer and the receiver; its receipt is then a 'Comprovante de cheque digital'.
   */
  digitalCheck?: string;
  /**
   * A Pix Saque or Pix Troco (issue 29): its receipt is the withdraw or change layout, with the
   * cash, for a Troco the purchase and the change, the payer and the agent (contract PixCashReceipt).
   */
  cash?: ReceiptCash;
}

/** The cash part of a Pix Saque / Pix Troco receipt, in reais. */
export interface ReceiptCash {
  kind: Schemas['CashValueType'];
  /** The cash the agent handed over: the withdraw amount, or the change. */
  cash: number;
  /** What the payment paid beyond the cash: the purchase of a Troco, 0 for a Saque. */
  purchase: number;
}

/** The cash part from the bank's PixCashReceipt (Pix receipt or instantPayment), if it reads. */
function cashOf(value: unknown): ReceiptCash | undefined {
  const c = obj(value);
  const kind = text(c?.['kind']);
  const cash = money(c?.['cashAmount']);
  if ((kind !== 'WITHDRAW' && kind !== 'CHANGE') || cash === undefined) return undefined;
  return { kind, cash, purchase: money(c?.['purchaseAmount']) ?? 0 };
}

/** The Pix receipt's fields (getPixReceipt). */
export interface ReceiptPix {
  pixId?: string;
  pixDate?: string;
  pixKey?: string;
  originalPixId?: string;
}

/** The id of the digital check a receipt's description names ('Cheque digital DEMO0001'). */
const DIGITAL_CHECK_NOTE = /^Cheque digital ([0-9A-Z]{1,32})$/;

/** The account holder, for the side of the receipt that is the holder's own. */
export interface ReceiptHolder {
  name?: string;
  taxId?: string;
}

/** Whether the receipt's data is the Pix receipt (getPixReceipt) rather than a transaction detail. */
export const isPixReceipt = (
  detail: Schemas['TransactionDetail'] | Schemas['PixReceipt'],
): detail is Schemas['PixReceipt'] => 'pixId' in detail;

const pixParty = (p: Schemas['PixReceiptParty'] | undefined): ReceiptParty | undefined =>
  p && {
    name: p.name,
    taxId: p.taxIdMasked,
    bank: p.institutionName,
    branch: p.branch,
    account: p.accountNumber,
  };

/**
 * The Pix receipt ('Comprovante de Transação PIX', 3-pix-part-one.md §2 Pix statement): pixId,
 * pixDate, pixKey, the amount and both parties as the bank gives them (the other party's CPF
 * already masked); null (a failed load) gives the empty Pix receipt, dashes and R$ 0,00 (§8).
 */
export function buildPixReceipt(receipt: Schemas['PixReceipt'] | null): ReceiptModel {
  if (!receipt) return { kind: 'pix', empty: true, amount: 0 };
  const cash = cashOf(receipt.cash);
  return {
    kind: 'pix',
    empty: false,
    ...(cash ? { cash } : {}),
    description: receipt.description ?? undefined,
    from: pixParty(receipt.payer),
    to: pixParty(receipt.payee),
    pix: {
      pixId: receipt.pixId,
      pixDate: receipt.pixDate,
      pixKey: receipt.pixKey ?? undefined,
      originalPixId: receipt.endToEndOriginalId,
    },
    amount: receipt.amount,
    transactionId: receipt.transactionId,
  };
}

/**
 * The receipt of a statement's entry from what the receipt call answered: on the Pix statement
 * the Pix receipt (empty, in its Pix form, when the load failed), elsewhere the transaction's.
 */
export function receiptModelOf(
  entry: StatementEntry,
  detail: Schemas['TransactionDetail'] | Schemas['PixReceipt'] | null,
  holder: ReceiptHolder,
  variant: 'account' | 'pix',
): ReceiptModel {
  if (detail && isPixReceipt(detail)) return buildPixReceipt(detail);
  if (variant === 'pix') return buildPixReceipt(null);
  return buildReceipt(entry, detail, holder);
}

/**
 * The receipt of `entry`, from its transaction `detail` (null when the load failed: the empty
 * receipt) and its additionalInfo. `holder` is the signed-in holder, the own side of the receipt.
 */
export function buildReceipt(
  entry: StatementEntry,
  detail: Schemas['TransactionDetail'] | null,
  holder: ReceiptHolder = {},
): ReceiptModel {
  if (!detail) return { kind: 'generic', empty: true, amount: 0 };

  const info = parseAdditionalInfo(entry.additionalInfo);
  const withdrawInfo = obj(info['withdrawInfo']) ?? {};
  const request = detail.requestData ?? {};
  const response = detail.responseData ?? {};
  const tx = detail.transactions;
  const instant = obj(tx.instantPayment) ?? obj(withdrawInfo['instantPayment']);
  const own = detail.brinksBankAccount;
  const ownBank = own
    ? firstText(
        own.bankCode && own.bankName ? `${own.bankCode} - ${own.bankName}` : undefined,
        own.bankName,
        own.bankCode,
      )
    : undefined;
  const ownAccount = text(own?.accountNumber);
  const ownSide: ReceiptParty = {
    name: holder.name,
    taxId: holder.taxId,
    bank: ownBank,
    branch: text(own?.branchCode),
    account: ownAccount ? formatAccountNumber(ownAccount) : undefined,
  };
  const counterpart: ReceiptParty = {
    name: text(tx.counterPart?.name) ?? text(entry.counterpart?.name),
    taxId: text(tx.counterPart?.taxIdentifier?.taxId) ?? text(entry.counterpart?.taxIdentifier?.taxId),
  };
  const isDebit = entry.type === 'D';

  const bill = billFrom(request.bill, withdrawInfo['boleto'], withdrawInfo['utilities']);
  const transfer = transferFrom(request.bankTransfer, withdrawInfo['bankTransfer']);
  const { operator, phone } = topupFrom(obj(request.mobileRecharge), info) ?? {};

  const kind: ReceiptKind = bill
    ? 'bill'
    : transfer
      ? 'ted'
      : operator || phone
        ? 'topup'
        : instant || entry.isPix
          ? 'pix'
          : 'generic';

  const family: ReceiptModel['family'] =
    kind !== 'generic'
      ? undefined
      : withdrawInfo['internalTransfer'] || obj(info['sender'])
        ? 'transfer'
        : info['idDeposit'] !== undefined
          ? 'deposit'
          : undefined;

  const model: ReceiptModel = {
    kind,
    ...(family ? { family } : {}),
    empty: false,
    description: text(entry.description),
    amount: money(tx.totalAmount) ?? Math.abs(entry.amount),
    transactionId: text(tx.transactionId) ?? text(entry.transactionId),
    registrationDate: firstText(request.registrationDate, tx.transactionDate, entry.entryDate),
    effectiveDate: firstText(response.effectiveDate, request.effectiveDate, entry.creditDate),
    processingTime: firstText(response.processingTime, request.processingTime),
    note: firstText(request.description, instant?.['additionalInformation']),
  };

  const digitalCheck = DIGITAL_CHECK_NOTE.exec(model.note ?? '')?.[1];
  if (digitalCheck && kind !== 'pix') model.digitalCheck = digitalCheck;

  if (kind === 'pix') {
    // One receipt for a Pix wherever it is opened (issue 27): the fields of the bank's Pix receipt
    // (getPixReceipt, buildPixReceipt), read from the transaction detail that carries them.
    const payerNote = text(instant?.['additionalInformation']);
    if (payerNote) model.description = payerNote;
    model.pix = pixFieldsOf(instant, tx.transactionDate);
    const cash = cashOf(instant?.['cash']);
    if (cash) model.cash = cash;
    const sender = obj(instant?.['sender']);
    const recipient = obj(instant?.['recipient']);
    const recipientSide: ReceiptParty = {
      name: firstText(recipient?.['nameFavored'], recipient?.['name']),
      taxId: text(obj(recipient?.['taxIdentifier'])?.['taxId']),
    };
    const senderName = text(sender?.['name']);
    if (isDebit) {
      model.from = { ...ownSide, name: senderName ?? ownSide.name };
      model.to = { ...counterpart, ...stripUndefined(recipientSide) };
    } else {
      model.from = { ...counterpart, name: senderName ?? counterpart.name };
      model.to = { ...ownSide, ...stripUndefined(recipientSide) };
    }
  } else if (isDebit) {
    model.from = ownSide;
    if (kind === 'bill' && bill)
      model.to = {
        name: bill.beneficiary ?? counterpart.name,
        taxId: bill.beneficiaryTaxId ?? counterpart.taxId,
      };
    else if (kind === 'ted' && transfer)
      model.to = { name: transfer.name ?? counterpart.name, taxId: transfer.taxId ?? counterpart.taxId };
    else if (kind !== 'topup' && (counterpart.name || counterpart.taxId)) model.to = counterpart;
  } else {
    if (counterpart.name || counterpart.taxId) model.from = counterpart;
    model.to = ownSide;
  }

  if (transfer && kind === 'ted') {
    model.transfer = {
      bank: transfer.bank,
      accountType: transfer.accountType,
      branch: transfer.branch,
      account: transfer.account,
    };
  }
  if (kind === 'topup') model.topup = { operator, phone };
  if (bill) model.bill = bill;
  return model;
}

/**
 * The Pix receipt's fields from the transaction detail's instantPayment, as the bank's Pix receipt
 * gives them: pixId is the end-to-end id, pixDate the transaction's date, pixKey the key the Pix
 * was sent to (none on a return: a refund or a rejected Pix goes back by the original's data), and
 * on a refund the end-to-end id of the Pix it gives back.
 */
function pixFieldsOf(instant: Record<string, unknown> | undefined, date: string | undefined): ReceiptPix {
  const isReturn = /Return$/.test(text(instant?.['type']) ?? '');
  const key = isReturn ? undefined : text(obj(instant?.['recipient'])?.['key']);
  return stripUndefined({
    pixId: text(instant?.['endToEndId']),
    pixDate: text(date),
    pixKey: key,
    originalPixId: text(instant?.['endToEndOriginalId']),
  });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
