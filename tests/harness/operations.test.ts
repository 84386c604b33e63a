/**
 * The e2e call gate and reshaper name calls by the contract's operationIds
 * (e2e/driver/operations.ts): every operation of openapi/portal.yaml is known, and a name the
 * contract does not have fails at once.
 */
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, checkOperation, readOperationIds } from '../../e2e/driver/operations';

describe('the operations of the contract, for the e2e call gate', () => {
  it('reads the operationId of every method of every path', () => {
    const ids = readOperationIds(
      [
        'paths:',
        '  /client/{accountId}:',
        '    get: { operationId: getClient }',
        '    delete: { operationId: deleteClient }',
        '  /health:',
        '    get: { summary: no id }',
      ].join('\n'),
    );
    expect([...ids].sort()).toEqual(['deleteClient', 'getClient']);
  });

  it("knows the project contract's operations and refuses other names", () => {
    expect(OPERATION_IDS.size).toBeGreaterThan(50);
    expect(() => checkOperation('getBalance')).not.toThrow();
    expect(() => checkOperation('deleteAddress')).not.toThrow();
    expect(() => checkOperation('noSuchOperation')).toThrow(/noSuchOperation/);
  });
});
