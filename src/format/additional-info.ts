/**
 * What a statement entry's additionalInfo means to a person (1-access-shell-statement.md §3
 * Statement entry, Bill data, Bank transfer data; §2 Receipt dialog). The bank sends it as free
 * text, usually JSON of the request that made the movement; the receipt reads its recipient,
 * operator and phone, bill and transfer data from it, and the statement PDF prints the same facts
 * in its "Informações adicionais" column instead of the raw JSON (issue #11). One reader for both,
 * so the receipt and the PDF never disagree on what a movement was.
 *
 * Pure and defensive: anything unreadable is left out; text that is not JSON is shown as it is.
 */
import { hideTaxId, maskPhone } from './masks';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Json | undefined => (isObject(v) ? v : undefined);
export const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== ''
    ? v.trim()
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : undefined;
export const money = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
export const firstText = (...vs: unknown[]): string | undefined => vs.map(text).find((v) => v !== undefined);

/** The additionalInfo as JSON (double-encoded JSON unwrapped), or undefined when it is not JSON. */
function parseJson(raw: string | null | undefined): unknown {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  // Some banks double-encode: a JSON string holding JSON.
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return undefined;
    }
  }
  return parsed;
}

/** The parsed additionalInfo of an entry: `requestBody` or `body`, whichever is an object; {} otherwise. */
export function parseAdditionalInfo(raw: string | null | undefined): Json {
  const root = obj(parseJson(raw));
  if (!root) return {};
  return obj(root['requestBody']) ?? obj(root['body']) ?? {};
}

/** Bill data (§3), amounts in reais. */
export interface BillFacts {
  beneficiary?: string;
  beneficiaryTaxId?: string;
  barcode?: string;
  dueDate?: string;
  documentValue?: number;
  discount?: number;
  deductions?: number;
  fineInterest?: number;
  additions?: number;
  amountPaid?: number;
}

/** Bill data from the first of `sources` that is an object (flat BillData or billFullData). */
export function billFrom(...sources: unknown[]): BillFacts | undefined {
  const b = sources.map(obj).find((s) => s !== undefined);
  if (!b) return undefined;
  const full = obj(b['billFullData']) ?? {};
  const pick = (k: string): unknown => b[k] ?? full[k];
  const documentValue = money(pick('totalAmount'));
  const discount = money(pick('discount'));
  const deductions = money(pick('deductions'));
  const interest = money(pick('interest'));
  const fine = money(pick('fine'));
  const amountPaid = money(pick('totalCharged'));
  const fineInterest =
    interest === undefined && fine === undefined ? undefined : (interest ?? 0) + (fine ?? 0);
  // Whatever the total charged holds beyond the parts listed (§2 "other additions").
  let additions: number | undefined;
  if (amountPaid !== undefined && documentValue !== undefined) {
    const rest =
      Math.round(
        (amountPaid - (documentValue - (discount ?? 0) - (deductions ?? 0) + (fineInterest ?? 0))) * 100,
      ) / 100;
    additions = rest > 0 ? rest : 0;
  }
  const bill: BillFacts = {
    beneficiary: text(pick('beneficiaryName')),
    beneficiaryTaxId: firstText(pick('beneficiaryTaxId'), obj(b['beneficiaryTaxIdentifier'])?.['taxId']),
    barcode: firstText(pick('barcode'), b['digitableLine'], b['typeableLine']),
    dueDate: text(pick('dueDate')),
    documentValue,
    discount,
    deductions,
    fineInterest,
    additions,
    amountPaid,
  };
  return Object.values(bill).some((v) => v !== undefined) ? bill : undefined;
}

/** Bank-transfer data (§3): the other side's bank, branch and account. */
export interface TransferFacts {
  name?: string;
  taxId?: string;
  bank?: string;
  accountType?: 'cc' | 'poupanca';
  branch?: string;
  account?: string;
}

/** Transfer data from the first of `sources` that is an object. */
export function transferFrom(...sources: unknown[]): TransferFacts | undefined {
  const t = sources.map(obj).find((s) => s !== undefined);
  if (!t) return undefined;
  const type = t['accountTypeDestination'];
  const bankCode = text(t['bankDestination']);
  const bankName = text(t['bankDestinationName']);
  return {
    name: text(t['name']),
    taxId: text(obj(t['taxIdentifier'])?.['taxId']),
    bank: bankCode && bankName ? `${bankCode} - ${bankName}` : (bankName ?? bankCode),
    accountType: type === 'cc' || type === 'poupanca' ? type : undefined,
    branch: text(t['branchDestination']),
    account: text(t['accountDestination']),
  };
}

