/**
 * The e2e call gates match requests by the contract's operationIds (e2e/driver/operations.ts):
 * every operation of openapi/portal.yaml is there with its method and a path pattern that
 * accepts its own path with parameters filled in, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS, isCallOf, operationCall, pathPattern } from '../../e2e/driver/operations';

const request = (method: string, path: string) => ({
  method: () => method,
  url: () => `http://127.0.0.1:4000${path}`,
});

describe('the operations of the contract, for the e2e call gates', () => {
  it('turns a path template into a pattern of one segment per parameter', () => {
    const p = pathPattern('/api', '/client/{accountId}/account/{id}/address');
    expect(p.test('/api/client/a1/account/b2/address')).toBe(true);
    expect(p.test('/api/client/a1/account/b2/address/3')).toBe(false);
    expect(p.test('/api/client/a/1/account/b2/address')).toBe(false);
    expect(pathPattern('/api', '/v1.0/x').test('/api/v1x0/x')).toBe(false);
  });

  it('reads every operation with its method, under the server URL', () => {
    expect(Object.keys(OPERATIONS).length).toBeGreaterThan(50);
    expect(operationCall('getBalance')).toEqual({ method: 'GET', path: /^\/api\/client\/[^/]+\/balance$/ });
    expect(operationCall('deleteAddress').method).toBe('DELETE');
    expect(() => operationCall('noSuchOperation')).toThrow(/noSuchOperation/);
  });

  it('tells the calls of one operation from those of its neighbours', () => {
    expect(isCallOf('getClient', request('GET', '/api/client/a1'))).toBe(true);
    expect(isCallOf('getClient', request('GET', '/api/client/a1/balance'))).toBe(false);
    expect(isCallOf('getBalance', request('GET', '/api/client/a1/balance?x=1'))).toBe(true);
    expect(isCallOf('createAddress', request('GET', '/api/client/a/account/b/address'))).toBe(false);
    expect(isCallOf('listAddresses', request('GET', '/api/client/a/account/b/address'))).toBe(true);
  });
});
