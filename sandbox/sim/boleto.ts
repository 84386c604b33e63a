/**
 * Builds valid boleto numbers for seeded history and deposit slips (domain notes §b), so that
 * receipts and the portal's validators see realistic, checkable data.
 */

/** Mod 10 with weights 2,1,2,1… from the rightmost digit; digits of products over 9 are added. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    let product = Number(digits[i]) * weight;
    if (product > 9) product = Math.floor(product / 10) + (product % 10);
    sum += product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Weighted sum with weights 2..9 cycling from the right. */
function mod11Sum(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum;
}

/** The bank-slip general check digit: 0, 10 and 11 become 1. */
function mod11Bank(digits: string): number {
  const dv = 11 - (mod11Sum(digits) % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** The arrecadação mod 11: remainder 0 or 1 gives 0, remainder 10 gives 1. */
function mod11Collection(digits: string): number {
  const r = mod11Sum(digits) % 11;
  if (r === 0 || r === 1) return 0;
  if (r === 10) return 1;
  return 11 - r;
}

const DAY = 86_400_000;
const FACTOR_RESET = Date.UTC(2025, 1, 22); // factor 1000 again from 2025-02-22
const FACTOR_BASE = Date.UTC(1997, 9, 7);

/** Due-date factor of a YYYY-MM-DD date, honouring the 2025-02-22 reset. */
export function dueDateFactor(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const t = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  if (t >= FACTOR_RESET) return 1000 + Math.round((t - FACTOR_RESET) / DAY);
  return Math.round((t - FACTOR_BASE) / DAY);
}

export interface Boleto {
  /** 44-digit barcode. */
  barcode: string;
  /** 47 digits (bank slip) or 48 (collection slip), without punctuation. */
  typeableLine: string;
}

/**
 * A bank slip ("cobrança bancária"): bank code, currency 9, due date factor, amount and a 25-digit
 * free field.
 */
export function bankSlip(bank: string, dueDate: string, amountCents: number, freeField: string): Boleto {
  const factor = String(dueDateFactor(dueDate)).padStart(4, '0');
  const amount = String(amountCents).padStart(10, '0');
  const free = freeField.padStart(25, '0').slice(-25);
  const withoutDv = `${bank}9${factor}${amount}${free}`;
  const dv = mod11Bank(withoutDv);
  const barcode = `${bank}9${dv}${factor}${amount}${free}`;
  const f1 = `${barcode.slice(0, 4)}${barcode.slice(19, 24)}`;
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  const typeableLine = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${amount}`;
  return { barcode, typeableLine };
}

/**
 * A collection slip ("arrecadação", starts with 8) using value identifier 6 (mod 10, effective
 * amount) or 8 (mod 11).
 */
export function collectionSlip(
  segment: number,
  amountCents: number,
  company: string,
  freeField: string,
  identifier: 6 | 8 = 6,
): Boleto {
  const amount = String(amountCents).padStart(11, '0');
  const rest = `${company.padStart(4, '0').slice(-4)}${freeField.padStart(25, '0').slice(-25)}`;
  const head = `8${segment}${identifier}`;
  const dvOf = identifier === 6 ? mod10 : mod11Collection;
  const dv = dvOf(`${head}${amount}${rest}`);
  const barcode = `${head}${dv}${amount}${rest}`;
  let typeableLine = '';
  for (let i = 0; i < 44; i += 11) {
    const block = barcode.slice(i, i + 11);
    typeableLine += `${block}${dvOf(block)}`;
  }
  return { barcode, typeableLine };
}

/** What the bank reads from the digits a payer typed or scanned. */
export type BillCode =
  { ok: true; kind: 'BOLETO' | 'UTILITY'; barcode: string } | { ok: false; reason: string };

function checkBarcode(barcode: string): BillCode {
  if (barcode.startsWith('8')) {
    const segment = Number(barcode[1]);
    const identifier = barcode[2] ?? '';
    if (segment === 0 || segment === 8) return { ok: false, reason: 'segment' };
    if (!'6789'.includes(identifier)) return { ok: false, reason: 'value identifier' };
    const dvOf = identifier === '6' || identifier === '7' ? mod10 : mod11Collection;
    if (Number(barcode[3]) !== dvOf(barcode.slice(0, 3) + barcode.slice(4)))
      return { ok: false, reason: 'general check digit' };
    return { ok: true, kind: 'UTILITY', barcode };
  }
  if (barcode[3] !== '9') return { ok: false, reason: 'currency' };
  if (Number(barcode[4]) !== mod11Bank(barcode.slice(0, 4) + barcode.slice(5)))
    return { ok: false, reason: 'general check digit' };
  return { ok: true, kind: 'BOLETO', barcode };
}

/**
 * Reads a barcode (44 digits), a bank-slip typeable line (47) or a collection-slip line (48), digits
 * only, checking every check digit (domain notes §b), and gives the 44-digit barcode the registry
 * is keyed by. Written from the FEBRABAN layouts, independently of machines/validators/boleto.ts:
 * the bank re-checks what the portal checked.
 */
export function readBillCode(document: string): BillCode {
  if (!/^[0-9]+$/.test(document)) return { ok: false, reason: 'characters' };
  if (document.length === 44) return checkBarcode(document);
  if (document.length === 47 && !document.startsWith('8')) {
    const fields: [string, string][] = [
      [document.slice(0, 9), document.slice(9, 10)],
      [document.slice(10, 20), document.slice(20, 21)],
      [document.slice(21, 31), document.slice(31, 32)],
    ];
    for (const [i, [digits, dv]] of fields.entries())
      if (mod10(digits) !== Number(dv)) return { ok: false, reason: `field ${i + 1} check digit` };
    const [f1, f2, f3] = fields.map(([digits]) => digits) as [string, string, string];
    const barcode = `${f1.slice(0, 4)}${document.slice(32, 33)}${document.slice(33, 47)}${f1.slice(4)}${f2}${f3}`;
    return checkBarcode(barcode);
  }
  if (document.length === 48 && document.startsWith('8')) {
    const identifier = document[2] ?? '';
    const dvOf = identifier === '6' || identifier === '7' ? mod10 : mod11Collection;
    let barcode = '';
    for (let i = 0; i < 48; i += 12) {
      const block = document.slice(i, i + 11);
      if (dvOf(block) !== Number(document[i + 11]))
        return { ok: false, reason: `block ${i / 12 + 1} check digit` };
      barcode += block;
    }
    return checkBarcode(barcode);
  }
  return { ok: false, reason: 'length' };
}