/** Mobile top-up (§2: operator and phone); the phone as digits, area code included. */
export interface TopupFacts {
  operator?: string;
  phone?: string;
}

/** Operator and phone from a mobileRecharge request or the top-up's own additionalInfo. */
export function topupFrom(mobile: Json | undefined, info: Json): TopupFacts | undefined {
  const operator = firstText(mobile?.['operatorName'], info['operatorName']);
  const phoneRaw = firstText(
    obj(mobile?.['mobilePhone'])?.['phoneNumber'],
    obj(info['mobilePhone'])?.['phoneNumber'],
  );
  const areaCode = firstText(mobile?.['areaCode'], info['areaCode']);
  const phone = phoneRaw
    ? areaCode && !phoneRaw.startsWith(areaCode) && phoneRaw.length <= 9
      ? `${areaCode}${phoneRaw}`
      : phoneRaw
    : undefined;
  return operator || phone ? { operator, phone } : undefined;
}

/** The Pix of an entry (§3 InstantPaymentInfo): who sent, who received, the key and the note. */
export interface PixFacts {
  sender?: string;
  recipient?: string;
  recipientTaxId?: string;
  key?: string;
  endToEndId?: string;
  note?: string;
}

function pixFrom(instant: Json | undefined): PixFacts | undefined {
  if (!instant) return undefined;
  const sender = obj(instant['sender']);
  const recipient = obj(instant['recipient']);
  return {
    sender: text(sender?.['name']),
    recipient: firstText(recipient?.['nameFavored'], recipient?.['name']),
    recipientTaxId: text(obj(recipient?.['taxIdentifier'])?.['taxId']),
    key: text(recipient?.['key']),
    endToEndId: text(instant['endToEndId']),
    note: text(instant['additionalInformation']),
  };
}

/** Everything additionalInfo tells about a movement; absent parts do not apply. */
export interface AdditionalInfoFacts {
  pix?: PixFacts;
  /** A TED sent (destination) or received (the sender's bank data). */
  transfer?: TransferFacts;
  /** A transfer to another account of this bank. */
  internal?: { name?: string; taxId?: string; account?: string };
  bill?: BillFacts;
  topup?: TopupFacts;
  /** A deposit made by paying a boleto the holder issued. */
  deposit?: { barcode?: string; dueDate?: string };
  /** The description the payer typed. */
  note?: string;
  /** additionalInfo that is not JSON: the bank's own words, shown as they are. */
  plain?: string;
}

/** Reads additionalInfo once into the facts the receipt and the PDF show. */
export function readAdditionalInfo(raw: string | null | undefined): AdditionalInfoFacts {
  const json = parseJson(raw);
  if (json === undefined) {
    const plain = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim() : '';
    return plain === '' ? {} : { plain };
  }
  // The request body when the bank wrapped it, else the object itself.
  const root = obj(json) ?? {};
  const info = obj(root['requestBody']) ?? obj(root['body']) ?? root;
  const withdraw = obj(info['withdrawInfo']) ?? {};
  const facts: AdditionalInfoFacts = {};
  const pix = pixFrom(obj(withdraw['instantPayment']) ?? obj(info['instantPayment']));
  if (pix) facts.pix = pix;
  const transfer = transferFrom(withdraw['bankTransfer'], info['sender']);
  if (transfer) {
    const counterpart = obj(obj(info['sender'])?.['counterpart']);
    facts.transfer = {
      ...transfer,
      name: transfer.name ?? text(counterpart?.['name']),
      taxId: transfer.taxId ?? text(obj(counterpart?.['taxIdentifier'])?.['taxId']),
    };
  }
  const internal = obj(withdraw['internalTransfer']);
  if (internal)
    facts.internal = {
      name: text(internal['name']),
      taxId: text(obj(internal['taxIdentifier'])?.['taxId']),
      account: text(internal['accountDestination']),
    };
  const bill = billFrom(withdraw['boleto'], withdraw['utilities']);
  if (bill) facts.bill = bill;
  const topup = topupFrom(undefined, info);
  if (topup) facts.topup = topup;
  const boleto = obj(obj(info['paymentInfo'])?.['boleto']);
  if (boleto)
    facts.deposit = {
      barcode: firstText(boleto['typeableLine'], boleto['barcode']),
      dueDate: text(boleto['dueDate']),
    };
  const note = firstText(info['description'], pix?.note);
  if (note) facts.note = note;
  return facts;
}

