import { describe, expect, it } from 'vitest';
import { DOCE_SABOR_CNPJ, MARIA_RECIPIENTS, PADARIA_CNPJ } from './db/seed-recipients.ts';
import { DEMO_IDS } from './db/seed.ts';
import { call, databaseSnapshot, signedIn, useSandbox } from './test-support.ts';
import { DEMO_USERS } from '../demo/users.ts';

/** The recipient book and the contact lookup (2-money-movement.md §2, §3, §5, §7, §8). */

interface Recipient {
  idRecipient: number;
  nickname: string;
  recipientType: string;
  bankName: string | null;
  cpfCnpj: string | null;
  createdAt: string;
  userAccountId?: string;
}
interface Page {
  data: { dataset: Recipient[]; recordCount: number; totalPages: number };
}
interface Failure {
  error: { code: number; group: string; description: string };
  messages?: string[];
}

const sb = useSandbox();
const maria = signedIn(sb, 'maria');
const padaria = signedIn(sb, 'padaria');

const page = (json: Record<string, unknown>, token = maria.token) =>
  call<Page>(sb.app, 'listRecipientsPaged', {
    token,
    params: { dataset: 'recipients' },
    json: { pageNumber: 1, pageSize: 10, ...json },
  });

const TED = {
  recipientType: 'BankTransfer',
  nickname: 'Primo Rafael',
  name: 'Rafael Souza Lima',
  cpfCnpj: '70291358497',
  bankCode: '341',
  bankName: 'ITAÚ UNIBANCO S.A.',
  branchCode: '1234',
  accountType: 'CC',
  accountNumber: '12345678901234567',
  accountNumberDigit: '12',
};

