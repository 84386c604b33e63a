/**
 * A small, strict reader of the OFX 1.02 SGML our writer produces: it checks the header, that
 * every line is one tag, that aggregates nest and close, that leaf values are well-formed
 * character data (only the &amp; &lt; &gt; entities), and that every aggregate holds the children
 * the 1.02 DTD allows, in the DTD's order. It throws on the first violation.
 */

export interface OfxNode {
  name: string;
  /** Leaf elements: the decoded text. */
  value?: string;
  /** Leaf elements: the text as written, entities still escaped. */
  raw?: string;
  children: OfxNode[];
}

export interface OfxDocument {
  header: Array<[string, string]>;
  root: OfxNode;
}

export const EXPECTED_HEADER: Array<[string, string]> = [
  ['OFXHEADER', '100'],
  ['DATA', 'OFXSGML'],
  ['VERSION', '102'],
  ['SECURITY', 'NONE'],
  ['ENCODING', 'USASCII'],
  ['CHARSET', '1252'],
  ['COMPRESSION', 'NONE'],
  ['OLDFILEUID', 'NONE'],
  ['NEWFILEUID', 'NONE'],
];

type Occurs = 'req' | 'opt' | 'many';

/** Content models of the aggregates used by a bank statement response (OFX 1.0.2 DTD). */
const AGGREGATES: Record<string, Array<[string, Occurs]>> = {
  OFX: [
    ['SIGNONMSGSRSV1', 'req'],
    ['BANKMSGSRSV1', 'opt'],
  ],
  SIGNONMSGSRSV1: [['SONRS', 'req']],
  SONRS: [
    ['STATUS', 'req'],
    ['DTSERVER', 'req'],
    ['USERKEY', 'opt'],
    ['TSKEYEXPIRE', 'opt'],
    ['LANGUAGE', 'req'],
    ['DTPROFUP', 'opt'],
    ['DTACCTUP', 'opt'],
    ['FI', 'opt'],
    ['SESSCOOKIE', 'opt'],
  ],
  STATUS: [
    ['CODE', 'req'],
    ['SEVERITY', 'req'],
    ['MESSAGE', 'opt'],
  ],
  FI: [
    ['ORG', 'req'],
    ['FID', 'opt'],
  ],
  BANKMSGSRSV1: [['STMTTRNRS', 'many']],
  STMTTRNRS: [
    ['TRNUID', 'req'],
    ['STATUS', 'req'],
    ['CLTCOOKIE', 'opt'],
    ['STMTRS', 'opt'],
  ],
  STMTRS: [
    ['CURDEF', 'req'],
    ['BANKACCTFROM', 'req'],
    ['BANKTRANLIST', 'opt'],
    ['LEDGERBAL', 'req'],
    ['AVAILBAL', 'opt'],
    ['MKTGINFO', 'opt'],
  ],
  BANKACCTFROM: [
    ['BANKID', 'req'],
    ['BRANCHID', 'opt'],
    ['ACCTID', 'req'],
    ['ACCTTYPE', 'req'],
    ['ACCTKEY', 'opt'],
  ],
  BANKTRANLIST: [
    ['DTSTART', 'req'],
    ['DTEND', 'req'],
    ['STMTTRN', 'many'],
  ],
  STMTTRN: [
    ['TRNTYPE', 'req'],
    ['DTPOSTED', 'req'],
    ['DTUSER', 'opt'],
    ['DTAVAIL', 'opt'],
    ['TRNAMT', 'req'],
    ['FITID', 'req'],
    ['CORRECTFITID', 'opt'],
    ['CORRECTACTION', 'opt'],
    ['SRVRTID', 'opt'],
    ['CHECKNUM', 'opt'],
    ['REFNUM', 'opt'],
    ['SIC', 'opt'],
    ['PAYEEID', 'opt'],
    ['NAME', 'opt'],
    ['MEMO', 'opt'],
  ],
  LEDGERBAL: [
    ['BALAMT', 'req'],
    ['DTASOF', 'req'],
  ],
  AVAILBAL: [
    ['BALAMT', 'req'],
    ['DTASOF', 'req'],
  ],
};

const DATETIME = /^\d{8}(\d{6}(\.\d{3})?)?(\[[+-]?\d{1,2}(\.\d{2})?:[A-Z]{3,4}\])?$/;
const AMOUNT = /^-?\d+\.\d{2}$/;

