import { describe, expect, it } from 'vitest';
import { billSignature, internalTransferSignature, tedSignature, truncReais } from './signature.ts';

/** The S-Transaction format of the contract (components.parameters.STransaction). */
describe('S-Transaction', () => {
  it('takes the integer part in reais, without separators or rounding', () => {
    expect(truncReais(1234.56)).toBe('1234');
    expect(truncReais(0.99)).toBe('0');
    expect(truncReais(1_000_000)).toBe('1000000');
    expect(truncReais(19.999)).toBe('19');
  });

  it('joins the parts with | in the contract order, the tax id upper-case, letters and digits only', () => {
    expect(
      tedSignature({
        totalAmount: 1234.56,
        sourceAccountId: 'acc-1',
        bankDestination: '341',
        branchDestination: '0912',
        accountDestination: '45821-7',
        taxId: '12.abc.345/01de-35',
      }),
    ).toBe('1234|acc-1|341|0912|45821-7|12ABC34501DE35');
    expect(
      internalTransferSignature({ totalAmount: 10.5, senderAccountId: 'a', recipientAccountId: 'b' }),
    ).toBe('10|a|b');
    expect(billSignature({ totalAmount: 99.9, sourceAccountId: 'a', barcode: '8360000' })).toBe(
      '99|a|8360000',
    );
  });
});