describe('listRecipientsPaged', () => {
  it('pages in SQL with page sizes 5, 10 and 20, newest id first by default', async () => {
    const total = MARIA_RECIPIENTS.length;
    for (const size of [5, 10, 20]) {
      const pages = Math.ceil(total / size);
      const seen: number[] = [];
      for (let n = 1; n <= pages; n++) {
        const res = await page({ pageNumber: n, pageSize: size });
        expect(res.status).toBe(200);
        expect(res.body.data.recordCount).toBe(total);
        expect(res.body.data.totalPages).toBe(pages);
        expect(res.body.data.dataset.length).toBe(n < pages ? size : total - size * (pages - 1));
        seen.push(...res.body.data.dataset.map((r) => r.idRecipient));
      }
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
      expect(new Set(seen).size).toBe(total);
      const past = await page({ pageNumber: pages + 1, pageSize: size });
      expect(past.body.data.dataset).toEqual([]);
    }
  });

  it('sorts by a whitelisted field in either direction, the id breaking ties', async () => {
    const asc = await page({ pageSize: 100, fieldToSort: 'nickname', direction: 0 });
    const names = asc.body.data.dataset.map((r) => r.nickname.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    const desc = await page({ pageSize: 100, fieldToSort: 'bankName', direction: 1 });
    const banks = desc.body.data.dataset.map((r) => r.bankName);
    const withBank = banks.filter((b): b is string => b !== null);
    expect(withBank[0]! >= withBank[withBank.length - 1]!).toBe(true);
    const byId = await page({ pageSize: 100, fieldToSort: 'idRecipient', direction: 0 });
    const ids = byId.body.data.dataset.map((r) => r.idRecipient);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses a sort field that is not on the list (nothing from the request reaches SQL)', async () => {
    const res = await page({ fieldToSort: 'id; DROP TABLE recipients' });
    expect(res.status).toBe(400);
    expect((await page({})).body.data.recordCount).toBe(MARIA_RECIPIENTS.length);
  });

  it('filters by recipient_type and is_pix', async () => {
    for (const type of ['BankTransfer', 'InternalTransfer', 'Pix'] as const) {
      const expected = MARIA_RECIPIENTS.filter((r) => r.recipientType === type).length;
      const res = await page({ pageSize: 5, filters: { recipient_type: type } });
      expect(res.body.data.recordCount).toBe(expected);
      expect(res.body.data.totalPages).toBe(Math.ceil(expected / 5));
      expect(res.body.data.dataset.every((r) => r.recipientType === type)).toBe(true);
    }
    const pix = MARIA_RECIPIENTS.filter((r) => r.recipientType === 'Pix').length;
    expect((await page({ filters: { is_pix: true } })).body.data.recordCount).toBe(pix);
    expect((await page({ filters: { is_pix: false } })).body.data.recordCount).toBe(
      MARIA_RECIPIENTS.length - pix,
    );
    expect((await page({ filters: { recipient_type: '' } })).body.data.recordCount).toBe(
      MARIA_RECIPIENTS.length,
    );
    expect((await page({ filters: { recipient_type: 'Boleto' } })).status).toBe(400);
  });

  it('shows each account only its own book', async () => {
    const res = await page({ pageSize: 100 }, padaria.token);
    expect(res.body.data.recordCount).toBeGreaterThan(0);
    expect(res.body.data.recordCount).toBeLessThan(MARIA_RECIPIENTS.length);
    expect(res.body.data.dataset.every((r) => r.userAccountId === DEMO_IDS.padaria.accountId)).toBe(true);
  });
});

describe('recipients CRUD', () => {
  it('creates, reads, edits and deletes a TED recipient', async () => {
    const created = await call<{ data: Recipient }>(sb.app, 'createRecipient', {
      token: maria.token,
      json: TED,
    });
    expect(created.status).toBe(200);
    const id = created.body.data.idRecipient;
    expect(created.body.data).toMatchObject({
      nickname: 'Primo Rafael',
      userAccountId: DEMO_IDS.maria.accountId,
    });
    const got = await call<{ data: Recipient }>(sb.app, 'getRecipient', {
      token: maria.token,
      params: { idRecipient: id },
    });
    expect(got.body.data.idRecipient).toBe(id);
    const edited = await call<{ data: Recipient }>(sb.app, 'updateRecipient', {
      token: maria.token,
      json: { ...TED, nickname: '  Rafa  ', idRecipient: id, isEdit: true },
    });
    expect(edited.body.data.nickname).toBe('Rafa');
    const all = await call<{ data: Recipient[] }>(sb.app, 'listRecipients', { token: maria.token });
    expect(all.body.data[0]?.idRecipient).toBe(id);
    expect(
      (await call(sb.app, 'deleteRecipient', { token: maria.token, params: { idRecipient: id } })).status,
    ).toBe(200);
    expect(
      (await call(sb.app, 'getRecipient', { token: maria.token, params: { idRecipient: id } })).status,
    ).toBe(404);
  });

  it("answers 404 for another customer's recipient, and changes nothing of it", async () => {
    const theirs = (await page({ pageSize: 1 }, padaria.token)).body.data.dataset[0]!.idRecipient;
    const before = databaseSnapshot(sb.app);
    expect(
      (await call(sb.app, 'getRecipient', { token: maria.token, params: { idRecipient: theirs } })).status,
    ).toBe(404);
    expect(
      (await call(sb.app, 'deleteRecipient', { token: maria.token, params: { idRecipient: theirs } })).status,
    ).toBe(404);
    const put = await call(sb.app, 'updateRecipient', {
      token: maria.token,
      json: { ...TED, idRecipient: theirs, isEdit: true },
    });
    expect(put.status).toBe(404);
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it.each([
    ['a nickname of spaces', { nickname: '   ' }, 'nickname'],
    ['a one-word name of a person', { name: 'Rafael' }, 'name'],
    ['an invalid CPF', { cpfCnpj: '70291358490' }, 'cpfCnpj'],
    ['an invalid CNPJ', { cpfCnpj: '12ABC34501DE36' }, 'cpfCnpj'],
    ['a bank not on the list', { bankCode: '998' }, 'bankCode'],
    ['a missing branch', { branchCode: null }, 'branchCode'],
    ['a missing account type', { accountType: null }, 'accountType'],
    ['a missing account digit', { accountNumberDigit: null }, 'accountNumberDigit'],
  ])(
    'refuses a TED recipient with %s: 422 TRANSFER 54 naming the field, nothing written',
    async (_, change, field) => {
      const before = databaseSnapshot(sb.app);
      const res = await call<Failure>(sb.app, 'createRecipient', {
        token: maria.token,
        json: { ...TED, ...change },
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 54, group: 'TRANSFER' });
      expect(res.body.messages?.some((m) => m.startsWith(`${field}:`))).toBe(true);
      expect(databaseSnapshot(sb.app)).toBe(before);
    },
  );

  it('a nickname of 50 characters is kept; 51 is refused by the contract already (400)', async () => {
    const fifty = 'n'.repeat(50);
    expect(
      (
        await call(sb.app, 'createRecipient', {
          token: maria.token,
          json: { ...TED, nickname: ` ${fifty.slice(1)}` },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(sb.app, 'createRecipient', { token: maria.token, json: { ...TED, nickname: `${fifty}x` } }))
        .status,
    ).toBe(400);
  });

  it('accepts a one-word company name with a CNPJ, alphanumeric included', async () => {
    const res = await call(sb.app, 'createRecipient', {
      token: maria.token,
      json: { ...TED, name: 'Dourado', cpfCnpj: PADARIA_CNPJ },
    });
    expect(res.status).toBe(200);
  });

  it('a Pix recipient needs a nickname and a key; a company account a valid CNPJ of the bank', async () => {
    const noKey = await call<Failure>(sb.app, 'createRecipient', {
      token: maria.token,
      json: { recipientType: 'Pix', nickname: 'Só apelido' },
    });
    expect(noKey.status).toBe(422);
    expect(noKey.body.messages).toEqual(['key: required']);
    expect(
      (
        await call(sb.app, 'createRecipient', {
          token: maria.token,
          json: { recipientType: 'Pix', nickname: 'Com chave', key: 'amigo.novo@exemplo.com.br' },
        })
      ).status,
    ).toBe(200);
    const noCnpj = await call<Failure>(sb.app, 'createRecipient', {
      token: maria.token,
      json: { recipientType: 'InternalTransfer', nickname: 'Empresa' },
    });
    expect(noCnpj.status).toBe(422);
    expect(noCnpj.body.messages).toEqual(['cpfCnpj: required']);
    const unknown = await call<Failure>(sb.app, 'createRecipient', {
      token: maria.token,
      json: { recipientType: 'InternalTransfer', nickname: 'Empresa', cpfCnpj: '60471829000102' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatchObject({ group: 'RECIPIENT', code: 55 });
    const added = await call<{ data: Recipient }>(sb.app, 'createRecipient', {
      token: maria.token,
      json: {
        recipientType: 'InternalTransfer',
        nickname: 'Confeitaria',
        cpfCnpj: DOCE_SABOR_CNPJ,
        bankCode: '341',
      },
    });
    expect(added.status).toBe(200);
    // Bank fields do not apply to a company account: not kept.
    expect(added.body.data).toMatchObject({ cpfCnpj: DOCE_SABOR_CNPJ, bankName: null });
  });

  it("refuses a company account already saved: 'Favorecido já cadastrado!'", async () => {
    const before = databaseSnapshot(sb.app);
    const res = await call<Failure>(sb.app, 'createRecipient', {
      token: maria.token,
      json: { recipientType: 'InternalTransfer', nickname: 'De novo', cpfCnpj: PADARIA_CNPJ },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      group: 'RECIPIENT',
      code: 56,
      description: 'Favorecido já cadastrado!',
    });
    expect(databaseSnapshot(sb.app)).toBe(before);
  });
});

describe('Pix recipients (3-pix-part-one.md §2 Recipient book (Pix variant), §3, §7, §8)', () => {
  const PIX = { recipientType: 'Pix', nickname: 'Vizinho', name: 'Pedro Vizinho' };
  const create = (json: Record<string, unknown>) =>
    call<Failure & { data: Recipient & { key: string | null } }>(sb.app, 'createRecipient', {
      token: maria.token,
      json,
    });

  it('keeps a key of each DICT form and refuses one that is none', async () => {
    const keys = [
      '52998224725',
      '11222333000181',
      '+5521987654321',
      'pedro.vizinho@exemplo.com.br',
      '3f2c1a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69',
    ];
    for (const key of keys) {
      const res = await create({ ...PIX, nickname: `Vizinho ${key.slice(0, 6)}`, key });
      expect(res.status, key).toBe(200);
      expect(res.body.data).toMatchObject({ recipientType: 'Pix', key });
    }
    const before = databaseSnapshot(sb.app);
    for (const key of [
      '529.982.247-25',
      '52998224724',
      '21987654321',
      'Pedro.Vizinho@exemplo.com.br',
      '3F2C1A9E-8B7D-4C6E-9A5F-1E2D3C4B5A69',
      'não é chave',
    ]) {
      const res = await create({ ...PIX, key });
      expect(res.status, key).toBe(422);
      expect(res.body.error).toMatchObject({ group: 'TRANSFER', code: 54 });
      expect(res.body.messages?.[0]).toMatch(/^key: not a Pix key/);
    }
    expect(databaseSnapshot(sb.app)).toBe(before);
  });

  it("refuses the same key twice in one book: 'Favorecido já cadastrado!'; another book may keep it", async () => {
    const saved = MARIA_RECIPIENTS.find((r) => r.recipientType === 'Pix')?.key ?? '';
    const before = databaseSnapshot(sb.app);
    const again = await create({ ...PIX, key: saved });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ group: 'RECIPIENT', code: 56 });
    expect(databaseSnapshot(sb.app)).toBe(before);
    const other = await call(sb.app, 'createRecipient', {
      token: padaria.token,
      json: { ...PIX, key: saved },
    });
    expect(other.status).toBe(200);
  });

  it("an edit may keep its own key, not take another recipient's", async () => {
    const a = (await create({ ...PIX, nickname: 'A', key: 'a.vizinho@exemplo.com.br' })).body.data;
    const b = (await create({ ...PIX, nickname: 'B', key: 'b.vizinho@exemplo.com.br' })).body.data;
    const edit = (key: string) =>
      call<Failure>(sb.app, 'updateRecipient', {
        token: maria.token,
        json: { ...PIX, idRecipient: b.idRecipient, isEdit: true, nickname: 'B novo', key },
      });
    expect((await edit('b.vizinho@exemplo.com.br')).status).toBe(200);
    const taken = await edit(a.key ?? '');
    expect(taken.status).toBe(422);
    expect(taken.body.error).toMatchObject({ group: 'RECIPIENT', code: 56 });
  });

  it('lists the Pix book with is_pix, sorted by key on request', async () => {
    const res = await page({ filters: { is_pix: true }, pageSize: 20, fieldToSort: 'key', direction: 0 });
    const pix = MARIA_RECIPIENTS.filter((r) => r.recipientType === 'Pix');
    expect(res.body.data.recordCount).toBe(pix.length);
    const keys = (res.body.data.dataset as (Recipient & { key: string })[]).map((r) => r.key);
    expect(keys).toEqual(pix.map((r) => r.key).sort());
  });
});

describe('getContactUser', () => {
  type Contact = {
    data: {
      accounts: { accountId: string; branch: string; account: string }[];
      accountHolder?: { mobilePhones?: { phoneNumber: string }[] };
      client?: { taxIdentifier?: { taxId: string } };
      alreadyRegistered?: boolean;
    };
  };

  it('finds a company customer by CNPJ, masked or not, alphanumeric or numeric', async () => {
    const { padaria, docesabor } = DEMO_USERS;
    for (const [typed, accountId, taxId, number] of [
      [padaria.taxIdMasked, DEMO_IDS.padaria.accountId, PADARIA_CNPJ, padaria.number],
      ['12abc34501de35', DEMO_IDS.padaria.accountId, PADARIA_CNPJ, padaria.number],
      [docesabor.taxIdMasked, DEMO_IDS.docesabor.accountId, DOCE_SABOR_CNPJ, docesabor.number],
      [DOCE_SABOR_CNPJ, DEMO_IDS.docesabor.accountId, DOCE_SABOR_CNPJ, docesabor.number],
    ] as const) {
      const res = await call<Contact>(sb.app, 'getContactUser', {
        token: maria.token,
        params: { cnpjOrId: typed },
      });
      expect(res.status, typed).toBe(200);
      expect(res.body.data.accounts[0]?.accountId).toBe(accountId);
      // Issue 32: the branch and number a person reads, beside the internal id.
      expect(res.body.data.accounts[0]).toMatchObject({ branch: '0001', account: number });
      expect(res.body.data.client?.taxIdentifier?.taxId).toBe(taxId);
      expect(res.body.data.accountHolder?.mobilePhones?.[0]?.phoneNumber).toMatch(/^[0-9]{11}$/);
      expect(res.body.data.alreadyRegistered).toBeUndefined();
    }
  });

  it('finds it by its account id too', async () => {
    const res = await call<Contact>(sb.app, 'getContactUser', {
      token: maria.token,
      params: { cnpjOrId: DEMO_IDS.docesabor.accountId },
    });
    expect(res.body.data.client?.taxIdentifier?.taxId).toBe(DOCE_SABOR_CNPJ);
  });

  it("answers 404 'Nenhum contato encontrado com esse número de CNPJ' for a CNPJ of no company customer, or a person", async () => {
    for (const typed of ['60471829000102', DEMO_USERS.maria.taxId, DEMO_IDS.maria.accountId]) {
      const res = await call<Failure>(sb.app, 'getContactUser', {
        token: maria.token,
        params: { cnpjOrId: typed },
      });
      expect(res.status, typed).toBe(404);
      expect(res.body.error.description).toBe('Nenhum contato encontrado com esse número de CNPJ');
    }
  });

  it('with isAddFavored=true says whether the caller already saved it', async () => {
    const saved = await call<Contact>(sb.app, 'getContactUser', {
      token: maria.token,
      params: { cnpjOrId: PADARIA_CNPJ },
      query: { isAddFavored: true },
    });
    expect(saved.body.data.alreadyRegistered).toBe(true);
    const fresh = await call<Contact>(sb.app, 'getContactUser', {
      token: maria.token,
      params: { cnpjOrId: DOCE_SABOR_CNPJ },
      query: { isAddFavored: true },
    });
    expect(fresh.body.data.alreadyRegistered).toBe(false);
  });
});
