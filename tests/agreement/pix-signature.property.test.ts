/**
 * S-Transaction of every Pix (contract components.parameters.STransaction): the portal computes it
 * in machines/validators/transfer.ts from the body it sends, the bank recomputes it in
 * sandbox/sim/signature.ts from the body it received (its own code, written from the contract's
 * text). If they disagreed every Pix would be refused with 422 TRANSFER 51; these properties hold
 * them to the same string for the three Pix bodies, masked CPFs and alphanumeric CNPJs included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { internalPixSignature, pixQrSignature, pixWithdrawSignature } from '../../sandbox/sim/signature';
import { buildPixWithdrawRequest, paymentIds } from '../../machines/pix/pix-send-rules';
import { transactionSignature } from '../../machines/validators/transfer';

const amount = fc.integer({ min: 1, max: 99_999_999_999 }).map((cents) => cents / 100);
const id = fc.uuid();
const taxId = fc.constantFrom(
  '52998224725',
  '***.456.789-**',
  '***.998.224-**',
  '11222333000181',
  '12ABC34501DE35',
);
const ispb = fc.constantFrom('99999999', '00000000', '60746948', '1A2B3C4D');
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const key = fc.constantFrom(
  '52998224725',
  '+5511987654321',
  'ana@exemplo.com.br',
  fc.sample(fc.uuid(), 1)[0] ?? '',
);

describe('Pix S-Transaction: the bank recomputes exactly the signature the portal sends', () => {
  it('by key or manual data (createWithdrawal, InstantPayment)', () => {
    fc.assert(
      fc.property(
        amount,
        id,
        ispb,
        digits(1, 4),
        digits(1, 20),
        taxId,
        fc.constantFrom('DICT' as const, 'MANU' as const),
        (total, source, creditorIspb, branch, account, doc, instrument) => {
          const at = new Date('2026-11-24T15:04:00Z');
          const req = buildPixWithdrawRequest({
            ...paymentIds('99999999', at, source),
            at,
            amount: total,
            localInstrument: instrument,
            sourceAccountId: source,
            externalIdentifier: source,
            debtor: {
              name: 'Maria Silva',
              taxId: '52998224725',
              ispb: '99999999',
              branch: '0001',
              accountNumber: '1',
              accountType: 'CACC',
            },
            creditor: {
              name: 'Ana',
              taxId: doc,
              ispb: creditorIspb,
              branch,
              accountNumber: account,
              accountType: 'CACC',
            },
            ...(instrument === 'DICT' ? { proxy: 'ana@exemplo.com.br' } : {}),
          });
          const pacs = req.payments[0];
          if (!pacs) throw new Error('no pacs.008');
          const portal = transactionSignature({
            kind: 'pix-withdraw',
            sourceAccountId: source,
            withdraw: req.withdraw,
            payment: pacs,
          });
          const bank = pixWithdrawSignature({
            totalAmount: req.withdraw.totalAmount,
            sourceAccountId: source,
            endToEndId: pacs.endToEndId,
            creditorIspb: pacs.creditorAgent.ispb,
            creditorBranch: pacs.creditorAccount.branch,
            creditorAccount: pacs.creditorAccount.number,
            creditorTaxId: pacs.creditor.taxId,
          });
          expect(portal).toBe(bank);
          expect(req.withdraw.STransactionId).toBe(bank);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('internal Pix (createInternalPix) and copy-and-paste (payPixQrCode)', () => {
    fc.assert(
      fc.property(
        amount,
        id,
        key,
        fc.stringMatching(/^[0-9A-Za-z]{4}$/),
        fc.constantFrom('', ' ', '\n'),
        (total, source, chave, crc, trailing) => {
          const internal = transactionSignature({
            kind: 'internal-pix',
            sourceAccountId: source,
            request: { externalIdentifier: 'ext-1', Chave: chave, KeyType: 'EMAIL', Amount: total },
          });
          expect(internal).toBe(internalPixSignature({ amount: total, sourceAccountId: source, key: chave }));

          const emv = `00020126360014br.gov.bcb.pix0114+55119876543215204000053039865802BR6304${crc}${trailing}`;
          const e2e = 'E9999999920261124150400abcDEF12345'.slice(0, 32);
          const qr = transactionSignature({
            kind: 'pix-qr',
            sourceAccountId: source,
            request: {
              externalIdentifier: 'ext-1',
              emv,
              amount: total,
              localInstrument: 'QRES',
              endToEndId: e2e,
            },
          });
          expect(qr).toBe(pixQrSignature({ amount: total, sourceAccountId: source, endToEndId: e2e, emv }));
          expect(qr.endsWith(`|${crc.toUpperCase()}`)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a Pix withdraw signed without its pacs.008 is refused by the portal itself', () => {
    const at = new Date('2026-11-24T15:04:00Z');
    const req = buildPixWithdrawRequest({
      ...paymentIds('99999999', at, 'ext-1'),
      at,
      amount: 1,
      localInstrument: 'MANU',
      sourceAccountId: 'acc',
      externalIdentifier: 'ext-1',
      debtor: {
        name: 'M',
        taxId: '52998224725',
        ispb: '99999999',
        branch: '1',
        accountNumber: '1',
        accountType: 'CACC',
      },
      creditor: {
        name: 'A',
        taxId: '11144477735',
        ispb: '00000000',
        branch: '1',
        accountNumber: '1',
        accountType: 'CACC',
      },
    });
    expect(() =>
      transactionSignature({ kind: 'withdraw', sourceAccountId: 'acc', withdraw: req.withdraw }),
    ).toThrow();
  });
});
