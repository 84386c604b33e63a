/**
 * The bank's own reading of a Pix BR Code (EMV QRCPS-MPM), written from the domain notes §c (BCB
 * "Manual de Padrões para Iniciação do Pix"): 2-digit id, 2-digit length, value; `00` = `01` first;
 * `63` the CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over everything up to and including
 * `6304`, 4 upper-case hex digits, last. The portal has its own (machines/validators/brcode.ts);
 * the bank does not run the portal's code, and tests/agreement/pix-send.property.test.ts holds the two to
 * the same answers.
 */

export interface BrCode {
  /** STATIC: the key is in the code; DYNAMIC: a location (template 26, `25`) serves the charge. */
  type: 'STATIC' | 'DYNAMIC';
  /** `01` = `12`: single use. */
  singleUse: boolean;
  key?: string;
  /** Without https://. */
  location?: string;
  /** Tag 54, in cents. */
  amountCents?: number;
  name: string;
  city: string;
  /** 62-05 of a static code; undefined when `***` (a dynamic code's comes from its charge). */
  txid?: string;
  /** 26-02. */
  additionalInfo?: string;
}

/** CRC-16/CCITT-FALSE of a string's UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** TLV fields in order; undefined when the lengths do not add up. */
function fields(text: string): [string, string][] | undefined {
  const out: [string, string][] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = text.slice(i + 2, i + 4);
    if (!/^[0-9]{2}$/.test(id) || !/^[0-9]{2}$/.test(len)) return undefined;
    const n = Number(len);
    const value = text.slice(i + 4, i + 4 + n);
    if (value.length !== n) return undefined;
    out.push([id, value]);
    i += 4 + n;
  }
  return out;
}

/**
 * The data objects of a template (the Pix account 26–51, the additional data 62) by ID; undefined
 * when malformed or when an ID repeats: an ID is unique within its template, as at the top level.
 */
function subFields(text: string): Map<string, string> | undefined {
  const list = fields(text);
  if (!list) return undefined;
  const byId = new Map(list);
  return byId.size === list.length ? byId : undefined;
}

const GUI = 'br.gov.bcb.pix';
const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * Parses and checks a BR Code as the BCB manual writes it: printable ASCII; the TLV structure
 * with no repeated id (nor within the Pix template or template 62); `00` = `01` first; the CRC last, 4 upper-case hex digits, right; `01`
 * absent, `11` or `12`; exactly one merchant template (26–51) with the Pix GUI, holding a key or a
 * location (each 1–77 characters, the location without a scheme) but not both; MCC 4 digits;
 * currency 986; an amount of at most 13 characters, above zero unless the code names a withdrawal
 * facilitator (26-03); country BR; a name of 1–25 and a city of 1–15 characters; template 62 with
 * its txid (05), which on a static code is `***` or 1–25 letters and digits. Other ids (templates
 * 80–99, Pix Automático) are allowed. `undefined` for anything else.
 */
export function parseBrCode(code: string): BrCode | undefined {
  if (code.length > 512 || !PRINTABLE.test(code)) return undefined;
  const top = fields(code);
  if (!top || top.length < 2) return undefined;
  const [first] = top;
  const last = top[top.length - 1];
  if (!first || !last || first[0] !== '00' || first[1] !== '01') return undefined;
  if (last[0] !== '63' || !/^[0-9A-F]{4}$/.test(last[1])) return undefined;
  if (crc16(code.slice(0, -4)) !== last[1]) return undefined;
  const byId = new Map<string, string>();
  for (const [id, value] of top) {
    if (byId.has(id)) return undefined;
    byId.set(id, value);
  }
  const templates = top.filter(([id, value]) => {
    const n = Number(id);
    if (n < 26 || n > 51) return false;
    return subFields(value)?.get('00')?.toLowerCase() === GUI;
  });
  const template = templates.length === 1 ? templates[0] : undefined;
  if (!template) return undefined;
  const subById = subFields(template[1]) ?? new Map<string, string>();
  const key = subById.get('01');
  const location = subById.get('25');
  if ((key === undefined) === (location === undefined)) return undefined;
  if (key !== undefined && (key.length === 0 || key.length > 77)) return undefined;
  if (
    location !== undefined &&
    (location.length === 0 || location.length > 77 || /^[a-z][a-z0-9+.-]*:\/\//i.test(location))
  )
    return undefined;
  const pointOfInitiation = byId.get('01');
  if (pointOfInitiation !== undefined && pointOfInitiation !== '11' && pointOfInitiation !== '12')
    return undefined;
  if (!/^[0-9]{4}$/.test(byId.get('52') ?? '')) return undefined;
  if (byId.get('53') !== '986' || byId.get('58') !== 'BR') return undefined;
  const amountText = byId.get('54');
  let amountCents: number | undefined;
  if (amountText !== undefined) {
    const m = /^([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(amountText);
    if (!m || amountText.length > 13) return undefined;
    amountCents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (amountCents === 0 && !subById.has('03')) return undefined;
  }
  const name = byId.get('59') ?? '';
  const city = byId.get('60') ?? '';
  if (name.length < 1 || name.length > 25 || city.length < 1 || city.length > 15) return undefined;
  const additional = byId.get('62');
  const rawTxid = additional === undefined ? undefined : subFields(additional)?.get('05');
  if (rawTxid === undefined) return undefined;
  if (key !== undefined && rawTxid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(rawTxid)) return undefined;
  // A dynamic code's 62-05 is ignored: its txid comes from the charge (domain notes §c).
  const txid = key === undefined || rawTxid === '***' ? undefined : rawTxid;
  const info = subById.get('02');
  return {
    type: location === undefined ? 'STATIC' : 'DYNAMIC',
    singleUse: pointOfInitiation === '12',
    ...(key !== undefined ? { key } : {}),
    ...(location !== undefined ? { location } : {}),
    ...(amountCents !== undefined ? { amountCents } : {}),
    name,
    city,
    ...(txid !== undefined ? { txid } : {}),
    ...(info !== undefined ? { additionalInfo: info } : {}),
  };
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Writes a BR Code (the seed's dynamic charges and the tests' static codes). */
export function writeBrCode(p: {
  key?: string;
  location?: string;
  amountCents?: number;
  name: string;
  city: string;
  txid?: string;
  additionalInfo?: string;
}): string {
  const template =
    tlv('00', GUI) +
    (p.key !== undefined ? tlv('01', p.key) : '') +
    (p.additionalInfo !== undefined ? tlv('02', p.additionalInfo) : '') +
    (p.location !== undefined ? tlv('25', p.location) : '');
  const body =
    tlv('00', '01') +
    (p.location !== undefined ? tlv('01', '12') : '') +
    tlv('26', template) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (p.amountCents !== undefined ? tlv('54', (p.amountCents / 100).toFixed(2)) : '') +
    tlv('58', 'BR') +
    tlv('59', p.name) +
    tlv('60', p.city) +
    tlv('62', tlv('05', p.txid ?? '***')) +
    '6304';
  return body + crc16(body);
}
