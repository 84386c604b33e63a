import { describe, expect, it } from 'vitest';
import { VAULTS } from './sim/vault-registry.ts';
import { distanceKm, foldAddress, GAZETTEER, placeAddress } from './sim/gazetteer.ts';
import { call, databaseSnapshot, signedIn, useSandbox, type Failure } from './test-support.ts';

/**
 * Cash vaults (issue 31; 4-pix-part-two.md §2 Cash-vault search, §5 Vault search, §7, §8 Vaults):
 * searchVaults places the address on the offline gazetteer and answers the seeded vaults within
 * the radius that can take the deposit; an unplaced address is 422 VAULT 120, a broken rule 422
 * VAULT 121, each re-checked by the bank whatever the portal sent.
 */

interface Found {
  data: {
    vaults: {
      serialNumber: string;
      address: string;
      latitude: number;
      longitude: number;
      availableLimit: number;
    }[];
    userAddress: { address: string; latitude: number; longitude: number };
    radius: number;
  };
}

const sb = useSandbox();
const maria = signedIn(sb, 'maria');

const search = (json: { radius: number; address: string; depositAmount: number }, token = maria.token) =>
  call<Found & Failure>(sb.app, 'searchVaults', { token, json });

const PAULISTA = 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP';

describe('searchVaults', () => {
  it('places an address on the gazetteer and lists the vaults within the radius, nearest first', async () => {
    const res = await search({ radius: 2, address: PAULISTA, depositAmount: 1_000 });
    expect(res.status).toBe(200);
    const { vaults, userAddress, radius } = res.body.data;
    expect(radius).toBe(2);
    expect(userAddress).toEqual({ address: PAULISTA, latitude: -23.5614, longitude: -46.6558 });
    expect(vaults.map((v) => v.serialNumber)).toEqual(['CFR-SP-0001', 'CFR-SP-0002']);
    const km = vaults.map((v) => distanceKm(userAddress, v));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    for (const d of km) expect(d).toBeLessThanOrEqual(2);
    expect(vaults[0]).toMatchObject({
      address: 'Avenida Paulista, 1842 - Bela Vista, São Paulo - SP',
      availableLimit: 250_000,
    });
  });

  it('a wider radius reaches the centre; every vault listed is within it, none outside is missing', async () => {
    const res = await search({ radius: 5, address: PAULISTA, depositAmount: 1_000 });
    const within = VAULTS.filter((v) => distanceKm(res.body.data.userAddress, v) <= 5).map(
      (v) => v.serialNumber,
    );
    expect(within.length).toBeGreaterThan(3);
    expect(res.body.data.vaults.map((v) => v.serialNumber).sort()).toEqual([...within].sort());
  });

  it('leaves out the vaults whose available limit cannot take the deposit', async () => {
    const small = await search({ radius: 5, address: PAULISTA, depositAmount: 15_000 });
    const large = await search({ radius: 5, address: PAULISTA, depositAmount: 15_000.01 });
    expect(small.body.data.vaults.map((v) => v.serialNumber)).toContain('CFR-SP-0004');
    expect(large.body.data.vaults.map((v) => v.serialNumber)).not.toContain('CFR-SP-0004');
    for (const v of large.body.data.vaults) expect(v.availableLimit).toBeGreaterThanOrEqual(15_000.01);
  });

  it('a deposit above every vault limit answers an empty list (the screen\'s "none found")', async () => {
    const res = await search({ radius: 999, address: PAULISTA, depositAmount: 250_000.01 });
    expect(res.status).toBe(200);
    expect(res.body.data.vaults).toEqual([]);
    const exact = await search({ radius: 999, address: PAULISTA, depositAmount: 250_000 });
    expect(exact.body.data.vaults.map((v) => v.serialNumber)).toEqual(['CFR-SP-0001']);
  });

  it('places Rio addresses, with abbreviations and without accents, and collapses spaces', async () => {
    const res = await search({
      radius: 3,
      address: 'av.  nossa senhora de copacabana,   700  -  Rio de Janeiro',
      depositAmount: 500,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.userAddress.address).toBe('av. nossa senhora de copacabana, 700 - Rio de Janeiro');
    expect(res.body.data.vaults[0]?.serialNumber).toBe('CFR-RJ-0002');
    expect(res.body.data.vaults.every((v) => v.serialNumber.startsWith('CFR-RJ'))).toBe(true);
  });

  it('an address it cannot place is 422 VAULT 120 (the screen\'s "none found")', async () => {
    for (const address of [
      'Rua Inexistente, 123 - Curitiba',
      'São Paulo - SP, Brasil',
      'Avenida Atlântica, 1702 - São Paulo',
    ]) {
      const res = await search({ radius: 10, address, depositAmount: 100 });
      expect(res.status, address).toBe(422);
      expect(res.body.error).toMatchObject({ code: 120, group: 'VAULT' });
    }
  });

  it('re-checks every rule of §5 whatever the portal sent (422 VAULT 121), and writes nothing', async () => {
    const before = databaseSnapshot(sb.app);
    // 'R. Augusta' collapsed is 10 characters: allowed; 'R. Augus' collapsed is 8: refused.
    const ok = await search({ radius: 1, address: 'R.      Augusta', depositAmount: 10 });
    expect(ok.status).toBe(200);
    const short = await search({ radius: 1, address: 'R.       Augus', depositAmount: 10 });
    expect(short.status).toBe(422);
    expect(short.body.error).toMatchObject({ code: 121, group: 'VAULT' });
    expect(short.body.messages?.join()).toMatch(/address/);
    const cents = await search({ radius: 1, address: PAULISTA, depositAmount: 10.001 });
    expect(cents.status).toBe(422);
    expect(cents.body.messages?.join()).toMatch(/depositAmount/);
    expect(databaseSnapshot(sb.app)).toEqual(before);
  });

  it('the contract refuses what no form can send (400): radius 0 or 4 digits, a symbol, 10 million', async () => {
    for (const body of [
      { radius: 0, address: PAULISTA, depositAmount: 10 },
      { radius: 1000, address: PAULISTA, depositAmount: 10 },
      { radius: 1, address: 'Avenida Paulista, 1578 #', depositAmount: 10 },
      { radius: 1, address: PAULISTA, depositAmount: 10_000_000 },
      { radius: 1, address: PAULISTA, depositAmount: 0 },
    ]) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('needs a session', async () => {
    const res = await search({ radius: 1, address: PAULISTA, depositAmount: 10 }, '');
    expect(res.status).toBe(401);
  });
});

describe('the gazetteer', () => {
  it('every place and every seeded vault lies in São Paulo or Rio de Janeiro', () => {
    const inCity = (p: { latitude: number; longitude: number }) =>
      distanceKm(p, { latitude: -23.5505, longitude: -46.6333 }) < 40 ||
      distanceKm(p, { latitude: -22.9068, longitude: -43.1729 }) < 40;
    for (const p of GAZETTEER) expect(inCity(p), p.name).toBe(true);
    for (const v of VAULTS) expect(inCity(v), v.serialNumber).toBe(true);
  });

  it('each seeded vault stands on a place of its address, within a kilometre of it', () => {
    for (const v of VAULTS) {
      const place = placeAddress(v.address);
      expect(place, v.address).toBeDefined();
      if (place) expect(distanceKm(place, v), v.serialNumber).toBeLessThan(1);
    }
  });

  it('folds accents, case, punctuation and abbreviations', () => {
    expect(foldAddress('Pça. da Sé, 1')).toBe(' praca da se 1 ');
    expect(placeAddress('R. 25 de Março, 900')?.name).toBe('Rua Vinte e Cinco de Março');
    expect(placeAddress('Rua Augustao, 10, São Paulo')).toBeUndefined();
  });
});
