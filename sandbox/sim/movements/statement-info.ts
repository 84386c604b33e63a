/**
 * A statement entry's additionalInfo as the bank stores and sends it: the facts a reader of the
 * statement needs (the contract's StatementAdditionalInfo), not the whole request that made the
 * movement (issue 26).
 *
 * Every movement builder writes the body its request had (currency, amounts, identifiers, the
 * withdraw type, the bill twice: flat and as billFullData...). Sent with every entry of a
 * statement, that was about 800 bytes an entry: 4.0 MB for a company's 5,000 entries, most of it
 * repeated. What a client may rely on is listed in the contract (StatementRequestBodyInfo); this
 * keeps exactly those fields, under the same names and nesting, so a reader of the old text reads
 * the new one the same way. The receipt's full data stays in the transaction's detail
 * (getTransactionDetail).
 *
 * Where kept, per the readers (src/format/additional-info.ts, the receipt model, the exports):
 * - the payer's note (description), the top-up's operator and phone;
 * - a Pix's type (a return names no key), end-to-end ids (its own and a refund's original), sender, recipient (name, tax id, key) and note, with the recipient's
 *   nameFavored only where it differs from its name (readers take nameFavored, else name);
 * - a TED's bank data, sent (withdrawInfo.bankTransfer) or received (sender), and an internal
 *   transfer's destination;
 * - a bill's data (BillData, and the typeable line a person reads);
 * - a deposit boleto's lines and due date, and the deposit's id (which marks a deposit).
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of `source` named in `keys` that hold a value; undefined when none does. */
function pick(source: unknown, keys: readonly string[]): Json | undefined {
  if (!isObject(source)) return undefined;
  const out: Json = {};
  for (const key of keys) {
    const value = source[key];
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `{ taxId }` of a tax identifier (its country and type are not read). */
const taxIdentifier = (v: unknown): Json | undefined => pick(v, ['taxId']);

/** Leaves out the keys whose value is undefined; undefined when nothing is left. */
function compact(fields: Json): Json | undefined {
  const out: Json = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return Object.keys(out).length > 0 ? out : undefined;
}

const BANK_FIELDS = [
  'name',
  'bankDestination',
  'bankDestinationName',
  'branchDestination',
  'accountDestination',
  'accountTypeDestination',
] as const;

const BILL_FIELDS = [
  'beneficiaryName',
  'beneficiaryTaxId',
  'barcode',
  'digitableLine',
  'typeableLine',
  'dueDate',
  'totalAmount',
  'discount',
  'deductions',
  'interest',
  'fine',
  'totalCharged',
] as const;

function bankData(v: unknown): Json | undefined {
  if (!isObject(v)) return undefined;
  return compact({ ...pick(v, BANK_FIELDS), taxIdentifier: taxIdentifier(v['taxIdentifier']) });
}

function instantPayment(v: unknown): Json | undefined {
  if (!isObject(v)) return undefined;
  const r = isObject(v['recipient']) ? v['recipient'] : undefined;
  const recipient = r
    ? compact({
        ...pick(r, ['name', 'key']),
        ...(r['nameFavored'] !== r['name'] ? pick(r, ['nameFavored']) : {}),
        taxIdentifier: taxIdentifier(r['taxIdentifier']),
      })
    : undefined;
  return compact({
    ...pick(v, ['type', 'endToEndId', 'endToEndOriginalId', 'additionalInformation']),
    sender: pick(v['sender'], ['name']),
    recipient,
  });
}

function withdrawInfo(v: unknown): Json | undefined {
  if (!isObject(v)) return undefined;
  return compact({
    instantPayment: instantPayment(v['instantPayment']),
    bankTransfer: bankData(v['bankTransfer']),
    internalTransfer: isObject(v['internalTransfer'])
      ? compact({
          ...pick(v['internalTransfer'], ['name', 'accountDestination']),
          taxIdentifier: taxIdentifier(v['internalTransfer']['taxIdentifier']),
        })
      : undefined,
    boleto: pick(v['boleto'], BILL_FIELDS),
    utilities: pick(v['utilities'], BILL_FIELDS),
  });
}

function requestInfo(v: unknown): Json | undefined {
  if (!isObject(v)) return undefined;
  const sender = isObject(v['sender']) ? bankData(v['sender']) : undefined;
  const paymentBoleto = isObject(v['paymentInfo'])
    ? pick(v['paymentInfo']['boleto'], ['typeableLine', 'barcode', 'dueDate'])
    : undefined;
  return compact({
    ...pick(v, ['description', 'operatorName', 'areaCode', 'idDeposit']),
    mobilePhone: pick(v['mobilePhone'], ['phoneNumber']),
    sender,
    paymentInfo: paymentBoleto ? { boleto: paymentBoleto } : undefined,
    instantPayment: instantPayment(v['instantPayment']),
    withdrawInfo: withdrawInfo(v['withdrawInfo']),
  });
}

/**
 * The additionalInfo to store for a movement whose request body is `info` (`{ body }` or
 * `{ requestBody }`, as the builders write it): the same wrapper around the reader's fields, or
 * null when none of them is there (a fee says nothing a reader shows; its description does).
 */
export function statementInfo(info: unknown): Json | null {
  if (!isObject(info)) return null;
  const wrapper = isObject(info['requestBody']) ? 'requestBody' : isObject(info['body']) ? 'body' : undefined;
  if (wrapper === undefined) return null;
  const kept = requestInfo(info[wrapper]);
  return kept ? { [wrapper]: kept } : null;
}
