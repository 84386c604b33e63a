/**
 * The bank reads pasted Pix codes with its own parser (sandbox/sim/brcode.ts; it does not run the
 * portal's code) and the portal checks them first with machines/validators/brcode.ts (issue 16).
 * If they disagreed, the portal would send codes the bank refuses (PIXSEND 88) or refuse codes the
 * bank would pay. These properties hold them to the same verdict, and the same reading, on codes
 * both write and on every kind of single-character damage — with the CRC recomputed too, so that
 * the structural rules behind the CRC are compared, not only the CRC.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16 as bankCrc, parseBrCode as bankParse, writeBrCode } from '../../sandbox/sim/brcode';
import { OWN_BANK } from '../../sandbox/sim/bank';
import { endToEndIdProblem, newEndToEndId } from '../../sandbox/sim/spi';
import { buildStaticBrCode, crc16, parseBrCode } from '../../machines/validators/brcode';
import { isValidEndToEndId, makeEndToEndId } from '../../machines/validators/end-to-end-id';

const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
const word = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 '), { minLength: min, maxLength: max })
    .map((a) => a.join(''))
    .filter((s) => s.trim() === s && s.trim() !== '');
const key = fc.oneof(
  fc.constantFrom('12345678909', '+5511987654321', 'loja@exemplo.com.br', '12ABC34501DE35'),
  fc.uuid().map((u) => u.toLowerCase()),
);
const txid = fc.oneof(
  fc.constant(undefined),
  fc.array(alnum, { minLength: 1, maxLength: 25 }).map((a) => a.join('')),
);
const amount = fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 99_999_999 }));

const staticByBank = fc
  .record({ key, name: word(1, 25), city: word(1, 15), txid, amountCents: amount })
  .map((p) =>
    writeBrCode({
      key: p.key,
      name: p.name,
      city: p.city,
      ...(p.txid ? { txid: p.txid } : {}),
      ...(p.amountCents ? { amountCents: p.amountCents } : {}),
    }),
  );
const staticByPortal = fc
  .record({ key, name: word(1, 25), city: word(1, 15), txid, amountCents: amount })
  .map((p) =>
    buildStaticBrCode({
      key: p.key,
      name: p.name,
      city: p.city,
      ...(p.txid ? { txid: p.txid } : {}),
      ...(p.amountCents ? { amountCents: p.amountCents } : {}),
    }),
  );
const dynamicByBank = fc
  .record({ id: fc.array(alnum, { minLength: 4, maxLength: 30 }).map((a) => a.join('')), name: word(1, 25) })
  .map((p) =>
    writeBrCode({ location: `qr.sandbox.banco.example/pix/v2/cob/${p.id}`, name: p.name, city: 'SAO PAULO' }),
  );
const code = fc.oneof(staticByBank, staticByPortal, dynamicByBank);

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

function agree(text: string) {
  const portal = parseBrCode(text);
  const bank = bankParse(text);
  expect(bank !== undefined, text).toBe(portal.ok);
  if (portal.ok && bank) {
    expect(bank.type).toBe(portal.value.type === 'static' ? 'STATIC' : 'DYNAMIC');
    expect(bank.key ?? null).toBe(portal.value.key);
    expect(bank.location ?? null).toBe(portal.value.url);
    expect(bank.amountCents ?? null).toBe(portal.value.amountCents);
    expect(bank.name).toBe(portal.value.name);
    expect(bank.city).toBe(portal.value.city);
  }
}

describe('BR Code: the bank and the portal read a pasted code alike', () => {
  it('the same CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(bankCrc('123456789')).toBe('29B1');
    fc.assert(
      fc.property(fc.string({ unit: printable, maxLength: 200 }), (s) => {
        expect(bankCrc(s)).toBe(crc16(s));
      }),
      {
        numRuns: 300,
      },
    );
  });

  it('codes either writes are valid for both, and read the same', () => {
    fc.assert(
      fc.property(code, (c) => {
        expect(parseBrCode(c).ok).toBe(true);
        agree(c);
      }),
      { numRuns: 300 },
    );
  });

  it('any one character changed: the same verdict', () => {
    fc.assert(
      fc.property(code, fc.nat(), printable, (c, at, ch) => {
        const i = at % c.length;
        agree(c.slice(0, i) + ch + c.slice(i + 1));
      }),
      { numRuns: 500 },
    );
  });

  it('any one character changed and the CRC written again: the same verdict on the structure', () => {
    fc.assert(
      fc.property(code, fc.nat(), printable, (c, at, ch) => {
        const body = c.slice(0, -4);
        const i = at % (body.length - 4);
        const changed = body.slice(0, i) + ch + body.slice(i + 1);
        agree(changed + crc16(changed));
      }),
      {
        numRuns: 1_000,
        // Found by a run: the key's length 36 → 31 leaves '00010' in the template, a second GUI
        // (26-00 = '0'). The portal read the first GUI and the bank the last; both now refuse a
        // repeated ID within the template.
        examples: [
          [
            '00020126580014br.gov.bcb.pix013600000000-0000-1000-8000-0000000000105204000053039865802BR5902AA6005AAAAA62150511AAAAAAAAAAA6304BB5A',
            1_003_459_246,
            '1',
          ],
        ],
      },
    );
  });

  it('a repeated ID within the Pix template or template 62 is refused by both', () => {
    const sign = (body: string) => body + crc16(body);
    const gui = '0014br.gov.bcb.pix';
    const account = (inner: string) => `26${String(inner.length).padStart(2, '0')}${inner}`;
    const tail = '52040000530398654041.005802BR5905MARIA6009SAO PAULO';
    const base = (template: string, additional = '62070503***') =>
      sign(`000201${template}${tail}${additional}6304`);
    // Each well formed but for the repeated ID.
    const twoKeys = base(account(`${gui}0114+55119876543210114+5511987654322`));
    const twoGuis = base(account(`${gui}0114+5511987654321${gui}`));
    const twoTxids = base(account(`${gui}0114+5511987654321`), '62140503***0503ABC');
    for (const code of [twoKeys, twoGuis, twoTxids]) {
      expect(parseBrCode(code).ok, code).toBe(false);
      expect(bankParse(code), code).toBeUndefined();
    }
    // The same codes without the repetition are read by both.
    const good = base(account(`${gui}0114+5511987654321`));
    expect(parseBrCode(good).ok).toBe(true);
    expect(bankParse(good)?.key).toBe('+5511987654321');
  });
});

describe('end-to-end ids: what the portal makes the bank accepts, and the other way round', () => {
  it('an id the portal makes for this bank within 12 hours passes the bank; the bank’s pass the portal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -12 * 60 + 1, max: 12 * 60 - 1 }),
        fc.array(alnum, { minLength: 11, maxLength: 11 }).map((a) => a.join('')),
        (minutes, random) => {
          const now = new Date('2026-11-21T15:00:00Z');
          const at = new Date(now.getTime() + minutes * 60_000);
          expect(endToEndIdProblem(makeEndToEndId(OWN_BANK.ispb, at, random), now)).toBeUndefined();
          expect(isValidEndToEndId(newEndToEndId(at))).toBe(true);
          expect(endToEndIdProblem(makeEndToEndId('60701190', at, random), now)).toMatch(/ISPB/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