/** The translate function the describer needs (i18next's `t` fits). */
export type Translate = (key: string) => string;

/** One labelled fact, ready to print. */
export interface InfoPart {
  label: string;
  value: string;
}

const F = 'RECEIPT.FIELDS.';
const S = 'RECEIPT.SECTIONS.';

/** `DD/MM/YYYY` of a `YYYY-MM-DD[...]` date; anything else as it came. */
function calendarDay(v: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
}

/** A tax id to print: CPF hidden (§5), CNPJ masked; one the bank already masked stays as it is. */
export function printableTaxId(taxId: string): string {
  return /[*•xX]{2,}/.test(taxId) ? taxId : hideTaxId(taxId);
}

/**
 * The facts of additionalInfo as labelled parts, with the receipt's labels (RECEIPT.FIELDS):
 * the other side of a Pix or transfer (whom the holder paid, or who paid the holder), the
 * operator and phone of a top-up, the bill, the transfer's bank data, the payer's note.
 * `debit` says which side the other party is on. Empty when nothing in it speaks to a person.
 */
export function describeAdditionalInfo(
  raw: string | null | undefined,
  t: Translate,
  debit: boolean,
): InfoPart[] {
  const facts = readAdditionalInfo(raw);
  if (facts.plain !== undefined) return [{ label: '', value: facts.plain }];
  const parts: InfoPart[] = [];
  const add = (key: string, value: string | undefined, map: (v: string) => string = (v) => v): void => {
    if (value !== undefined && value !== '') parts.push({ label: t(key), value: map(value) });
  };
  const side = t(`${S}${debit ? 'TO' : 'FROM'}`);
  if (facts.pix) {
    const p = facts.pix;
    add(`${S}${debit ? 'TO' : 'FROM'}`, debit ? p.recipient : p.sender);
    if (debit) add(`${F}TAX_ID`, p.recipientTaxId, printableTaxId);
    add(`${F}PIX_KEY`, debit ? p.key : undefined);
  }
  if (facts.transfer) {
    const tr = facts.transfer;
    if (tr.name) parts.push({ label: side, value: tr.name });
    add(`${F}TAX_ID`, tr.taxId, printableTaxId);
    add(`${F}BANK`, tr.bank);
    add(`${F}BRANCH`, tr.branch);
    add(`${F}ACCOUNT`, tr.account);
    add(`${F}ACCOUNT_TYPE`, tr.accountType, (v) => t(`RECEIPT.ACCOUNT_TYPES.${v}`));
  }
  if (facts.internal) {
    const it = facts.internal;
    if (it.name) parts.push({ label: side, value: it.name });
    add(`${F}TAX_ID`, it.taxId, printableTaxId);
    add(`${F}ACCOUNT`, it.account);
  }
  if (facts.bill) {
    const b = facts.bill;
    // The amount paid is the row's own amount; the barcode goes last, so that where a summary
    // must be cut, what is cut is the end of the longest value.
    add(`${F}BENEFICIARY`, b.beneficiary);
    add(`${F}DUE_DATE`, b.dueDate, calendarDay);
    add(`${F}BENEFICIARY_TAX_ID`, b.beneficiaryTaxId, printableTaxId);
    add(`${F}BARCODE`, b.barcode);
  }
  if (facts.topup) {
    add(`${F}OPERATOR`, facts.topup.operator);
    add(`${F}PHONE`, facts.topup.phone, maskPhone);
  }
  if (facts.deposit) {
    add(`${F}DUE_DATE`, facts.deposit.dueDate, calendarDay);
    add(`${F}BARCODE`, facts.deposit.barcode);
  }
  add(`${F}NOTE`, facts.note);
  return parts;
}

/** The parts as one line of text: `Destino: Ana Costa · Banco: 341 - Itaú · …`. */
export function additionalInfoText(parts: readonly InfoPart[]): string {
  return parts.map((p) => (p.label === '' ? p.value : `${p.label}: ${p.value}`)).join(' · ');
}