/** Leaf element types: a pattern and the maximum length of the decoded value (A-n of the DTD). */
const LEAVES: Record<string, { pattern?: RegExp; max: number }> = {
  CODE: { pattern: /^\d{1,6}$/, max: 6 },
  SEVERITY: { pattern: /^(INFO|WARN|ERROR)$/, max: 5 },
  MESSAGE: { max: 255 },
  DTSERVER: { pattern: DATETIME, max: 32 },
  LANGUAGE: { pattern: /^[A-Z]{3}$/, max: 3 },
  ORG: { max: 32 },
  FID: { max: 32 },
  TRNUID: { max: 36 },
  CURDEF: { pattern: /^[A-Z]{3}$/, max: 3 },
  BANKID: { max: 9 },
  BRANCHID: { max: 22 },
  ACCTID: { max: 22 },
  ACCTTYPE: { pattern: /^(CHECKING|SAVINGS|MONEYMRKT|CREDITLINE)$/, max: 10 },
  DTSTART: { pattern: DATETIME, max: 32 },
  DTEND: { pattern: DATETIME, max: 32 },
  TRNTYPE: {
    pattern:
      /^(CREDIT|DEBIT|INT|DIV|FEE|SRVCHG|DEP|ATM|POS|XFER|CHECK|PAYMENT|CASH|DIRECTDEP|DIRECTDEBIT|REPEATPMT|OTHER)$/,
    max: 11,
  },
  DTPOSTED: { pattern: DATETIME, max: 32 },
  TRNAMT: { pattern: AMOUNT, max: 32 },
  FITID: { max: 255 },
  NAME: { max: 32 },
  MEMO: { max: 255 },
  BALAMT: { pattern: AMOUNT, max: 32 },
  DTASOF: { pattern: DATETIME, max: 32 },
};

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`${where}: '<' inside a value`);
  const bad = /&(?!(amp|lt|gt);)/.exec(raw);
  if (bad) throw new Error(`${where}: bare '&' or unknown entity`);
  return raw.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function checkModel(node: OfxNode): void {
  const model = AGGREGATES[node.name];
  if (!model) throw new Error(`unknown aggregate <${node.name}>`);
  let i = 0;
  for (const [name, occurs] of model) {
    let n = 0;
    while (i < node.children.length && node.children[i]?.name === name) {
      i++;
      n++;
    }
    if (occurs === 'req' && n !== 1) throw new Error(`<${node.name}> needs exactly one <${name}>, has ${n}`);
    if (occurs === 'opt' && n > 1) throw new Error(`<${node.name}> allows at most one <${name}>`);
  }
  if (i !== node.children.length) {
    throw new Error(`<${node.name}>: <${node.children[i]?.name ?? '?'}> not allowed here (order or name)`);
  }
  for (const child of node.children) if (child.value === undefined) checkModel(child);
}

/** Parses and validates; throws with the first problem found. */
export function parseOfx(text: string): OfxDocument {
  if (/(^|[^\r])\n/.test(text) || /\r(?!\n)/.test(text)) throw new Error('lines must end in CRLF');
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if ((cp < 0x20 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp < 0xa0))
      throw new Error(`control character U+${cp.toString(16)}`);
  }
  const lines = text.split('\r\n');
  if (lines.at(-1) === '') lines.pop();

  const header: Array<[string, string]> = [];
  let i = 0;
  for (; i < lines.length && lines[i] !== ''; i++) {
    const m = /^([A-Z]+):(\S+)$/.exec(lines[i] as string);
    if (!m) throw new Error(`bad header line '${lines[i]}'`);
    header.push([m[1] as string, m[2] as string]);
  }
  if (JSON.stringify(header) !== JSON.stringify(EXPECTED_HEADER))
    throw new Error(`unexpected header ${JSON.stringify(header)}`);
  i++; // the blank line

  const root: OfxNode = { name: '#document', children: [] };
  const stack: OfxNode[] = [root];
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    const where = `line ${i + 1}`;
    let m = /^<\/([A-Z0-9.]+)>$/.exec(line);
    if (m) {
      const open = stack.pop();
      if (!open || open.name !== m[1]) throw new Error(`${where}: </${m[1]}> closes <${open?.name}>`);
      continue;
    }
    m = /^<([A-Z0-9.]+)>(.*)$/.exec(line);
    if (!m) throw new Error(`${where}: not a tag line: '${line}'`);
    const name = m[1] as string;
    const raw = m[2] as string;
    const parent = stack.at(-1) as OfxNode;
    if (raw === '') {
      if (!(name in AGGREGATES))
        throw new Error(`${where}: <${name}> is not an aggregate, or has an empty value`);
      const node: OfxNode = { name, children: [] };
      parent.children.push(node);
      stack.push(node);
      continue;
    }
    const leaf = LEAVES[name];
    if (!leaf) throw new Error(`${where}: <${name}> is not a known element`);
    if (raw !== raw.trim()) throw new Error(`${where}: <${name}> value has surrounding spaces`);
    const value = decode(raw, where);
    if ([...value].length > leaf.max) throw new Error(`${where}: <${name}> longer than ${leaf.max}`);
    if (leaf.pattern && !leaf.pattern.test(value))
      throw new Error(`${where}: <${name}> '${value}' does not match`);
    parent.children.push({ name, value, raw, children: [] });
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  const [ofx, ...rest] = root.children;
  if (!ofx || ofx.name !== 'OFX' || rest.length) throw new Error('the body must be one <OFX> element');
  checkModel(ofx);
  return { header, root: ofx };
}

/** The first descendant reached by a path of element names. */
export function at(node: OfxNode, ...path: string[]): OfxNode {
  let cur = node;
  for (const name of path) {
    const next = cur.children.find((c) => c.name === name);
    if (!next) throw new Error(`no <${name}> under <${cur.name}>`);
    cur = next;
  }
  return cur;
}

/** The decoded value of the leaf at `path`. */
export function valueAt(node: OfxNode, ...path: string[]): string {
  const leaf = at(node, ...path);
  if (leaf.value === undefined) throw new Error(`<${leaf.name}> is an aggregate`);
  return leaf.value;
}

/** Every STMTTRN of the statement. */
export function transactions(doc: OfxDocument): OfxNode[] {
  return at(doc.root, 'BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS', 'BANKTRANLIST').children.filter(
    (c) => c.name === 'STMTTRN',
  );
}

/** A STMTTRN as a plain record of its leaves. */
export function fields(trn: OfxNode): Record<string, string> {
  return Object.fromEntries(trn.children.map((c) => [c.name, c.value ?? '']));
}
